import { createContext, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { intlFor } from '../i18n/intl-cache';
import { observer } from 'mobx-react-lite';
import { Outlet, useMatches } from 'react-router';
import { ShellContextProvider } from '@site/ui';
import { shellMessages } from '../i18n/messages';
import { Layout } from '../layout/Layout';
import type { PageData } from '../routing/routes';
import type { RootStore } from '../stores/root-store';
import { SectionRuntimeProvider, StoreProvider, useStore, type SectionRuntime } from '../stores/contexts';
import { createShellContext, type ShellContextOptions } from './shell-context';

const ShellIntl = observer(function ShellIntl({ store, children }: { store: RootStore; children: ReactNode }) {
  const { locale } = store.locale;
  return <RawIntlProvider value={intlFor(locale, shellMessages[locale])}>{children}</RawIntlProvider>;
});

/** Puts what a page route's loader returned into the stores: the locale, its init data, the page or its error. */
export function showPageData(store: RootStore, data: PageData): void {
  if (data.locale !== store.locale.locale) {
    store.locale.setLocale(data.locale);
    if (data.init) store.init.set(data.init);
  }
  if (data.error || !data.page) {
    const error = data.error ?? { statusCode: 500, message: 'no page' };
    store.status = error.statusCode;
    store.page.fail(error);
  } else {
    store.status = 200;
    store.page.show(data.page);
  }
}

/**
 * Browser-only behaviour (navigation effects, the leave guard, document effects), rendered inside the router by
 * the root route; renders no markup.
 */
const EffectsContext = createContext<ReactNode>(null);

/**
 * The root route: the layout around the matched page route. A navigation's loader data reaches the stores once the
 * router shows its location (before the browser paints): the address changes first, then the page.
 */
export function ShellRoot() {
  const store = useStore();
  const data = useMatches().at(-1)?.data as PageData | undefined;
  const shown = useRef(data);
  useLayoutEffect(() => {
    if (!data || data === shown.current) return;
    shown.current = data;
    showPageData(store, data);
  }, [data, store]);
  return (
    <>
      {useContext(EffectsContext)}
      <Layout>
        <Outlet />
      </Layout>
    </>
  );
}

export interface AppProps {
  store: RootStore;
  runtime: SectionRuntime;
  context: ShellContextOptions;
  /** Browser-only behaviour rendered inside the router (see {@link ShellRoot}). */
  effects?: ReactNode;
  /** The router: its root route renders {@link ShellRoot}. */
  children: ReactNode;
}

/** The whole site around the router: stores, intl and the shell context for sections. */
export function App({ store, runtime, context, effects, children }: AppProps) {
  const shellContext = useMemo(() => createShellContext(store, context), [store, context]);
  return (
    <StoreProvider value={store}>
      <SectionRuntimeProvider value={runtime}>
        <ShellIntl store={store}>
          <ShellContextProvider value={shellContext}>
            <EffectsContext.Provider value={effects ?? null}>{children}</EffectsContext.Provider>
          </ShellContextProvider>
        </ShellIntl>
      </SectionRuntimeProvider>
    </StoreProvider>
  );
}
