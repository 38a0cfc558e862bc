import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { styled } from '@linaria/react';
import { FooterInfoEntrySchema, LinkSchema, keepValidEntries, localizePath, type Link as LinkEntry } from '@site/contracts';
import { SiteLink } from '@site/ui';
import { useStore } from '../app/contexts';
import { Logo } from './Logo';

const Bar = styled.footer`
  background: var(--site-dark-bg);
  color: var(--site-dark-text);
  padding: 3rem 1rem 6rem;
  a {
    color: inherit;
  }
`;

const Inner = styled.div`
  max-width: 80rem;
  margin: 0 auto;
  display: grid;
  gap: 2rem;
`;

const Columns = styled.div`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li a {
    display: inline-block;
    padding: 0.35rem 0;
  }
`;

const Info = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem 2rem;
  font-size: 0.9rem;
`;

function LinkList({ links, label }: { links: LinkEntry[]; label?: string }) {
  return (
    <ul aria-label={label}>
      {links.map((link) => (
        <li key={`${link.href}-${link.label}`}>
          <SiteLink href={link.href}>{link.label}</SiteLink>
        </li>
      ))}
    </ul>
  );
}

/** Footer: logo to `/`, navigation, socials in two halves, info row and copyright (spec point 2). */
export const Footer = observer(function Footer() {
  const store = useStore();
  const intl = useIntl();
  const footer = store.init.data?.footer;
  const { locale } = store.locale;
  const navigation = keepValidEntries(LinkSchema, footer?.navigation);
  const socials = keepValidEntries(LinkSchema, footer?.socials);
  const half = Math.ceil(socials.length / 2);
  const info = keepValidEntries(FooterInfoEntrySchema, footer?.info);
  const socialsLabel = intl.formatMessage({ id: 'layout.socials' });
  return (
    <Bar data-footer>
      <Inner>
        <Link to={localizePath('/', locale)} aria-label={intl.formatMessage({ id: 'layout.logoAlt' }, { siteName: store.init.siteName })}>
          <Logo tone="light" />
        </Link>
        {footer?.fullName && <p>{footer.fullName}</p>}
        <Columns>
          {navigation.length > 0 && (
            <nav aria-label={intl.formatMessage({ id: 'layout.footerNavigation' })}>
              <LinkList links={navigation} />
            </nav>
          )}
          {socials.length > 0 && (
            <div data-socials>
              <LinkList links={socials.slice(0, half)} label={socialsLabel} />
              <LinkList links={socials.slice(half)} label={socialsLabel} />
            </div>
          )}
        </Columns>
        {info.length > 0 && (
          <Info data-footer-info>
            {info.map((entry, index) => (
              <span key={index}>
                {entry.text}{' '}
                {entry.href && entry.label && <SiteLink href={entry.href}>{entry.label}</SiteLink>}
                {entry.arrayMadeIn?.filter((item): item is string => typeof item === 'string').join(', ')}
              </span>
            ))}
          </Info>
        )}
        <p>
          {footer?.copyright}
          {footer?.activeDate ? ` ${footer.activeDate}` : ''}
        </p>
      </Inner>
    </Bar>
  );
});
