import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { styled } from '@linaria/react';
import type { NavMenuItem } from '@site/contracts';
import { SiteLink } from '@site/ui';
import { useStore } from '../stores/contexts';
import { ChevronDownIcon } from './icons';
import { isCurrentEntry } from './nav-items';

const Nav = styled.nav`
  border-top: 1px solid var(--site-border);
`;

const Items = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0 2rem;
  max-width: 80rem;
  margin: 0 auto;
  padding: 0 1.5rem;
  list-style: none;
  > li {
    position: relative;
    display: flex;
    align-items: center;
  }
  > li > a {
    display: inline-flex;
    align-items: center;
    min-height: 3.25rem;
    border-bottom: 3px solid transparent;
    font-weight: 700;
    text-decoration: none;
    white-space: nowrap;
  }
  > li > a:hover {
    border-bottom-color: var(--site-border);
  }
  > li > a[aria-current='page'],
  > li[data-current='true'] > a {
    border-bottom-color: var(--site-accent);
  }
`;

const SubmenuToggle = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  margin-left: 0.15rem;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  svg {
    transition: transform 0.15s;
  }
  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
  &:hover {
    background: color-mix(in srgb, currentColor 10%, transparent);
  }
`;

const Submenu = styled.ul`
  position: absolute;
  top: 100%;
  left: -1rem;
  z-index: 30;
  min-width: 15rem;
  margin: 0;
  padding: 0.5rem 0;
  list-style: none;
  background: var(--site-bg);
  border: 1px solid var(--site-border);
  border-radius: var(--site-radius);
  box-shadow: var(--site-shadow);
  a {
    display: flex;
    align-items: center;
    min-height: 44px;
    padding: 0.4rem 1rem;
    text-decoration: none;
  }
  a:hover,
  a[aria-current='page'] {
    text-decoration: underline;
  }
`;

function DesktopEntry({ item, open, onToggle, onClose }: { item: NavMenuItem; open: boolean; onToggle: () => void; onClose: (refocus: boolean) => void }) {
  const intl = useIntl();
  const { locale } = useStore().locale;
  const { pathname } = useLocation();
  const submenuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const children = item.children ?? [];
  const current = isCurrentEntry(item, pathname, locale);
  const ownPage = !current ? false : !children.some((child) => isCurrentEntry(child, pathname, locale));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      onClose(false);
      toggle.current?.focus();
    }
  };
  // Focus leaving the entry (Tab past its last link) closes its submenu.
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget)) onClose(false);
  };
  return (
    // The entry listens to the keys and focus of its link and toggle, which bubble up to it: the <li> itself never takes focus.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- delegated handlers of the focusable children
    <li data-current={current ? 'true' : 'false'} onKeyDown={onKeyDown} onBlur={onBlur}>
      <SiteLink href={item.href} aria-current={ownPage ? 'page' : undefined}>
        {item.label}
      </SiteLink>
      {children.length > 0 && (
        <>
          <SubmenuToggle
            ref={toggle}
            type="button"
            aria-expanded={open}
            aria-controls={submenuId}
            aria-label={intl.formatMessage({ id: 'layout.submenu' }, { label: item.label })}
            onClick={onToggle}
            data-submenu-toggle={item.label}
          >
            <ChevronDownIcon size={18} />
          </SubmenuToggle>
          <Submenu id={submenuId} hidden={!open}>
            {children.map((child) => (
              <li key={`${child.href}-${child.label}`}>
                <SiteLink href={child.href} aria-current={isCurrentEntry(child, pathname, locale) ? 'page' : undefined}>
                  {child.label}
                </SiteLink>
              </li>
            ))}
          </Submenu>
        </>
      )}
    </li>
  );
}

/** The desktop menu: a row of the main sections; an entry with children opens its submenu with a button. */
export const DesktopMenu = observer(function DesktopMenu({ items }: { items: NavMenuItem[] }) {
  const intl = useIntl();
  const location = useLocation();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => setOpenIndex(null), [location.pathname, location.search]);
  useEffect(() => {
    if (openIndex === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpenIndex(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openIndex]);

  return (
    <Nav ref={nav} aria-label={intl.formatMessage({ id: 'layout.mainNavigation' })} data-menu="desktop">
      <Items>
        {items.map((item, index) => (
          <DesktopEntry
            key={`${item.href}-${item.label}`}
            item={item}
            open={openIndex === index}
            onToggle={() => setOpenIndex(openIndex === index ? null : index)}
            onClose={() => setOpenIndex(null)}
          />
        ))}
      </Items>
    </Nav>
  );
});
