import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { styled } from '@linaria/react';
import { FooterInfoEntrySchema, LinkSchema, keepValidEntries, localizePath, type Link as LinkEntry } from '@site/contracts';
import { DARK_PALETTE, GRID_MEDIA, SCHEME_PALETTE, SiteLink } from '@site/ui';
import { useStore } from '../stores/contexts';
import { Logo } from './Logo';
import { KEEP_SERVER_HTML, STATIC_LAYOUT_ATTRIBUTE, useKeptServerHtml } from './kept-server-html';

const Bar = styled.footer`
  ${DARK_PALETTE}
  background: var(--site-bg);
  color: var(--site-text);
  /* Room at the end for the floating "back to top" button. */
  padding: 3rem 1rem 5.5rem;
  border-top: 1px solid var(--site-border);
  @media ${GRID_MEDIA.large} {
    padding: 4rem 1.5rem 5.5rem;
  }
  [data-color-scheme] & {
    ${SCHEME_PALETTE}
    border-top: 2px solid var(--site-scheme-text);
  }
  a {
    color: inherit;
  }
  h2 {
    margin: 0 0 0.75rem;
    font-size: 0.85rem;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--site-muted);
  }
`;

const Inner = styled.div`
  display: grid;
  gap: 2.5rem;
  max-width: 80rem;
  margin: 0 auto;
`;

const Top = styled.div`
  display: grid;
  gap: 1rem 3rem;
  @media ${GRID_MEDIA.large} {
    grid-template-columns: minmax(16rem, 1fr) 2fr;
  }
  p {
    margin: 0;
    max-width: 36rem;
    color: var(--site-muted);
    font-size: var(--site-text-small);
  }
`;

const HomeLink = styled(Link)`
  display: inline-flex;
  min-height: 44px;
  align-items: center;
  text-decoration: none;
  justify-self: start;
`;

const Columns = styled.div`
  display: grid;
  gap: 2rem 3rem;
  @media (min-width: 768px) {
    grid-template-columns: 2fr 1fr;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0.15rem 0;
    text-decoration: none;
  }
  li a:hover {
    text-decoration: underline;
  }
`;

const NavigationList = styled.ul`
  columns: 2 10rem;
  column-gap: 2rem;
`;

const Halves = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0 1.5rem;
`;

const Info = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 2.5rem;
  padding-top: 1.5rem;
  border-top: 1px solid var(--site-border);
  font-size: var(--site-text-small);
  p {
    margin: 0;
  }
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 0.5rem 2rem;
  color: var(--site-muted);
  font-size: var(--site-text-small);
  p {
    margin: 0;
  }
`;

function LinkList({ links, as: List = 'ul' }: { links: LinkEntry[]; as?: 'ul' | typeof NavigationList }) {
  return (
    <List>
      {links.map((link) => (
        <li key={`${link.href}-${link.label}`}>
          <SiteLink href={link.href}>{link.label}</SiteLink>
        </li>
      ))}
    </List>
  );
}

/** Marks the footer as layout that keeps its server HTML in the browser (see useKeptServerHtml). */
const staticLayout = { [STATIC_LAYOUT_ATTRIBUTE]: '' };

/**
 * The footer: the logo linking to `/` (its variant follows locale and colour scheme), navigation,
 * social links split in two halves, the info row and the copyright. Entries that are not objects are left out.
 * It has no behaviour of its own, so the browser keeps its server HTML (see `useKeptServerHtml`) until the locale,
 * the site's texts or the colour scheme change; its links go through the router all the same.
 */
export const Footer = observer(function Footer() {
  const store = useStore();
  const intl = useIntl();
  const footer = store.init.data?.footer;
  const { locale } = store.locale;
  const kept = useKeptServerHtml([locale, store.init.data, store.ui.colorScheme]);
  if (kept) return <Bar data-footer {...staticLayout} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
  const navigation = keepValidEntries(LinkSchema, footer?.navigation);
  const socials = keepValidEntries(LinkSchema, footer?.socials);
  const half = Math.ceil(socials.length / 2);
  const info = keepValidEntries(FooterInfoEntrySchema, footer?.info);
  return (
    <Bar data-footer {...staticLayout}>
      <Inner>
        <Top>
          <HomeLink
            to={localizePath('/', locale)}
            aria-label={intl.formatMessage({ id: 'layout.logoAlt' }, { siteName: store.init.siteName })}
            data-footer-logo
          >
            <Logo />
          </HomeLink>
          {footer?.fullName && <p>{footer.fullName}</p>}
        </Top>
        {(navigation.length > 0 || socials.length > 0) && (
          <Columns>
            {navigation.length > 0 && (
              <nav aria-labelledby="footer-navigation-title">
                <h2 id="footer-navigation-title">
                  <FormattedMessage id="layout.footerNavigation" />
                </h2>
                <LinkList links={navigation} as={NavigationList} />
              </nav>
            )}
            {socials.length > 0 && (
              <div role="group" aria-labelledby="footer-socials-title" data-socials>
                <h2 id="footer-socials-title">
                  <FormattedMessage id="layout.socials" />
                </h2>
                <Halves>
                  <LinkList links={socials.slice(0, half)} />
                  <LinkList links={socials.slice(half)} />
                </Halves>
              </div>
            )}
          </Columns>
        )}
        {info.length > 0 && (
          <Info data-footer-info>
            {info.map((entry, index) => {
              const madeIn = (entry.arrayMadeIn ?? []).filter((item): item is string => typeof item === 'string' && item.trim() !== '');
              return (
                <p key={index}>
                  {entry.text} {entry.href && entry.label && <SiteLink href={entry.href}>{entry.label}</SiteLink>}
                  {madeIn.length > 0 && ` (${madeIn.join(', ')})`}
                </p>
              );
            })}
          </Info>
        )}
        <Bottom>
          {footer?.copyright && <p data-copyright>{footer.copyright}</p>}
          {footer?.activeDate && <p>{footer.activeDate}</p>}
        </Bottom>
      </Inner>
    </Bar>
  );
});
