import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { SEARCH_QUERY_REQUIRED_MESSAGE } from '@site/contracts/search';
import { type SectionProps } from '@site/contracts';
import { Button, EmptyState, Muted, SectionTitle, SiteLink, TextInput, VisuallyHidden, useNavigateTo, useShell } from '@site/ui';
import { highlight } from './highlight';
import { Pager, resultRange } from './Pager';
import { searchHref } from './search-href';
import type { SearchData } from './load';

/** The page query parameters this section reads: only these reach it, and they key the cached page. */
export const meta = { query: ['query', 'category', 'page'] };

export { load } from './load';

/**
 * Results for a query need no code in the browser: the search box is a real GET form (the tab it was typed in goes
 * along as a hidden field) and the tabs and pages are links, which the shell sends through the router. Without a
 * query the section hydrates: its code logs the spec's message in the browser's console.
 */
export function hydrates(data: SearchData | null): boolean {
  return !data?.query;
}

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-bottom: 1.5rem;
  /* The design system's text control, as wide as the row allows next to the button. */
  input {
    flex: 1 1 16rem;
    width: auto;
  }
`;

const Tabs = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  list-style: none;
  padding: 0;
  margin: 0 0 1.5rem;
  a {
    display: inline-block;
    padding: 0.5rem 1rem;
    min-height: 44px;
    border: 2px solid var(--site-border);
    border-radius: 2rem;
    text-decoration: none;
  }
  a[aria-current='page'] {
    border-color: currentColor;
    font-weight: 700;
  }
`;

const Results = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 1.25rem;
  h3 {
    margin: 0 0 0.25rem;
    font-size: 1.15rem;
  }
  p {
    margin: 0.25rem 0 0;
  }
  mark {
    background: color-mix(in srgb, var(--site-accent) 25%, transparent);
    color: inherit;
    padding: 0 0.1em;
  }
`;

/** Search results with category tabs and the matched words marked. */
export default function SearchResults({ data }: SectionProps<Record<string, unknown>, SearchData>) {
  const intl = useIntl();
  const navigate = useNavigateTo();
  const shell = useShell();
  const id = useId();
  const [draft, setDraft] = useState(data.query);
  // Another query shown (a new search, the back button): the box follows it (adjusted during render when the data
  // changes, as React advises, rather than in an effect that would render twice).
  const [shownQuery, setShownQuery] = useState(data.query);
  if (shownQuery !== data.query) {
    setShownQuery(data.query);
    setDraft(data.query);
  }
  const results = data.results;
  useEffect(() => {
    // The spec's message for a search without a query, in the browser's console as well as the server's log.
    if (!data.query) console.error(SEARCH_QUERY_REQUIRED_MESSAGE);
  }, [data.query]);

  function submit(event: FormEvent) {
    event.preventDefault();
    navigate(shell.localePath(searchHref(draft.trim(), data.category)));
  }

  const activeLabel = data.categories.find((category) => category.id === data.category)?.label;
  return (
    <div>
      <SectionTitle id={`${id}-title`}>
        <FormattedMessage id="search.title" />
      </SectionTitle>
      <SearchForm role="search" method="get" action={shell.localePath('/search')} onSubmit={submit} aria-labelledby={`${id}-title`}>
        {data.category && <input type="hidden" name="category" value={data.category} />}
        <label htmlFor={`${id}-query`}>
          <VisuallyHidden>
            <FormattedMessage id="search.label" />
          </VisuallyHidden>
        </label>
        <TextInput
          id={`${id}-query`}
          type="search"
          name="query"
          value={draft}
          maxLength={200}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={intl.formatMessage({ id: 'search.placeholder' })}
        />
        <Button type="submit">
          <FormattedMessage id="search.submit" />
        </Button>
      </SearchForm>
      {data.query && (
        <nav aria-label={intl.formatMessage({ id: 'search.categories' })}>
          <Tabs>
            <li>
              <SiteLink href={searchHref(data.query)} aria-current={data.category ? undefined : 'page'}>
                <FormattedMessage id="search.allCategories" /> ({Object.values(results?.categoryCounts ?? {}).reduce((sum, count) => sum + count, 0)})
              </SiteLink>
            </li>
            {data.categories.map((category) => (
              <li key={category.id}>
                <SiteLink href={searchHref(data.query, category.id)} aria-current={data.category === category.id ? 'page' : undefined}>
                  {category.label} ({results?.categoryCounts[category.id] ?? 0})
                </SiteLink>
              </li>
            ))}
          </Tabs>
        </nav>
      )}
      {!data.query ? (
        <EmptyState>
          <FormattedMessage id="search.enterQuery" />
        </EmptyState>
      ) : !results || results.results.length === 0 ? (
        <EmptyState role="status">
          {data.category ? (
            <>
              {/* The spec's sentence as it is, without punctuation added: the tab's explanation goes on its own line. */}
              <FormattedMessage id="search.noMatchFiltering" />
              <br />
              <FormattedMessage id="search.noResultsInTab" values={{ tab: activeLabel ?? data.category }} />
            </>
          ) : (
            <FormattedMessage id="search.noResults" />
          )}
        </EmptyState>
      ) : (
        <>
          <p role="status">
            <Muted>
              <FormattedMessage id="search.count" values={{ count: results.total }} />
              {results.total > results.results.length && (
                <>
                  {' · '}
                  <FormattedMessage id="search.range" values={resultRange(results, results.page ?? data.page)} />
                </>
              )}
            </Muted>
          </p>
          <Results>
            {results.results.map((result) => (
              <li key={`${result.kind}-${result.id}`} data-search-result={result.kind}>
                <h3>
                  <SiteLink href={result.href}>{highlight(result.title, result.matchedWords)}</SiteLink>
                </h3>
                <Muted>{data.categories.find((category) => category.id === result.category)?.label ?? result.category}</Muted>
                <p>{highlight(result.excerpt, result.matchedWords)}</p>
              </li>
            ))}
          </Results>
          <Pager
            query={data.query}
            category={data.category}
            page={results.page ?? data.page}
            pageSize={results.pageSize ?? results.results.length}
            total={results.total}
          />
        </>
      )}
    </div>
  );
}
