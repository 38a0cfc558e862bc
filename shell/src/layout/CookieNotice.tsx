import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { LinkSchema, validate } from '@site/contracts';
import { Button, DARK_PALETTE, SCHEME_PALETTE, SiteLink } from '@site/ui';
import { useStore } from '../app/contexts';
import { COOKIES_ACCEPTED_ATTRIBUTE } from '../stores/persistence';

const Bar = styled.section`
  ${DARK_PALETTE}
  pointer-events: auto;
  background: var(--site-bg);
  color: var(--site-text);
  box-shadow: 0 -0.25rem 1rem rgb(0 0 0 / 15%);
  [data-color-scheme] & {
    ${SCHEME_PALETTE}
    border-top: 2px solid var(--site-scheme-text);
  }
  a {
    color: inherit;
  }
  [${COOKIES_ACCEPTED_ATTRIBUTE}] & {
    display: none;
  }
`;

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1.5rem;
  max-width: 80rem;
  margin: 0 auto;
  padding: 0.75rem 1rem;
  font-size: 0.95rem;
  line-height: 1.4;
  @media (max-width: 767px) {
    padding: 0.6rem 0.75rem;
    font-size: 0.875rem;
  }
  p {
    flex: 1 1 28rem;
    margin: 0;
  }
`;

/**
 * The cookie notice: shown when no cookies flag is stored; accepting hides it and stores the flag (spec point 4).
 * It is part of the server HTML, so a new visitor sees it with the page's first paint (not after hydration, when it
 * would be the page's late largest paint); for a visitor who accepted, the preference script's root attribute keeps it
 * hidden until the store, once the page has loaded, removes it.
 */
export const CookieNotice = observer(function CookieNotice() {
  const { init, ui } = useStore();
  const intl = useIntl();
  const cookies = init.data?.cookies;
  if (ui.cookiesAccepted || !cookies) return null;
  const link = validate(LinkSchema, cookies.link);
  // The settings say what the cookies are for; the component's text asks for consent. Both are shown.
  const purpose = init.data?.settings.cookiesContent?.trim();
  return (
    <Bar aria-label={intl.formatMessage({ id: 'layout.cookies' })} data-cookie-notice>
      <Inner>
        <p>
          {cookies.text} {link.ok && <SiteLink href={link.value.href}>{link.value.label}</SiteLink>}
        </p>
        {purpose && purpose !== cookies.text && <p data-cookies-content>{purpose}</p>}
        <Button onClick={() => ui.acceptCookies()} data-cookies-accept>
          {cookies.btnLabel || <FormattedMessage id="layout.cookiesAccept" />}
        </Button>
      </Inner>
    </Bar>
  );
});
