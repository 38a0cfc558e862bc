import { styled } from '@linaria/react';
import { SiteLink } from './SiteLink';

const PagerList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  list-style: none;
  padding: 0;
  margin: 2rem 0 0;
  a,
  span {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
    padding: 0 0.75rem;
    border: 2px solid var(--site-border);
    border-radius: 0.5rem;
    text-decoration: none;
  }
  [aria-current='page'] {
    border-color: currentColor;
    font-weight: 700;
  }
`;

export interface PaginationProps {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** Accessible name of the navigation, e.g. "Pages of news". */
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** Accessible name of one page's link (e.g. "Page 3"); the number alone when absent. */
  pageLabel?: (page: number) => string;
}

/** Numbered pages around the current one, first and last always reachable. */
export function pageWindow(page: number, pageCount: number, radius = 2): Array<number | 'gap'> {
  const pages = new Set<number>([1, pageCount]);
  for (let p = page - radius; p <= page + radius; p += 1) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const result: Array<number | 'gap'> = [];
  for (const [index, p] of sorted.entries()) {
    if (index > 0 && p - sorted[index - 1]! > 1) result.push('gap');
    result.push(p);
  }
  return result;
}

export function Pagination({ page, pageCount, hrefFor, label, previousLabel, nextLabel, pageLabel }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label}>
      <PagerList>
        {page > 1 && (
          <li>
            <SiteLink href={hrefFor(page - 1)} rel="prev">
              {previousLabel}
            </SiteLink>
          </li>
        )}
        {pageWindow(page, pageCount).map((entry, index) =>
          entry === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true">
              <span>…</span>
            </li>
          ) : (
            <li key={entry}>
              <SiteLink href={hrefFor(entry)} aria-current={entry === page ? 'page' : undefined} aria-label={pageLabel?.(entry)}>
                {String(entry)}
              </SiteLink>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <SiteLink href={hrefFor(page + 1)} rel="next">
              {nextLabel}
            </SiteLink>
          </li>
        )}
      </PagerList>
    </nav>
  );
}

const ChipList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  list-style: none;
  padding: 0;
  margin: 0;
  a {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    min-height: 44px;
    padding: 0.25rem 0.9rem;
    border: 2px solid var(--site-border);
    border-radius: 2rem;
    text-decoration: none;
  }
  a[aria-current='true'],
  a[aria-current='page'] {
    border-color: currentColor;
    background: color-mix(in srgb, currentColor 10%, transparent);
    font-weight: 700;
  }
  a[aria-disabled='true'] {
    opacity: 0.55;
  }
`;

export interface LinkOption {
  id: string;
  label: string;
  href: string;
  active: boolean;
  /** Results the option would give; an option with none is shown but marked unavailable. */
  count?: number;
}

/** A group of toggle links (filters, facets): each is a real link to the page with that option toggled. */
export function FilterLinks({ label, options }: { label: string; options: LinkOption[] }) {
  return (
    <div role="group" aria-label={label}>
      <ChipList>
        {options.map((option) => (
          <li key={option.id}>
            <SiteLink
              href={option.href}
              aria-current={option.active ? 'true' : undefined}
              aria-disabled={option.count === 0 && !option.active ? 'true' : undefined}
              data-option={option.id}
            >
              {option.active ? '✓ ' : ''}
              {option.label}
              {option.count !== undefined ? ` (${option.count})` : ''}
            </SiteLink>
          </li>
        ))}
      </ChipList>
    </div>
  );
}

/** Tabs that are links (a tab is a URL, so it can be shared and works without scripts). */
export function LinkTabs({ label, tabs }: { label: string; tabs: LinkOption[] }) {
  return (
    <nav aria-label={label}>
      <ChipList>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <SiteLink href={tab.href} aria-current={tab.active ? 'page' : undefined} data-tab={tab.id}>
              {tab.label}
              {tab.count !== undefined ? ` (${tab.count})` : ''}
            </SiteLink>
          </li>
        ))}
      </ChipList>
    </nav>
  );
}
