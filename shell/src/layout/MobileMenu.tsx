import { useEffect, useRef } from 'react';
import type { FocusTrap } from 'focus-trap';
import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { styled } from '@linaria/react';
import type { NavMenuItem } from '@site/contracts';
import { SiteLink } from '@site/ui';
import { useStore } from '../stores/contexts';
import { GlobeIcon, SearchIcon } from './icons';
import type { LanguageSwitch } from './language-switch';
import { isCurrentEntry, leadsTo } from './nav-items';

const Panel = styled.nav`
  border-top: 1px solid var(--site-border);
  background: var(--site-bg);
  padding: 0.5rem 1rem 1.25rem;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  > ul > li {
    border-bottom: 1px solid var(--site-border);
  }
  a {
    display: flex;
    align-items: center;
    min-height: 48px;
    padding: 0.5rem 0;
    text-decoration: none;
  }
  > ul > li > a {
    font-weight: 700;
    font-size: 1.1rem;
  }
  li li a {
    min-height: 44px;
    padding-left: 1rem;
  }
  a[aria-current='page'] {
    text-decoration: underline;
    text-decoration-thickness: 2px;
  }
`;

const Extras = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 2rem;
  margin-top: 0.75rem;
  a {
    gap: 0.5rem;
    font-weight: 700;
  }
`;

/**
 * The mobile menu (shown below desktop width): every section and its children as one list, search (unless
 * the menu already has it) and the language switch. While open, Tab and Shift+Tab cycle through the menu's entries
 * (the page behind is out of reach); Escape closes it and gives focus back to the menu button.
 */
export const MobileMenu = observer(function MobileMenu({
  id,
  open,
  items,
  language,
  searchHref,
  onClose,
}: {
  id: string;
  open: boolean;
  items: NavMenuItem[];
  language: LanguageSwitch;
  searchHref: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const { locale } = useStore().locale;
  const { pathname } = useLocation();
  const panel = useRef<HTMLElement>(null);
  const first = useRef<HTMLAnchorElement>(null);
  // The latest close handler, without restarting the trap on every render.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const container = panel.current;
    if (!open || !container) return;
    // Focus goes into the menu at once; the trap's code loads only when a menu opens (most pages never need it).
    first.current?.focus();
    let cancelled = false;
    let trap: FocusTrap | null = null;
    // Escape works from the first moment, before the trap's code has arrived: it lets go of the trap, then closes
    // the menu through the header, which hands focus back to the button (while the trap holds, focus could not leave).
    // Until the trap has arrived (a slow network, a quick keyboard), Tab and Shift+Tab go round the menu's links
    // here, so focus never reaches the page behind the menu; from then on the trap handles them.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        trap?.deactivate();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || trap) return;
      const links = [...container.querySelectorAll<HTMLElement>('a[href]')];
      if (links.length === 0) return;
      event.preventDefault();
      const current = links.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? (current <= 0 ? links.length - 1 : current - 1) : (current + 1) % links.length;
      links[next]?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    const activate = ({ createFocusTrap }: typeof import('focus-trap')) => {
      if (cancelled) return;
      trap = createFocusTrap(container, {
        initialFocus: () => first.current ?? false,
        // Escape is handled above (closing for another reason leaves focus alone).
        escapeDeactivates: false,
        // A click elsewhere (a page link, another header tool) goes through; the trap lets go.
        clickOutsideDeactivates: true,
        returnFocusOnDeactivate: false,
        fallbackFocus: container,
        // Layout-free environments (server tests) have no boxes to measure; hidden parts carry `hidden`.
        tabbableOptions: { displayCheck: 'none' },
      });
      trap.activate();
    };
    import(/* webpackChunkName: "focus-trap" */ 'focus-trap')
      .then(activate)
      .catch((error: unknown) => console.error('The mobile menu could not load its focus trap', error));
    return () => {
      cancelled = true;
      document.removeEventListener('keydown', onKeyDown);
      trap?.deactivate();
    };
  }, [open]);
  const showSearch = !leadsTo(items, searchHref, locale);
  return (
    <Panel ref={panel} id={id} hidden={!open} aria-label={intl.formatMessage({ id: 'layout.mainNavigation' })} data-menu="mobile">
      <ul>
        {items.map((item, index) => (
          <li key={`${item.href}-${item.label}`}>
            <SiteLink
              href={item.href}
              ref={index === 0 ? first : undefined}
              aria-current={
                isCurrentEntry(item, pathname, locale) && !(item.children ?? []).some((child) => isCurrentEntry(child, pathname, locale)) ? 'page' : undefined
              }
            >
              {item.label}
            </SiteLink>
            {(item.children ?? []).length > 0 && (
              <ul>
                {item.children!.map((child) => (
                  <li key={`${child.href}-${child.label}`}>
                    <SiteLink href={child.href} aria-current={isCurrentEntry(child, pathname, locale) ? 'page' : undefined}>
                      {child.label}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <Extras>
        {showSearch && (
          <Link to={searchHref} data-menu-search>
            <SearchIcon />
            <FormattedMessage id="layout.search" />
          </Link>
        )}
        <Link to={language.href} hrefLang={language.locale} lang={language.locale} onClick={language.onClick} data-language-switch>
          <GlobeIcon />
          <FormattedMessage id="layout.languageSwitch" />
        </Link>
      </Extras>
    </Panel>
  );
});
