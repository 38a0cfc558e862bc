import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { intlFor } from '../i18n/intl-cache';
import { observer } from 'mobx-react-lite';
import { useRoutes } from 'react-router-dom';
import { ShellContextProvider } from '@site/ui';
import { shellMessages } from '../i18n/messages';
import { Layout } from '../layout/Layout';
import { ContentPage } from '../pages/ContentPage';
import { ErrorRoute } from '../pages/ErrorPage';
import { routerPatterns, type RouteView } from '../routing/routes';
import type { RootStore } from '../stores/root-store';
import { SectionRuntimeProvider, StoreProvider, type SectionRuntime } from './contexts';
import { createShellContext, type ShellContextOptions } from './shell-context';

/**
 * The design system's showcase is a page few visitors open: its code is a chunk of its own instead of part of every
 * page's first load. The server renders it completely (it waits for all of the page), and the browser keeps that
 * HTML until the chunk has arrived.
 */
const UiKitPage = lazy(() => import(/* webpackChunkName: "ui-kit" */ '../pages/UiKitPage').then(({ UiKitPage: page }) => ({ default: page })));

function elementFor(view: RouteView): ReactNode {
  switch (view) {
    case 'ui-kit':
      return (
        <Suspense>
          <UiKitPage />
        </Suspense>
      );
    case 'error':
      return <ErrorRoute />;
    default:
      return <ContentPage />;
  }
}

const routes = routerPatterns().map((pattern) => ({ id: pattern.id, path: pattern.path, element: elementFor(pattern.view) }));

function AppRoutes() {
  return useRoutes(routes);
}

const ShellIntl = observer(function ShellIntl({ store, children }: { store: RootStore; children: ReactNode }) {
  const { locale } = store.locale;
  return <RawIntlProvider value={intlFor(locale, shellMessages[locale])}>{children}</RawIntlProvider>;
});

export interface AppProps {
  store: RootStore;
  runtime: SectionRuntime;
  context: ShellContextOptions;
  /** Browser-only behaviour (navigation, document effects); renders no markup. */
  effects?: ReactNode;
}

/** The whole site below the router: stores, intl, the shell context for sections, the layout and the routes. */
export function App({ store, runtime, context, effects }: AppProps) {
  const shellContext = useMemo(() => createShellContext(store, context), [store, context]);
  return (
    <StoreProvider value={store}>
      <SectionRuntimeProvider value={runtime}>
        <ShellIntl store={store}>
          <ShellContextProvider value={shellContext}>
            {effects}
            <Layout>
              <AppRoutes />
            </Layout>
          </ShellContextProvider>
        </ShellIntl>
      </SectionRuntimeProvider>
    </StoreProvider>
  );
}
