import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import { DARK_PALETTE, SCHEME_PALETTE } from '@site/ui';
import { useStore } from '../stores/contexts';
import { BottomDock } from './BottomDock';
import { Footer } from './Footer';
import { Header } from './Header';
import { LeaveDialog } from './LeaveDialog';
import { LoadingBar } from './LoadingBar';
import { NotifyBar } from './NotifyBar';
import { SelectionReader } from './SelectionReader';
import { RouteAnnouncer } from '../routing/RouteAnnouncer';

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  background: var(--site-bg);
  color: var(--site-text);
  > main {
    flex: 1 0 auto;
    outline: none;
  }
  > main[aria-busy='true'] {
    opacity: 0.65;
    transition: opacity 0.2s 0.1s;
  }
  /* The error page's layout is dark: header, page and footer on the dark palette. */
  &[data-layout='dark'] {
    ${DARK_PALETTE}
  }
  [data-color-scheme] &[data-layout='dark'] {
    ${SCHEME_PALETTE}
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: 1rem;
  top: -10rem;
  z-index: 1100;
  padding: 0.75rem 1.25rem;
  border-radius: 0.5rem;
  background: var(--site-bg);
  color: var(--site-text);
  font-weight: 700;
  box-shadow: var(--site-shadow);
  &:focus {
    top: 1rem;
  }
`;

/** The page's frame around the content: notification bar, header, content, footer, alerts, cookie notice, loading bar. */
export const Layout = observer(function Layout({ children }: { children: ReactNode }) {
  const { page } = useStore();
  return (
    <Shell data-layout={page.error ? 'dark' : 'default'}>
      <LoadingBar />
      <SkipLink href="#main">
        <FormattedMessage id="layout.skipToContent" />
      </SkipLink>
      <NotifyBar />
      <Header />
      <main id="main" tabIndex={-1} aria-busy={page.pending || undefined} data-route={page.error ? undefined : page.current?.routeName}>
        {children}
      </main>
      <RouteAnnouncer />
      <Footer />
      <BottomDock />
      <SelectionReader />
      <LeaveDialog />
    </Shell>
  );
});
