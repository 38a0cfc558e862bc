import { NEWS_FILTER_GROUPS, type NewsFilterGroup, type NewsFilters } from '@site/contracts/news';
import { type TaxonomyEntry } from '@site/contracts';

export type ActiveFilterIds = Record<NewsFilterGroup, string[]>;

export interface ActiveFilter extends TaxonomyEntry {
  group: NewsFilterGroup;
}

export function noActiveFilterIds(): ActiveFilterIds {
  return { categories: [], formats: [], themes: [], targets: [] };
}

/**
 * The news filter state: the available ids (from `news/filters`) and the active ones across the
 * four groups. Ids are added, removed or reset; adding an already-active id or removing a missing one logs an
 * error. The page URL is the source of truth (filters are links), so a selection is rebuilt from the query on each
 * load and never observed: a plain class rather than a MobX store.
 */
export class NewsFilterSelection {
  private readonly active: ActiveFilterIds = noActiveFilterIds();
  private readonly available = new Map<NewsFilterGroup, Map<string, TaxonomyEntry>>();

  constructor(filters: NewsFilters, active: Partial<ActiveFilterIds> = {}) {
    this.makeAllAvailable(filters);
    for (const group of NEWS_FILTER_GROUPS) for (const id of active[group] ?? []) this.add(group, id);
  }

  /** Every id of the filter groups becomes available. */
  makeAllAvailable(filters: NewsFilters): void {
    for (const group of NEWS_FILTER_GROUPS) this.available.set(group, new Map(filters[group].map((entry) => [entry.id, entry])));
  }

  isAvailable(group: NewsFilterGroup, id: string): boolean {
    return this.available.get(group)?.has(id) ?? false;
  }

  has(group: NewsFilterGroup, id: string): boolean {
    return this.active[group].includes(id);
  }

  add(group: NewsFilterGroup, id: string): void {
    if (this.has(group, id)) {
      console.error(`News filters: "${id}" is already active in ${group}`);
      return;
    }
    this.active[group].push(id);
  }

  remove(group: NewsFilterGroup, id: string): void {
    if (!this.has(group, id)) {
      console.error(`News filters: "${id}" is not active in ${group}, nothing to remove`);
      return;
    }
    this.active[group] = this.active[group].filter((activeId) => activeId !== id);
  }

  reset(): void {
    for (const group of NEWS_FILTER_GROUPS) this.active[group] = [];
  }

  /** A copy with one id switched on or off: the target of that filter's link. */
  toggled(group: NewsFilterGroup, id: string): NewsFilterSelection {
    const next = new NewsFilterSelection(this.filters(), this.activeIds);
    if (next.has(group, id)) next.remove(group, id);
    else next.add(group, id);
    return next;
  }

  get activeIds(): ActiveFilterIds {
    return { categories: [...this.active.categories], formats: [...this.active.formats], themes: [...this.active.themes], targets: [...this.active.targets] };
  }

  /** The active filters with their labels, derived from the active ids across the four groups. */
  get activeFilters(): ActiveFilter[] {
    return NEWS_FILTER_GROUPS.flatMap((group) => this.active[group].map((id) => ({ group, id, label: this.available.get(group)?.get(id)?.label ?? id })));
  }

  get isEmpty(): boolean {
    return NEWS_FILTER_GROUPS.every((group) => this.active[group].length === 0);
  }

  /** The query parameters of this selection: comma lists, absent when a group has nothing active. */
  toQuery(): Record<NewsFilterGroup, string | null> {
    const query = {} as Record<NewsFilterGroup, string | null>;
    for (const group of NEWS_FILTER_GROUPS) query[group] = this.active[group].length ? this.active[group].join(',') : null;
    return query;
  }

  private filters(): NewsFilters {
    const entries = (group: NewsFilterGroup) => [...(this.available.get(group)?.values() ?? [])];
    return { categories: entries('categories'), formats: entries('formats'), themes: entries('themes'), targets: entries('targets') };
  }
}
