import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import { AlertsStack } from './AlertsStack';
import { CookieNotice } from './CookieNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import { LoadingBar } from './LoadingBar';
import { NotifyBar } from './NotifyBar';

const SkipLink = styled.a`
  position: absolute;
  left: 1rem;
  top: -10rem;
  z-index: 1100;
  padding: 0.75rem 1rem;
  background: var(--site-bg);
  color: var(--site-text);
  &:focus {
    top: 1rem;
  }
`;

/** The layout shell of spec point 2: notification bar, header, content, footer, alerts, cookie notice, loading bar. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <LoadingBar />
      <SkipLink href="#main">
        <FormattedMessage id="layout.skipToContent" />
      </SkipLink>
      <NotifyBar />
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <AlertsStack />
      <CookieNotice />
    </>
  );
}
