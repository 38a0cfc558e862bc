import { useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { styled } from '@linaria/react';
import { NavMenuItemSchema, keepValidEntries, localizePath, splitLocaleFromPath, type NavMenuItem } from '@site/contracts';
import { SiteLink } from '@site/ui';
import { useStore } from '../app/contexts';
import { AccessibilityPanel } from './AccessibilityPanel';
import { Logo } from './Logo';

const Bar = styled.header`
  background: var(--site-bg);
  color: var(--site-text);
  border-bottom: 1px solid var(--site-border);
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;
  max-width: 80rem;
  margin: 0 auto;
  padding: 0.5rem 1rem;
  a {
    color: inherit;
  }
`;

const HomeLink = styled(Link)`
  text-decoration: none;
  margin-right: auto;
  min-height: 44px;
  display: inline-flex;
  align-items: center;
`;

const DesktopNav = styled.nav`
  ul {
    display: flex;
    gap: 1.25rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    text-decoration: none;
    font-weight: 600;
    padding: 0.75rem 0;
    display: inline-block;
  }
`;

const MobileNav = styled.nav`
  border-top: 1px solid var(--site-border);
  ul {
    list-style: none;
    margin: 0;
    padding: 0.5rem 1rem 1rem;
  }
  a {
    display: block;
    padding: 0.75rem 0;
    text-decoration: none;
    font-weight: 600;
    color: inherit;
  }
`;

const ToolButton = styled.button`
  min-width: 44px;
  min-height: 44px;
  padding: 0.25rem 0.75rem;
  border: 2px solid var(--site-border);
  border-radius: 0.5rem;
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
`;

const ToolLink = styled.a`
  min-height: 44px;
  display: inline-flex;
  align-items: center;
`;

const LanguageLink = styled(Link)`
  min-height: 44px;
  display: inline-flex;
  align-items: center;
`;

function MenuList({ items }: { items: NavMenuItem[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={`${item.href}-${item.label}`}>
          <SiteLink href={item.href}>{item.label}</SiteLink>
        </li>
      ))}
    </ul>
  );
}

/** The same page in the other language. */
function useLanguageSwitchHref(): { href: string; locale: 'ru' | 'en' } {
  const location = useLocation();
  const { path } = splitLocaleFromPath(location.pathname);
  const { locale } = useStore().locale;
  const target = locale === 'ru' ? 'en' : 'ru';
  return { href: `${localizePath(path, target)}${location.search}`, locale: target };
}

/** Header: the desktop menu at desktop width, the mobile menu otherwise (spec point 2). */
export const Header = observer(function Header() {
  const store = useStore();
  const intl = useIntl();
  const [menuOpen, setMenuOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const menuId = useId();
  const panelId = useId();
  const header = store.init.data?.header;
  const items = keepValidEntries(NavMenuItemSchema, header?.navMenu) as NavMenuItem[];
  const desktop = store.ui.breakpoint === 'desktop';
  const languageSwitch = useLanguageSwitchHref();
  const { locale } = store.locale;
  return (
    <Bar data-breakpoint={store.ui.breakpoint}>
      {panelOpen && <AccessibilityPanel id={panelId} />}
      <Row>
        <HomeLink to={localizePath('/', locale)} aria-label={intl.formatMessage({ id: 'layout.logoAlt' }, { siteName: store.init.siteName })}>
          <Logo tone="dark" />
        </HomeLink>
        {desktop && items.length > 0 && (
          <DesktopNav aria-label={intl.formatMessage({ id: 'layout.mainNavigation' })} data-menu="desktop">
            <MenuList items={items} />
          </DesktopNav>
        )}
        <ToolLink href={localizePath('/search', locale)} aria-label={intl.formatMessage({ id: 'layout.search' })}>
          <FormattedMessage id="layout.search" />
        </ToolLink>
        <ToolButton type="button" aria-expanded={panelOpen} aria-controls={panelId} onClick={() => setPanelOpen(!panelOpen)} data-a11y-toggle>
          <FormattedMessage id="a11y.panel" />
        </ToolButton>
        <LanguageLink to={languageSwitch.href} hrefLang={languageSwitch.locale} lang={languageSwitch.locale} aria-label={intl.formatMessage({ id: 'layout.languageSwitchLabel' })} data-language-switch>
          <FormattedMessage id="layout.languageSwitch" />
        </LanguageLink>
        {!desktop && items.length > 0 && (
          <ToolButton type="button" aria-expanded={menuOpen} aria-controls={menuId} onClick={() => setMenuOpen(!menuOpen)} data-menu-toggle>
            <FormattedMessage id={menuOpen ? 'layout.closeMenu' : 'layout.menu'} />
          </ToolButton>
        )}
      </Row>
      {!desktop && menuOpen && (
        <MobileNav id={menuId} aria-label={intl.formatMessage({ id: 'layout.mainNavigation' })} data-menu="mobile">
          <MenuList items={items} />
        </MobileNav>
      )}
    </Bar>
  );
});
