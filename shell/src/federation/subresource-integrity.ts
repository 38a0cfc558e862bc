import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Subresource integrity for remotes' browser files. The registry records every published file's sha256 (hex); the
 * server hands the browser the hashes of the exact versions a page uses, as SRI values (`sha256-<base64>`) by path
 * in the version folder. Module Federation has no integrity of its own: a runtime plugin gives every script and
 * stylesheet it creates for a remote `integrity` and `crossorigin`, so the browser refuses a file that differs.
 */

/** The SRI value (`sha256-<base64>`) of a sha256 written in hex, or null for anything else. */
export function sriOfSha256(hex: string): string | null {
  if (!/^[0-9a-f]{64}$/.test(hex)) return null;
  const bytes = hex.match(/../g)!.map((pair) => String.fromCharCode(parseInt(pair, 16)));
  return `sha256-${btoa(bytes.join(''))}`;
}

/**
 * The SRI values of a version's files the browser may load (by path in the version folder): the listed paths that
 * the registry holds a hash of. Server containers and compressed copies are left out, since browsers never load them.
 */
export function browserIntegrity(files: Record<string, string> | undefined, paths: Iterable<string>): Record<string, string> | undefined {
  if (!files) return undefined;
  const integrity: Record<string, string> = {};
  for (const file of paths) {
    const hash = files[file];
    const sri = hash ? sriOfSha256(hash) : null;
    if (sri) integrity[file] = sri;
  }
  return Object.keys(integrity).length > 0 ? integrity : undefined;
}

/** One remote version as the browser knows it: where its files live and their SRI values. */
export interface IntegrityRemote {
  name: string;
  version: string;
  /** The version folder (the folder of its manifest), against which the paths of `integrity` resolve. */
  baseUrl: string;
  integrity?: Record<string, string>;
}

interface IntegrityEntry {
  sri: string;
  remote: string;
  version: string;
}

/** Says whether a file the browser refused to load differs from what was published (false: a network failure). */
export type IntegrityVerifier = (url: string, sri: string) => Promise<boolean>;

/**
 * Fetches a file again (CORS, from the HTTP cache when it holds it) and compares its sha256 with the published one.
 * Without WebCrypto (an insecure context) nothing can be told apart, and the failure counts as a network one.
 */
export const fetchAndCompare: IntegrityVerifier = async (url, sri) => {
  if (typeof crypto === 'undefined' || !crypto.subtle || !sri.startsWith('sha256-')) return false;
  try {
    const response = await fetch(url, { mode: 'cors', credentials: 'omit', cache: 'force-cache' });
    if (!response.ok) return false;
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await response.arrayBuffer()));
    return `sha256-${btoa(String.fromCharCode(...digest))}` !== sri;
  } catch {
    return false;
  }
};

/**
 * Holds the SRI values of the remote versions a page uses and the files the browser refused because they differ
 * from what was published. A refused file is not a passing network failure: reloading would fetch the same bytes.
 */
export class IntegrityGuard {
  private readonly entries = new Map<string, IntegrityEntry>();
  /** The version folders of the remotes, to tell which remote version a file belongs to. */
  private readonly folders: Array<{ baseUrl: string; remote: string; version: string }> = [];
  /** Elements this guard protected: their failures are already heard of. */
  private readonly guarded = new WeakSet<Element>();
  /** Checks of failed files by remote version (`remote@version`): each resolves true when the file was altered. */
  private readonly checks = new Map<string, Array<Promise<boolean>>>();

  constructor(
    remotes: IntegrityRemote[],
    private readonly verify: IntegrityVerifier = fetchAndCompare,
    private readonly onRefused: (refusal: { url: string; remote: string; version: string }) => void = () => undefined,
  ) {
    for (const remote of remotes) {
      this.folders.push({ baseUrl: new URL(remote.baseUrl).toString(), remote: remote.name, version: remote.version });
      for (const [file, sri] of Object.entries(remote.integrity ?? {})) {
        this.entries.set(new URL(file, remote.baseUrl).toString(), { sri, remote: remote.name, version: remote.version });
      }
    }
  }

  /** The SRI value recorded for a file's URL, or null for a file no hash was published for. */
  integrityOf(url: string): string | null {
    return this.entries.get(url)?.sri ?? null;
  }

  /** Whether any file of the remote version failed to load because it differs from what was published. */
  async refused(remote: string, version: string): Promise<boolean> {
    const checks = this.checks.get(`${remote}@${version}`) ?? [];
    return (await Promise.all(checks)).some(Boolean);
  }

  /** Puts `integrity` and `crossorigin` on a script or stylesheet element whose file has a published hash. */
  protect<E extends HTMLScriptElement | HTMLLinkElement>(element: E, url: string): E {
    const entry = this.entries.get(url);
    if (!entry) return element;
    element.setAttribute('integrity', entry.sri);
    element.setAttribute('crossorigin', 'anonymous');
    element.addEventListener('error', () => this.failed(url, entry), { once: true });
    this.guarded.add(element);
    return element;
  }

  /**
   * Hears of failures of the scripts and stylesheets a remote's own webpack runtime creates (split chunks, shared
   * fallbacks, extracted CSS chunks): the build gives them `integrity` from hashes inside the remote entry, which is
   * itself checked against the published hash. Such a refusal counts like one of the files this guard protected.
   */
  watch(root: Document): void {
    root.addEventListener(
      'error',
      (event) => {
        const element = event.target;
        if (!(element instanceof HTMLScriptElement || element instanceof HTMLLinkElement) || this.guarded.has(element)) return;
        const sri = element.getAttribute('integrity');
        const url = element instanceof HTMLScriptElement ? element.src : element.href;
        const folder = sri && url ? this.folders.find((candidate) => url.startsWith(candidate.baseUrl)) : undefined;
        if (!sri || !folder) return;
        this.guarded.add(element);
        this.failed(url, { sri: this.entries.get(url)?.sri ?? sri, remote: folder.remote, version: folder.version });
      },
      // Load errors do not bubble: heard while they travel down to the element.
      { capture: true },
    );
  }

  private failed(url: string, entry: IntegrityEntry): void {
    const key = `${entry.remote}@${entry.version}`;
    const check = this.verify(url, entry.sri).then((altered) => {
      if (altered) {
        console.error(`${url} was refused: its content is not the ${entry.sri} published for ${key}`);
        this.onRefused({ url, remote: entry.remote, version: entry.version });
      }
      return altered;
    });
    this.checks.set(key, [...(this.checks.get(key) ?? []), check]);
  }

  /**
   * The federation runtime plugin: scripts (remote entries, preloaded chunks) and links (stylesheets, preloads) it
   * creates for a remote's files carry the published hash. Files without one are left to the runtime's defaults.
   */
  plugin(): ModuleFederationRuntimePlugin {
    const applyAttributes = (element: HTMLElement, attrs: Record<string, unknown> | undefined) => {
      for (const [name, value] of Object.entries(attrs ?? {})) {
        if (name === 'async' || name === 'defer') (element as HTMLScriptElement)[name] = Boolean(value);
        else if (name !== 'integrity' && name !== 'crossorigin' && value !== undefined) element.setAttribute(name, String(value));
      }
    };
    return {
      name: 'site-subresource-integrity',
      createScript: ({ url, attrs }) => {
        if (!this.entries.has(url)) return undefined;
        const script = document.createElement('script');
        script.type = attrs?.['type'] === 'module' ? 'module' : 'text/javascript';
        applyAttributes(script, attrs);
        script.src = url;
        return this.protect(script, url);
      },
      createLink: ({ url, attrs }) => {
        if (!this.entries.has(url)) return undefined;
        const link = document.createElement('link');
        applyAttributes(link, attrs);
        link.href = url;
        return this.protect(link, url);
      },
    };
  }
}
