import type { RemoteCatalog } from '../federation/catalog';
import type { ServerFederation } from '../federation/server-federation';
import type { SectionView } from '../stores/page-store';
import type { RemoteUse } from '../stores/root-store';

/** The shell's browser files (shell-assets.json of its browser build), by name in `/_shell/`. */
export interface ShellAssets {
  /** The entry's scripts, in load order. */
  js: string[];
  css: string[];
  /** The federation runtime's chunk, loaded with the first remote section a page needs. */
  federation: string[];
  /** The HTML sanitizer's chunk, loaded before the page's sections hydrate (they may render backend HTML). */
  sanitizer?: string[];
}

/** How long a page waits for a remote stylesheet the shell does not hold yet (normally all are held: see warm). */
const STYLESHEET_WAIT_MS = 500;

/** The remotes the browser may load sections from, as the page's store lists them. */
export function remotesForBrowser(catalog: RemoteCatalog): RemoteUse[] {
  return (
    [...catalog.remotes.values()]
      // A remote whose host the server cannot reach still rendered from memory; the browser may well reach it.
      .filter((record) => record.health === 'up' || (record.health === 'unreachable' && record.manifest !== null))
      .map((record) => ({
        name: record.name,
        version: record.version,
        manifestUrl: record.manifestUrl,
        sections: record.sections,
        health: record.health,
        ...(record.integrity ? { integrity: record.integrity } : {}),
      }))
  );
}

/**
 * How many of a page's sections start in its first screen, as far as the server can tell: it cannot measure the
 * visitor's screen, and on a phone a page's first two sections fill it (a hero, then the start of the next). Their
 * code is what the page's hydration waits for; the code of sections further down is not preloaded, so it does not
 * take the phone's bandwidth from the shell's scripts: the browser asks for it once the page hydrates (or, for a lazy
 * section, once it nears the viewport). The browser measures too: a later section that does start in the first
 * screen is waited for all the same, its code only asked for later.
 */
const FIRST_SCREEN_SECTIONS = 2;

/** The sections the server counts as the page's first screen (see FIRST_SCREEN_SECTIONS). */
export function firstScreenSections(sections: SectionView[]): SectionView[] {
  return sections.slice(0, FIRST_SCREEN_SECTIONS);
}

/**
 * Stylesheets of every rendered section (inlined by the caller, so no remote host can hold up first paint) and
 * preloads of the code the first screen's sections need to hydrate at once (preloads never block rendering).
 */
function sectionAssets(catalog: RemoteCatalog, sections: SectionView[]): { css: string[]; js: string[]; manifests: string[]; hydrates: boolean } {
  const css = new Set<string>();
  const js = new Set<string>();
  const manifests = new Set<string>();
  const firstScreen = new Set(firstScreenSections(sections));
  let hydrates = false;
  for (const section of sections) {
    if (section.status !== 'ready' || !section.remote) continue;
    const record = catalog.remotes.get(section.remote);
    const assets = record?.assets[section.descriptor.name];
    if (!record || !assets) continue;
    for (const href of assets.css) css.add(href);
    if (section.staticHtml) continue;
    // A section that hydrates may render backend HTML: the browser may load the sanitizer before hydrating the page.
    hydrates = true;
    // Lazy sections load their code later, and so do those further down; static ones never do on this page.
    if (section.lazy || !firstScreen.has(section)) continue;
    if (record.browserEntryUrl) js.add(record.browserEntryUrl);
    for (const href of assets.js) js.add(href);
    manifests.add(record.manifestUrl);
  }
  return { css: [...css], js: [...js], manifests: [...manifests], hydrates };
}

export interface PageAssets {
  stylesheets: string[];
  /** The sections' stylesheets, inlined. */
  inlineStyles: Awaited<ReturnType<ServerFederation['styles']['collect']>>;
  /** Whether a section's stylesheet did not arrive in time. */
  missingStyles: boolean;
  scriptPreloads: string[];
  /** The HTML sanitizer's chunks, for a page whose hydrating sections render backend HTML (the caller decides). */
  sanitizerPreloads: string[];
  /**
   * The federation manifests of the remotes whose code hydrates at once: the runtime fetches a remote's manifest
   * before its entry, so without a preload that request would start only once the shell's scripts run.
   */
  fetchPreloads: string[];
  scripts: string[];
}

/** What a page's document loads: the shell's files, the sections' stylesheets (inlined) and code to preload. */
export async function pageAssets(
  catalog: RemoteCatalog,
  sections: SectionView[],
  shell: ShellAssets,
  federation: ServerFederation,
  remoteLoadTimeoutMs: number,
): Promise<PageAssets> {
  const assets = sectionAssets(catalog, sections);
  const inlineStyles = await federation.styles.collect(assets.css, Math.min(STYLESHEET_WAIT_MS, remoteLoadTimeoutMs));
  return {
    stylesheets: shell.css.map((file) => `/_shell/${file}`),
    inlineStyles,
    missingStyles: inlineStyles.length < assets.css.length,
    // A page that hydrates remote code at once needs the federation runtime first: preloaded with that code.
    scriptPreloads: assets.js.length > 0 ? [...shell.federation.map((file) => `/_shell/${file}`), ...assets.js] : [],
    sanitizerPreloads: assets.hydrates ? (shell.sanitizer ?? []).map((file) => `/_shell/${file}`) : [],
    fetchPreloads: assets.manifests,
    scripts: shell.js.map((file) => `/_shell/${file}`),
  };
}
