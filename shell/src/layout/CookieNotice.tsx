import { observer } from 'mobx-react-lite';
import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import { LinkSchema, validate } from '@site/contracts';
import { SiteLink } from '@site/ui';
import { useStore } from '../app/contexts';

const Bar = styled.div`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 950;
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  align-items: center;
  justify-content: center;
  padding: 1rem;
  background: var(--site-dark-bg);
  color: var(--site-dark-text);
  a {
    color: inherit;
  }
  button {
    min-height: 44px;
    padding: 0.5rem 1.5rem;
    border: 2px solid currentColor;
    border-radius: 2rem;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
`;

/** The cookie notice: shown when no cookies flag is stored; accepting hides it and stores the flag (spec point 4). */
export const CookieNotice = observer(function CookieNotice() {
  const { init, ui } = useStore();
  const cookies = init.data?.cookies;
  if (!ui.pageLoaded || ui.cookiesAccepted || !cookies) return null;
  const link = validate(LinkSchema, cookies.link);
  return (
    <Bar role="region" aria-label={cookies.btnLabel} data-cookie-notice>
      <span>{cookies.text}</span>
      {link.ok && <SiteLink href={link.value.href}>{link.value.label}</SiteLink>}
      <button type="button" onClick={() => ui.acceptCookies()}>
        {cookies.btnLabel || <FormattedMessage id="layout.cookiesAccept" />}
      </button>
    </Bar>
  );
});
