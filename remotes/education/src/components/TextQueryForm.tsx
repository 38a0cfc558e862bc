import { useId, useState, type FormEvent } from 'react';
import { styled } from '@linaria/react';
import { Button, hrefWithQuery, TextInput, useNavigateTo, useShell } from '@site/ui';

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0.75rem;
  margin-bottom: 1.5rem;
  label {
    flex: 1 1 100%;
    font-weight: 600;
  }
  /* The design system's text control, as wide as the row allows next to the button. */
  input {
    flex: 1 1 16rem;
    width: auto;
  }
`;

export interface TextQueryFormProps {
  /** The query parameter the text goes into (`q`). */
  param: string;
  value: string;
  label: string;
  submitLabel: string;
  /** The page path without locale prefix, and its query string: the other parameters are kept, the page reset. */
  path: string;
  search: string;
  maxLength: number;
}

/** The page's query parameters a new search keeps, as hidden fields for the no-script GET submission. */
function keptParameters(search: string, param: string): Array<[string, string]> {
  return [...new URLSearchParams(search)].filter(([key]) => key !== param && key !== 'page');
}

/**
 * A free-text search over a list: a real GET form (works before scripts load), and with scripts a client
 * navigation to the same URL, which the page watches to reload the list.
 */
export function TextQueryForm({ param, value, label, submitLabel, path, search, maxLength }: TextQueryFormProps) {
  const shell = useShell();
  const navigate = useNavigateTo();
  const id = useId();
  const [draft, setDraft] = useState(value);
  // A link elsewhere on the page (a reset, the back button) changes the query: the box follows it (adjusted during
  // render when the prop changes, as React advises, rather than in an effect that would render twice).
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setDraft(value);
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(shell.localePath(hrefWithQuery(path, search, { [param]: draft.trim(), page: null })));
  }
  return (
    <SearchForm role="search" method="get" action={shell.localePath(path)} onSubmit={submit}>
      <label htmlFor={`${id}-${param}`}>{label}</label>
      {keptParameters(search, param).map(([key, kept]) => (
        <input key={key} type="hidden" name={key} value={kept} />
      ))}
      <TextInput id={`${id}-${param}`} type="search" name={param} value={draft} maxLength={maxLength} onChange={(event) => setDraft(event.target.value)} />
      <Button type="submit">{submitLabel}</Button>
    </SearchForm>
  );
}
