import { createHash } from 'node:crypto';
import { fetchFederatedFile } from './node-entry-plugin';
import { withTimeout } from '../lib/timeout';

export interface RemoteStylesOptions {
  /** Time limit for fetching one stylesheet from a remote's host. */
  timeoutMs: number;
  log: { warn(obj: object, msg: string): void };
  /** The sha256 (hex) recorded at publish for a stylesheet URL: a text that differs is never put in a page. */
  expectedSha256?(href: string): string | null;
}

export interface InlineStyle {
  /** Where the stylesheet is published (it names the remote and version it belongs to). */
  href: string;
  css: string;
}

/** `url(...)` references of a stylesheet, to be made absolute once the text no longer lives at its own URL. */
const URL_REFERENCE = /url\(\s*(['"]?)([^'")]+?)\1\s*\)/g;

/**
 * A stylesheet's text as it may sit inside the page: relative references resolved against where it was published,
 * and nothing that could close the `<style>` element around it.
 */
export function inlineableCss(css: string, href: string): string {
  return css
    .replace(URL_REFERENCE, (whole, quote: string, reference: string) => {
      if (/^(data:|[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(reference)) return whole;
      try {
        return `url(${quote}${new URL(reference, href).toString()}${quote})`;
      } catch {
        return whole;
      }
    })
    .replace(/<\/(style)/gi, '<\\/$1');
}

/**
 * The stylesheets of remote sections, held as text so that pages carry them inline: a page never waits on a
 * remote's host to paint. Remote files are content-hashed and immutable, so a URL's text never changes; texts are
 * fetched when a version is warmed and dropped when no live version names them any more.
 */
export class RemoteStyles {
  private readonly texts = new Map<string, string>();
  private readonly pending = new Map<string, Promise<string>>();

  constructor(private readonly options: RemoteStylesOptions) {}

  cached(href: string): string | undefined {
    return this.texts.get(href);
  }

  /** Fetches one stylesheet (concurrent callers share the request); a failure is retried by the next caller. */
  load(href: string): Promise<string> {
    const known = this.texts.get(href);
    if (known !== undefined) return Promise.resolve(known);
    let pending = this.pending.get(href);
    if (!pending) {
      pending = fetchFederatedFile(href, this.options.timeoutMs, { headers: { accept: 'text/css' } })
        .then((response) => response.arrayBuffer())
        .then((body) => {
          const bytes = Buffer.from(body);
          const expected = this.options.expectedSha256?.(href) ?? null;
          const actual = expected ? createHash('sha256').update(bytes).digest('hex') : null;
          // A stylesheet that is not what the team published never reaches a page (the section's code adds it).
          if (expected && actual !== expected) {
            throw new Error(`${href} fails integrity: sha256 ${actual!.slice(0, 12)}… is not the ${expected.slice(0, 12)}… recorded at publish`);
          }
          const css = bytes.toString('utf8');
          const text = inlineableCss(css, href);
          this.texts.set(href, text);
          return text;
        })
        .finally(() => this.pending.delete(href));
      this.pending.set(href, pending);
    }
    return pending;
  }

  /** Loads every stylesheet of a version before it goes live; resolves with the ones that failed. */
  async warm(hrefs: string[]): Promise<Array<{ href: string; error: string }>> {
    const results = await Promise.allSettled(hrefs.map((href) => this.load(href)));
    return results.flatMap((result, index) => (result.status === 'rejected' ? [{ href: hrefs[index]!, error: (result.reason as Error).message }] : []));
  }

  /**
   * The page's stylesheets as inline texts. One that is not held yet is waited for within the budget; one still
   * missing after it is left out (the section stays readable, and its code adds the stylesheet in the browser).
   */
  async collect(hrefs: string[], budgetMs: number): Promise<InlineStyle[]> {
    const missing = hrefs.filter((href) => !this.texts.has(href));
    if (missing.length > 0) {
      const waited = await Promise.allSettled(missing.map((href) => withTimeout(this.load(href), budgetMs, `stylesheet ${href}`)));
      waited.forEach((result, index) => {
        if (result.status === 'rejected') {
          this.options.log.warn({ href: missing[index], err: (result.reason as Error).message }, 'remote stylesheet left out of the page');
        }
      });
    }
    return hrefs.flatMap((href) => {
      const css = this.texts.get(href);
      return css === undefined ? [] : [{ href, css }];
    });
  }

  /** Drops the texts of versions no longer live. */
  retainOnly(hrefs: Iterable<string>): void {
    const keep = new Set(hrefs);
    for (const href of this.texts.keys()) if (!keep.has(href)) this.texts.delete(href);
  }
}
