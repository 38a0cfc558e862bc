import { useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { LinkSchema, validate } from '@site/contracts';
import { Button, DARK_PALETTE, FONT_SCALE_ATTRIBUTE, SCHEME_PALETTE, SiteLink } from '@site/ui';
import { useStore } from '../stores/contexts';
import { COOKIES_ACCEPTED_ATTRIBUTE } from '../stores/persistence';
import { ChevronDownIcon } from './icons';

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

/** Text above the default size on a phone (the accessibility panel's choice): the text takes the whole first row. */
const LARGE_TEXT_ON_PHONE = `:root[${FONT_SCALE_ATTRIBUTE}] &`;
/** Text at 150 % or more: the notice's text keeps to one line at every width. */
const VERY_LARGE_TEXT = [150, 175, 200].map((percent) => `:root[${FONT_SCALE_ATTRIBUTE}='${percent}'] &`).join(', ');

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.375rem 1.5rem;
  max-width: 80rem;
  margin: 0 auto;
  padding: 0.5rem 1rem;
  font-size: 0.95rem;
  line-height: 1.4;
  @media (max-width: 767px) {
    gap: 0.375rem 0.5rem;
    padding: 0.375rem 0.75rem;
    font-size: 0.875rem;
    ${LARGE_TEXT_ON_PHONE} {
      gap: 0.125rem 0.5rem;
      padding: 0.25rem 0.75rem;
      line-height: 1.3;
    }
  }
`;

/**
 * The notice's text, cut to two lines (one on a phone and at large text) until the visitor asks for more: the notice
 * stays a low strip at every width and text size, and the rest is one button away. On a phone the one line also keeps
 * the notice, which appears after the page has loaded, smaller than the page's own content, so that it never becomes
 * the page's largest paint.
 */
const Text = styled.div`
  flex: 1 1 16rem;
  min-width: 0;
  p {
    margin: 0;
  }
  &[data-expanded='false'] {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    overflow: hidden;
    p {
      display: inline;
    }
    p + p::before {
      content: ' ';
    }
  }
  ${VERY_LARGE_TEXT} {
    -webkit-line-clamp: 1;
    line-clamp: 1;
  }
  @media (max-width: 767px) {
    flex-basis: 12rem;
    &[data-expanded='false'] {
      -webkit-line-clamp: 1;
      line-clamp: 1;
    }
    ${LARGE_TEXT_ON_PHONE} {
      flex-basis: 100%;
    }
  }
  &[data-expanded='true'] p + p {
    margin-top: 0.25rem;
  }
`;

/**
 * The notice's buttons: the 44 px targets of the design, with less padding so that the strip stays low at large
 * text. On a phone at large text "More" shows its arrow alone (its text stays its accessible name).
 */
const Actions = styled.div`
  display: flex;
  flex: none;
  gap: 0.375rem 0.5rem;
  margin-left: auto;
  > button {
    padding: 0.25rem 1rem;
    line-height: 1.2;
  }
  [data-cookies-more] {
    position: relative;
  }
  [data-cookies-more] > svg {
    display: none;
    transform: rotate(180deg);
  }
  [data-cookies-more][aria-expanded='true'] > svg {
    transform: none;
  }
  @media (max-width: 767px) {
    ${LARGE_TEXT_ON_PHONE} > button {
      padding-block: 0.125rem;
    }
    ${LARGE_TEXT_ON_PHONE} [data-cookies-more] {
      width: 44px;
      padding: 0;
      > svg {
        display: block;
      }
      > span {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip: rect(0 0 0 0);
        white-space: nowrap;
      }
    }
  }
`;

/**
 * The cookie notice: shown when no cookies flag is stored; accepting hides it and stores the flag, so it stays hidden on later visits.
 * It is part of the server HTML, so a new visitor sees it with the page's first paint (not after hydration, when it
 * would be the page's late largest paint); for a visitor who accepted, the preference script's root attribute keeps it
 * hidden until the store, once the page has loaded, removes it.
 */
export const CookieNotice = observer(function CookieNotice() {
  const { init, ui } = useStore();
  const intl = useIntl();
  const textId = useId();
  const [expanded, setExpanded] = useState(false);
  const cookies = init.data?.cookies;
  if (ui.cookiesAccepted || !cookies) return null;
  const link = validate(LinkSchema, cookies.link);
  // The settings say what the cookies are for; the component's text asks for consent. Both are shown.
  const purpose = init.data?.settings.cookiesContent?.trim();
  return (
    <Bar aria-label={intl.formatMessage({ id: 'layout.cookies' })} data-cookie-notice>
      <Inner>
        <Text id={textId} data-expanded={expanded} data-cookies-text>
          <p>
            {/* Cut off while the text is collapsed, the link is left out of the tab order until the text is shown. */}
            {cookies.text}{' '}
            {link.ok && (
              <SiteLink href={link.value.href} tabIndex={expanded ? undefined : -1}>
                {link.value.label}
              </SiteLink>
            )}
          </p>
          {purpose && purpose !== cookies.text && <p data-cookies-content>{purpose}</p>}
        </Text>
        <Actions>
          <Button variant="secondary" aria-expanded={expanded} aria-controls={textId} onClick={() => setExpanded(!expanded)} data-cookies-more>
            <span>
              <FormattedMessage id={expanded ? 'layout.cookiesLess' : 'layout.cookiesMore'} />
            </span>
            <ChevronDownIcon />
          </Button>
          <Button onClick={() => ui.acceptCookies()} data-cookies-accept>
            {cookies.btnLabel || <FormattedMessage id="layout.cookiesAccept" />}
          </Button>
        </Actions>
      </Inner>
    </Bar>
  );
});
