import { useEffect, useId, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { styled } from '@linaria/react';
import { NavMenuItemSchema, keepValidEntries, localizePath, type NavMenuItem } from '@site/contracts';
import { GRID_MEDIA } from '@site/ui';
import { useStore } from '../stores/contexts';
import { AccessibilityPanel } from './AccessibilityPanel';
import { DesktopMenu } from './DesktopMenu';
import { EyeIcon, GlobeIcon, MenuIcon, CloseIcon, SearchIcon } from './icons';
import { useLanguageSwitch } from './language-switch';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';

const Bar = styled.header`
  position: relative;
  z-index: 20;
  background: var(--site-bg);
  color: var(--site-text);
  border-bottom: 1px solid var(--site-border);
  a {
    color: inherit;
  }
  /* The open accessibility options lie above the bottom dock: the cookie notice and the alerts never cover them. */
  &:has([data-a11y-panel]) {
    z-index: 950;
  }
`;

const TopRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  max-width: 80rem;
  margin: 0 auto;
  padding: 0.5rem 1rem;
  @media ${GRID_MEDIA.large} {
    gap: 1rem;
    padding: 1rem 1.5rem;
  }
`;

/**
 * The logo takes the room the tools leave, so a long wordmark wraps beside them; below 9 rem (a phone at large
 * text) the tools move to a row of their own instead of squeezing the wordmark into a column of letters.
 */
const HomeLink = styled(Link)`
  display: inline-flex;
  flex: 1 1 9rem;
  min-width: 0;
  align-items: center;
  min-height: 44px;
  text-decoration: none;
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 0.25rem;
  min-width: 0;
  margin-left: auto;
  @media ${GRID_MEDIA.large} {
    gap: 0.5rem;
  }
`;

/** A header tool: an icon, and its text beside it where there is room (else the text is its accessible name). */
const toolStyles = `
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.45rem;
  min-width: 44px;
  min-height: 44px;
  padding: 0.4rem 0.75rem;
  border: 1px solid transparent;
  border-radius: 2rem;
  background: transparent;
  color: inherit;
  font: inherit;
  font-weight: 600;
  font-size: 0.95rem;
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  &:hover {
    border-color: var(--site-border);
  }
  &[aria-expanded='true'] {
    border-color: currentColor;
    background: color-mix(in srgb, currentColor 8%, transparent);
  }
`;

const ToolButton = styled.button`
  ${toolStyles}
`;

const ToolLink = styled(Link)`
  ${toolStyles}
`;

const MenuButton = styled.button`
  ${toolStyles}
  border-color: var(--site-border);
`;

/**
 * The header: a row with the logo and the tools (search, accessibility options, language), and
 * the main menu: the desktop menu as a row of its own at desktop width, the mobile menu behind a button otherwise.
 */
export const Header = observer(function Header() {
  const store = useStore();
  const intl = useIntl();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const menuId = useId();
  const panelId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const panelButton = useRef<HTMLButtonElement>(null);
  const items = keepValidEntries(NavMenuItemSchema, store.init.data?.header?.navMenu) as NavMenuItem[];
  const { breakpoint } = store.ui;
  const desktop = breakpoint === 'desktop';
  const language = useLanguageSwitch();
  const { locale } = store.locale;
  const label = (id: string) => intl.formatMessage({ id });

  // A followed link closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (desktop) setMenuOpen(false);
  }, [desktop]);

  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  return (
    <Bar data-header data-breakpoint={breakpoint}>
      <TopRow>
        <HomeLink to={localizePath('/', locale)} aria-label={intl.formatMessage({ id: 'layout.logoAlt' }, { siteName: store.init.siteName })} data-home-link>
          <Logo compact={!desktop} />
        </HomeLink>
        <Tools>
          {breakpoint !== 'mobile' && (
            <ToolLink to={localizePath('/search', locale)} aria-label={desktop ? undefined : label('layout.search')} data-search-link>
              <SearchIcon />
              {desktop && <FormattedMessage id="layout.search" />}
            </ToolLink>
          )}
          {desktop && (
            <ToolLink to={language.href} hrefLang={language.locale} lang={language.locale} onClick={language.onClick} data-language-switch>
              <GlobeIcon />
              <FormattedMessage id="layout.languageSwitch" />
            </ToolLink>
          )}
          <ToolButton
            ref={panelButton}
            type="button"
            aria-expanded={panelOpen}
            aria-controls={panelId}
            aria-label={desktop ? undefined : label('a11y.panel')}
            onClick={() => setPanelOpen(!panelOpen)}
            data-a11y-toggle
          >
            <EyeIcon />
            {desktop && <FormattedMessage id="a11y.panel" />}
          </ToolButton>
          {!desktop && items.length > 0 && (
            <MenuButton ref={menuButton} type="button" aria-expanded={menuOpen} aria-controls={menuId} onClick={() => setMenuOpen(!menuOpen)} data-menu-toggle>
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
              {/* The same word open or closed (the state is aria-expanded), so the row never changes width. */}
              <FormattedMessage id="layout.menu" />
            </MenuButton>
          )}
        </Tools>
      </TopRow>
      <div id={panelId} hidden={!panelOpen}>
        {panelOpen && (
          <AccessibilityPanel
            onClose={() => {
              setPanelOpen(false);
              panelButton.current?.focus();
            }}
          />
        )}
      </div>
      {desktop && items.length > 0 && <DesktopMenu items={items} />}
      {!desktop && items.length > 0 && (
        <MobileMenu id={menuId} open={menuOpen} items={items} language={language} searchHref={localizePath('/search', locale)} onClose={closeMenu} />
      )}
    </Bar>
  );
});
