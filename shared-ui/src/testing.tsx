import type { ComponentType, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { localizePath, type ApiClient, type Locale, type SectionDescriptor, type SectionProps, type ShellContext } from '@site/contracts';
import { ShellContextProvider } from './shell-context';

/**
 * Test helpers for section teams: render a section as the shell would (intl messages, shell context, router),
 * without the shell. Not part of the runtime bundle: import from `@site/ui/testing` in tests only.
 */
export interface TestShellOptions {
  locale?: Locale;
  api?: ApiClient;
  path?: string;
}

const unusedApi: ApiClient = {
  get: () => Promise.reject(new Error('this test gave the section no API')),
  post: () => Promise.reject(new Error('this test gave the section no API')),
};

export function testShellContext({ locale = 'ru', api = unusedApi }: TestShellOptions = {}): ShellContext {
  return {
    locale,
    localePath: (path, target) => localizePath(path, target ?? locale),
    api,
    imageUrl: (source, width) => (width ? `/api${source}?w=${width}` : `/api${source}`),
    imagePlaceholderUrl: '/media/placeholder.jpg',
    siteName: 'Test University',
    siteOrigin: 'https://university.test',
    ownLegacyHosts: ['old.example.edu'],
    breakpoint: 'desktop',
    colorScheme: null,
    isServer: true,
    // The tests run without a DOM: tags are stripped rather than sanitised.
    sanitizeHtml: (html) => html.replace(/<script[\s\S]*?<\/script>/gi, ''),
    captcha: { enabled: false, execute: () => Promise.resolve('') },
  };
}

export function withShell(element: ReactElement, messages: Record<string, string>, options: TestShellOptions = {}): ReactElement {
  const locale = options.locale ?? 'ru';
  return (
    <MemoryRouter initialEntries={[options.path ?? '/']}>
      <ShellContextProvider value={testShellContext(options)}>
        <IntlProvider
          locale={locale}
          messages={messages}
          onError={(error) => {
            throw error;
          }}
        >
          {element}
        </IntlProvider>
      </ShellContextProvider>
    </MemoryRouter>
  );
}

/** Server-renders a section with its props and data; missing translations fail the test. */
export function renderSection<P, D>(
  Component: ComponentType<SectionProps<P, D>>,
  input: { props: P; data: D; id?: string; name?: string },
  messages: Record<string, string>,
  options: TestShellOptions = {},
): string {
  const descriptor = { id: input.id ?? 'test-section', name: input.name ?? 'TestSection', props: input.props } as SectionDescriptor<P>;
  return renderToStaticMarkup(withShell(<Component descriptor={descriptor} data={input.data} />, messages, options));
}
