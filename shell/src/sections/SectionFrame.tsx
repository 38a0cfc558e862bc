import { Suspense, lazy, memo, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { emptyMessages, intlFor } from '../i18n/intl-cache';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import type { SectionModule, SectionProps, ShellContext } from '@site/contracts';
import { Section, ShellContextProvider, useShell } from '@site/ui';
import { useSectionRuntime, useStore } from '../stores/contexts';
import type { SectionView } from '../stores/page-store';
import { ComponentMissing, SectionPlaceholder, SectionUnavailable } from './fallbacks';
import { SectionBoundary } from './SectionBoundary';
import { untilLoaded } from './retry-load';
import { reportSectionError } from './report-section-error';
import { markSectionHydrated } from './hydration-mark';
import { KEEP_SERVER_HTML } from '../layout/kept-server-html';

type SectionComponent = ComponentType<SectionProps>;

/** The property a render error carries to say which section (remote, version) threw it, for the render-error counts. */
export const SECTION_OF_ERROR = Symbol.for('site.section-of-error');

/**
 * Renders a plain function component as part of this one, so an error it throws is tagged with the section that
 * threw it (React's server onError does not say which boundary an error came from).
 */
function TaggedSection({ Component, view }: { Component: SectionComponent; view: SectionView }): ReactNode {
  try {
    return (Component as (props: SectionProps) => ReactNode)({ descriptor: view.descriptor, data: view.data });
  } catch (error) {
    if (error instanceof Error) Object.assign(error, { [SECTION_OF_ERROR]: { remote: view.remote, version: view.version, section: view.descriptor.name } });
    throw error;
  }
}

/**
 * Server renders: the shell's context for one section, with a `sanitizeHtml` that tells the runtime the section used
 * it (the browser then loads the sanitizer before hydrating that section). Every other member is the shell's.
 */
function SanitizerNoted({ view, note, children }: { view: SectionView; note: (view: SectionView) => void; children: ReactNode }) {
  const shell = useShell();
  const noted = useMemo(
    () =>
      Object.create(shell, {
        sanitizeHtml: {
          value: (html: string) => {
            note(view);
            return shell.sanitizeHtml(html);
          },
        },
      }) as ShellContext,
    [shell, note, view],
  );
  return <ShellContextProvider value={noted}>{children}</ShellContextProvider>;
}

/** Renders a section's own component inside the team's intl messages. */
function SectionBody({ module, view }: { module: SectionModule; view: SectionView }) {
  const { locale } = useStore().locale;
  const runtime = useSectionRuntime();
  const Component = module.default as SectionComponent;
  const { name: section, id } = view.descriptor;
  // Effects run only in the browser: the section's code is now rendered there and answers the visitor.
  useEffect(() => markSectionHydrated({ section, id }), [section, id]);
  const plainFunction = typeof Component === 'function' && !(Component.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent;
  const body = (
    <RawIntlProvider value={intlFor(locale, module.messages?.[locale] ?? emptyMessages)}>
      {plainFunction ? <TaggedSection Component={Component} view={view} /> : <Component descriptor={view.descriptor} data={view.data} />}
    </RawIntlProvider>
  );
  const note = runtime.noteSanitizerUse;
  return note ? (
    <SanitizerNoted view={view} note={note}>
      {body}
    </SanitizerNoted>
  ) : (
    body
  );
}

// One lazy component per section instance, so re-renders do not restart loading.
const lazyBodies = new Map<string, ComponentType<{ view: SectionView }>>();

function lazyBodyFor(view: SectionView, load: () => Promise<{ module: SectionModule }>) {
  const key = `${view.remote}@${view.version}/${view.descriptor.id}`;
  let Body = lazyBodies.get(key);
  if (!Body) {
    Body = lazy(async () => {
      // Never rejects: until the code arrives the server HTML stays, and attempts go on in the background.
      const { module } = await untilLoaded(load, {
        onFailure: (error, attempt) => {
          if (attempt === 0) console.warn(`Section ${view.descriptor.name} keeps its server HTML; its code is retried in the background`, error);
        },
      });
      return { default: ({ view: current }: { view: SectionView }) => <SectionBody module={module} view={current} /> };
    });
    lazyBodies.set(key, Body);
  }
  return Body;
}

/**
 * The content of a ready section. On the server and for preloaded modules it renders directly; in the browser a
 * lazy section's code loads only when it nears the viewport, and React keeps the server HTML until then.
 */
function ReadySection({ view }: { view: SectionView }) {
  const runtime = useSectionRuntime();
  const module = runtime.moduleFor(view);
  if (module) return <SectionBody module={module} view={view} />;
  if (!runtime.loadInBrowser) return <SectionUnavailable />;
  const load = runtime.loadInBrowser.bind(runtime);
  // A lazy section's code waits until it nears the viewport; an eager one's (further down than the first screen, or
  // late) is asked for now, as the page hydrates.
  const Body = lazyBodyFor(view, () => load(view, { withData: false, whenVisible: view.lazy === true }));
  // lazyBodyFor keeps one component per section version, so the same component comes back on every render.
  // eslint-disable-next-line react-hooks/static-components -- the component is cached by key, never made anew per render
  return <Body view={view} />;
}

/** A section the server could not finish in time: both sides render the placeholder, then the browser loads it. */
const DeferredSection = observer(function DeferredSection({ view }: { view: SectionView }) {
  const runtime = useSectionRuntime();
  const store = useStore();
  useEffect(() => {
    if (!runtime.loadInBrowser) return;
    let cancelled = false;
    runtime
      .loadInBrowser(view, { withData: true, whenVisible: false })
      .then(({ data }) => {
        if (!cancelled) store.page.updateSection(view.descriptor.id, { status: 'ready', data });
      })
      .catch((error: unknown) => {
        console.error(`Section ${view.descriptor.name} could not be loaded in the browser`, error);
        if (!cancelled) store.page.updateSection(view.descriptor.id, { status: 'failed', reason: String(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [runtime, store, view]);
  return <SectionPlaceholder aria-busy="true" />;
});

/** Tells the shell a section failed in this browser (counted per remote, section and version; see /metrics). */
function reportBrowserError(view: SectionView): void {
  if (view.remote && view.version) reportSectionError({ remote: view.remote, version: view.version, section: view.descriptor.name });
}

/**
 * The wrapper of a static section's body (no box of its own): the server renders the body in it, and on the
 * server-rendered page the browser renders it empty with no inner HTML of its own, so React adopts the server's
 * DOM and never touches it, and the section's code is never loaded.
 */
const StaticBody = styled.div`
  display: contents;
`;

/** A static section's body as the server rendered it, kept by the browser without its code. */
function KeptServerHtml() {
  return <StaticBody data-static-section="" dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
}

/**
 * A static section: its server HTML while the page shows the location the server rendered it for, else its body
 * rendered with its code (`children`). It follows the location, so a link of the section that changes only the
 * query (a tab) shows the section's new state.
 *
 * Its code loads once the page leaves that location, and until it is in the server HTML stays on screen. A
 * placeholder instead would empty the section for that moment: the page would lose the section's height (a long
 * list), and a link to an anchor below it (a vacancy's "send resume", `?vacancyId=…#resume`) would scroll to where
 * the anchor was without it.
 */
function StaticSection({ view, children }: { view: SectionView; children: ReactNode }) {
  const runtime = useSectionRuntime();
  const { pathname, search } = useLocation();
  const served = runtime.keepsServerHtml?.(view, pathname + search) ?? false;
  // Whether this section came with the server's HTML (it hydrated at the served location), and whether its code is in.
  const [withServerHtml] = useState(served);
  const [codeIn, setCodeIn] = useState(() => runtime.moduleFor(view) !== undefined);
  const waiting = !served && withServerHtml && !codeIn && runtime.loadInBrowser !== undefined;
  useEffect(() => {
    if (!waiting) return;
    let cancelled = false;
    void untilLoaded(() => runtime.loadInBrowser!(view, { withData: false, whenVisible: false })).then(() => {
      if (!cancelled) setCodeIn(true);
    });
    return () => {
      cancelled = true;
    };
  }, [waiting, runtime, view]);
  if (served || waiting) return <KeptServerHtml />;
  // The same element around a static body wherever it is rendered, so the page's DOM has one shape.
  return <StaticBody data-static-section="">{children}</StaticBody>;
}

/**
 * Memoised: a re-render of the frame (colour scheme, theme) must not reach a section that is still waiting for its
 * code, since an update arriving at a boundary before it hydrated makes React drop the server HTML (error #421).
 */
const SectionContent = memo(function SectionContent({ view }: { view: SectionView }) {
  switch (view.status) {
    case 'ready': {
      const body = (
        <SectionBoundary section={view.descriptor.name} fallback={<SectionUnavailable />} onError={() => reportBrowserError(view)}>
          <Suspense fallback={<SectionPlaceholder aria-busy="true" />}>
            <ReadySection view={view} />
          </Suspense>
        </SectionBoundary>
      );
      return view.staticHtml ? <StaticSection view={view}>{body}</StaticSection> : body;
    }
    case 'deferred':
      return <DeferredSection view={view} />;
    case 'missing':
      return <ComponentMissing name={view.descriptor.name} />;
    default:
      return <SectionUnavailable />;
  }
});

/**
 * One section of a page: its wrapper names the section, the remote and the remote version that rendered it,
 * and its container applies the descriptor's theme, size and slider type.
 */
export const SectionFrame = observer(function SectionFrame({ view }: { view: SectionView }) {
  const store = useStore();
  const { descriptor } = view;
  const schemeColors = useMemo(
    () => (descriptor.theme === 'colorScheme' ? store.init.colorOf(descriptor.colorSchemeId) : undefined),
    [descriptor.theme, descriptor.colorSchemeId, store.init],
  );
  return (
    <div
      data-section={descriptor.name}
      data-section-id={descriptor.id}
      data-section-status={view.status}
      data-remote={view.remote}
      data-remote-version={view.version}
    >
      <Section
        id={descriptor.anchor}
        theme={descriptor.theme}
        size={descriptor.size}
        slider={descriptor.slider}
        schemeColors={schemeColors}
        colorMode={store.ui.colorScheme !== null}
      >
        <SectionContent view={view} />
      </Section>
    </div>
  );
});
