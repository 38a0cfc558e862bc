import { Component, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { DEFAULT_LOCALE, isLocale, localizePath } from '@site/contracts';
import { useStore } from '../stores/contexts';
import type { MessageId } from '../i18n/messages';
import { ERROR_PAGE_OWN_MESSAGE, type PageError } from '../stores/page-store';

interface ErrorContent {
  message: MessageId;
  description: MessageId;
  actions: Array<{ href: string; label: MessageId }>;
}

/** Error page content by status; any other status shows the 404 content. */
const CONTENT: Record<401 | 403 | 404 | 500, ErrorContent> = {
  401: {
    message: 'error.401.message',
    description: 'error.401.description',
    actions: [
      { href: '/auth', label: 'error.action.auth' },
      { href: '/', label: 'error.action.home' },
    ],
  },
  403: { message: 'error.403.message', description: 'error.403.description', actions: [{ href: '/', label: 'error.action.home' }] },
  404: {
    message: 'error.404.message',
    description: 'error.404.description',
    actions: [
      { href: '/', label: 'error.action.home' },
      { href: '/about', label: 'error.action.about' },
      { href: '/education', label: 'error.action.education' },
      { href: '/research', label: 'error.action.research' },
    ],
  },
  500: { message: 'error.500.message', description: 'error.500.description', actions: [] },
};

/**
 * The content for a status. 503 (the content service is unavailable) deliberately shows the server-error content:
 * falling back to the 404 content would tell visitors that an existing page does not exist.
 */
function errorContentFor(status: number): ErrorContent {
  if (status === 503) return CONTENT[500];
  return CONTENT[status as keyof typeof CONTENT] ?? CONTENT[404];
}

const Dark = styled.section`
  padding: 3rem 1rem 4rem;
  @media (min-width: 1024px) {
    padding: 5rem 1.5rem 6rem;
  }
`;

const Inner = styled.div`
  display: grid;
  gap: 0 3rem;
  align-items: center;
  max-width: 72rem;
  margin: 0 auto;
  @media (min-width: 1024px) {
    grid-template-columns: auto 1fr;
  }
  h1 {
    margin: 0 0 0.75rem;
  }
  p {
    max-width: 40rem;
    margin: 0 0 1rem;
    font-size: var(--site-text-lead);
  }
`;

const Code = styled.p`
  margin: 0 0 1rem !important;
  font-size: clamp(5rem, 3rem + 10vw, 11rem) !important;
  font-weight: 700;
  line-height: 0.9;
  letter-spacing: -0.04em;
  color: var(--site-link);
`;

const Actions = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin: 1.5rem 0 0;
  padding: 0;
  list-style: none;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0.5rem 1.35rem;
    border: 2px solid currentColor;
    border-radius: 2rem;
    color: inherit;
    font-weight: 700;
    text-decoration: none;
  }
  li:first-child a {
    border-color: var(--site-accent);
    background: var(--site-accent);
    color: var(--site-accent-text);
  }
  a:hover {
    text-decoration: underline;
  }
`;

function ErrorContentView({ error }: { error: PageError }) {
  const { locale } = useStore().locale;
  const content = errorContentFor(error.statusCode);
  return (
    <Dark data-error-status={error.statusCode}>
      <Inner>
        <Code aria-hidden="true">{error.statusCode}</Code>
        <div>
          <h1>
            <FormattedMessage id={content.message} />
          </h1>
          {error.statusCode === 404 && (
            <p data-error-message>
              <FormattedMessage id="error.notFoundMessage" />
            </p>
          )}
          <p>
            <FormattedMessage id={content.description} />
          </p>
          {content.actions.length > 0 && (
            <Actions>
              {content.actions.map((action) => (
                <li key={action.href}>
                  <a href={localizePath(action.href, locale)} data-error-action={action.href}>
                    <FormattedMessage id={action.label} />
                  </a>
                </li>
              ))}
            </Actions>
          )}
        </div>
      </Inner>
    </Dark>
  );
}

/** If the error page itself fails, a plain message with a link home, so the visitor is never left with a blank page. */
class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error('The error page failed to render', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorPageFallback />;
  }
}

/** Needs nothing but the messages: the failure may have been in the stores. */
function ErrorPageFallback() {
  const { locale } = useIntl();
  return (
    <p role="alert" data-error-fallback>
      <FormattedMessage id="error.fallback" />{' '}
      <a href={localizePath('/', isLocale(locale) ? locale : DEFAULT_LOCALE)}>
        <FormattedMessage id="error.fallbackLink" />
      </a>
    </p>
  );
}

export function ErrorPage({ error }: { error: PageError }) {
  return (
    <ErrorPageBoundary>
      <ErrorContentView error={error} />
    </ErrorPageBoundary>
  );
}

/** `/error` itself: the 404 content, answered with status 404 by the server. */
export function ErrorRoute() {
  const { page } = useStore();
  return <ErrorPage error={page.error ?? { statusCode: 404, message: ERROR_PAGE_OWN_MESSAGE }} />;
}
