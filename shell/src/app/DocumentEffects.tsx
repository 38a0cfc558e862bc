import { useEffect } from 'react';
import { splitLocaleFromPath } from '@site/contracts';
import { reaction } from 'mobx';
import {
  COLOR_SCHEME_ATTRIBUTE,
  DEFAULT_READING_PREFERENCES,
  FONT_SCALE_ATTRIBUTE,
  BREAKPOINT_RESIZE_THROTTLE_MS,
  READING_PREFERENCES,
  READING_PREFERENCE_NAMES,
  throttle,
} from '@site/ui';
import { syncHead } from './head-sync';
import { useStore } from '../stores/contexts';
import { PAGE_HYDRATED_MARK } from '../sections/hydration-mark';

/**
 * Keeps the document in step with the stores in the browser: language, colour scheme, font size and reading
 * preferences on the root element, the head (title, description, canonical, alternates) after client navigation, and the breakpoint type on resize (throttled, so a drag does not re-render on every event).
 */
export function DocumentEffects() {
  const store = useStore();
  useEffect(() => {
    const root = document.documentElement;
    // Before the reactions below mirror the store onto the root element, or they would undo the preference script.
    store.ui.restorePreferences();
    const disposers = [
      reaction(
        () => store.locale.locale,
        (locale) => root.setAttribute('lang', locale),
      ),
      reaction(
        () => store.ui.colorScheme,
        (scheme) => (scheme ? root.setAttribute(COLOR_SCHEME_ATTRIBUTE, scheme) : root.removeAttribute(COLOR_SCHEME_ATTRIBUTE)),
        { fireImmediately: true },
      ),
      reaction(
        () => store.ui.fontScale,
        (scale) => (scale === 100 ? root.removeAttribute(FONT_SCALE_ATTRIBUTE) : root.setAttribute(FONT_SCALE_ATTRIBUTE, String(scale))),
        { fireImmediately: true },
      ),
      // Letter spacing, line height, font family and images: the attribute only when not the default.
      ...READING_PREFERENCE_NAMES.map((name) =>
        reaction(
          () => store.ui.reading[name],
          (value) => {
            const { attribute } = READING_PREFERENCES[name];
            if (value === DEFAULT_READING_PREFERENCES[name]) root.removeAttribute(attribute);
            else root.setAttribute(attribute, value);
          },
          { fireImmediately: true },
        ),
      ),
      reaction(
        () => ({
          locale: store.locale.locale,
          // The page on screen (or the error shown instead) decides when; the address bar has the path by then.
          shown: [store.page.current, store.page.error],
          path: splitLocaleFromPath(window.location.pathname).path,
          title: store.page.error ? String(store.page.error.statusCode) : store.page.title,
          postfix: store.init.titlePostfix,
          siteSeo: store.init.data?.settings.seo,
          pageSeo: store.page.error ? undefined : store.page.current?.seo,
          siteName: store.init.siteName,
        }),
        (state) => syncHead(document, state),
      ),
    ];
    const onResize = throttle(() => store.ui.setBreakpointForWidth(window.innerWidth), BREAKPOINT_RESIZE_THROTTLE_MS);
    store.ui.setBreakpointForWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    store.ui.markPageLoaded();
    // Tests and monitoring wait for this: the page is interactive. The mark puts the moment on the performance
    // timeline, relative to the navigation's start.
    root.setAttribute('data-hydrated', 'true');
    performance.mark(PAGE_HYDRATED_MARK);
    return () => {
      for (const dispose of disposers) dispose();
      window.removeEventListener('resize', onResize);
      onResize.cancel();
    };
  }, [store]);
  return null;
}
