import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { collectConsole } from '../support/console';
import { startOwnPlatform, type OwnPlatform } from '../support/own-platform';

// A platform of its own: a published file is altered on disk, which would break every other test of the news remote.
// Runs in the lifecycle project (its name ends in lifecycle.spec.ts), after the site's tests.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const DASHBOARD_TOKEN = 'e2e-integrity-dashboard-token';
/** Chromium's words for a file whose content is not the one its `integrity` attribute names. */
const INTEGRITY_FAILURE = /integrity/i;

interface RemoteState {
  name: string;
  version: string;
  manifestUrl: string;
  integrity?: Record<string, string>;
}

/** The remotes as the server handed them to the browser with the page (the page state). */
async function pageRemotes(page: Page): Promise<RemoteState[]> {
  return page.evaluate(() => {
    const payload = JSON.parse(document.getElementById('__SITE_STATE__')?.textContent ?? '{}') as { store?: { remotes?: { list?: RemoteState[] } } };
    return payload.store?.remotes?.list ?? [];
  });
}

/** The count of browser errors of the news remote's version on /metrics, summed over its sections. */
async function newsBrowserErrors(platform: OwnPlatform, version: string): Promise<number> {
  const text = await (await fetch(`${platform.site}/metrics`, { headers: { authorization: `Bearer ${DASHBOARD_TOKEN}` } })).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('site_section_browser_errors_total{') && line.includes('remote="news"') && line.includes(`version="${version}"`))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

interface RemoteElement {
  tag: 'script' | 'link';
  url: string;
  /** What a preload link fetches (`script`, `style`, `fetch`). */
  as?: string | null;
  integrity: string | null;
}

/** Records every script and link with a URL the page gets (parsed or created), with its `integrity` as inserted. */
async function recordElements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Array<{ tag: string; url: string; integrity: string | null; as?: string | null }> = [];
    (window as unknown as { __remoteElements: typeof seen }).__remoteElements = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLScriptElement && node.src) seen.push({ tag: 'script', url: node.src, integrity: node.getAttribute('integrity') });
          if (node instanceof HTMLLinkElement && node.href)
            seen.push({ tag: 'link', url: node.href, integrity: node.getAttribute('integrity'), as: node.getAttribute('as') });
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

async function recordedElements(page: Page): Promise<RemoteElement[]> {
  return page.evaluate(() => (window as unknown as { __remoteElements: RemoteElement[] }).__remoteElements);
}

async function newsFolder(platform: OwnPlatform): Promise<{ version: string; folder: string }> {
  const status = (await (await fetch(`${platform.site}/_platform/remotes.json`, { headers: { authorization: `Bearer ${DASHBOARD_TOKEN}` } })).json()) as {
    remotes: Array<{ name: string; version: string }>;
  };
  const version = status.remotes.find((remote) => remote.name === 'news')!.version;
  return { version, folder: path.join(platform.dataDir, 'cdn', 'news', version) };
}

/** Alters a published file as an attacker with write access to the static host would; returns how to undo it. */
function alter(file: string, addition: string): () => void {
  const copies = [file, `${file}.br`, `${file}.gz`].filter((name) => fs.existsSync(name)).map((name) => [name, fs.readFileSync(name)] as const);
  fs.appendFileSync(file, addition);
  for (const copy of [`${file}.br`, `${file}.gz`]) fs.rmSync(copy, { force: true });
  return () => {
    for (const [name, bytes] of copies) fs.writeFileSync(name, bytes);
  };
}

test.describe('subresource integrity of remote code in the browser', () => {
  let platform: OwnPlatform;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    platform = await startOwnPlatform('integrity', { DASHBOARD_TOKEN });
  });

  test.afterAll(async () => {
    await platform?.stop();
  });

  test('an unaltered page loads remote code with the published hashes and hydrates without integrity errors', async ({ page }) => {
    await recordElements(page);
    const console = collectConsole(page);
    // A media article with a video: it hydrates (its video player), so its page loads the news remote's code (the
    // home and news pages' sections are static and load none, and so does an article without videos).
    await page.goto(`${platform.site}/news/43`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const news = (await pageRemotes(page)).find((remote) => remote.name === 'news')!;
    expect(news.integrity?.['remoteEntry.js']).toMatch(/^sha256-[A-Za-z0-9+/]{43}=$/);
    // The server's preload of the entry carries the same hash, so the browser checks it before any script runs.
    const entryUrl = new URL('remoteEntry.js', news.manifestUrl).toString();
    await expect(page.locator(`link[rel="preload"][href="${entryUrl}"]`)).toHaveAttribute('integrity', news.integrity!['remoteEntry.js']!);
    // The news section's code ran: its module is loaded in this page.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/remotes\/news\/.+\/remoteEntry\.js$/.test(entry.name))))
      .toBe(true);
    await page.waitForLoadState('networkidle');
    expect(console.messages.filter((message) => INTEGRITY_FAILURE.test(message))).toEqual([]);
    // Every script and stylesheet of a remote the page got, from the server or created in the browser, named its hash.
    // (The remote's manifest is data the runtime fetches, never run or applied: its preload is a fetch, with no hash.)
    const remoteFiles = (await recordedElements(page)).filter((element) => element.url.includes('/remotes/') && element.as !== 'fetch');
    const unchecked = remoteFiles.filter((element) => !element.integrity);
    test.info().annotations.push({
      type: 'remote elements',
      description: `${remoteFiles.length - unchecked.length} with integrity, ${unchecked.length} without (${remoteFiles.filter((e) => e.tag === 'script').length} scripts)`,
    });
    expect(remoteFiles.length).toBeGreaterThan(0);
    expect(unchecked).toEqual([]);
  });

  test("a chunk and a stylesheet the remote's own runtime loads carry the hashes built into its entry: altered, they are refused", async ({ page }) => {
    const { folder } = await newsFolder(platform);
    // The hashes the remote entry carries are those of the files as published (as served, before any encoding):
    // one for every script and stylesheet of the version, and nothing else.
    const published = fs
      .readdirSync(folder)
      .filter((file) => /\.(js|css)$/.test(file) && file !== 'remoteEntry.js')
      .map(
        (file) =>
          `sha256-${createHash('sha256')
            .update(fs.readFileSync(path.join(folder, file)))
            .digest('base64')}`,
      );
    const entryText = fs.readFileSync(path.join(folder, 'remoteEntry.js'), 'utf8');
    const inEntry = [...entryText.matchAll(/"(sha256-[A-Za-z0-9+/]{43}=)"/g)].map((match) => match[1]);
    expect(published.length).toBeGreaterThan(0);
    expect(new Set(inEntry)).toEqual(new Set(published));
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8')) as {
      exposes: Array<{ name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }>;
    };
    // A section an article's page does not show: its files are fetched only when the remote's container is asked for
    // it. (A video article's page loads the news container for its hydrating article; the home and news pages'
    // sections are static and load no remote code at all.)
    const feed = manifest.exposes.find((expose) => expose.name === 'NewsFeed')!;
    const chunk = feed.assets.js.sync.find((file) => file.startsWith('__federation_expose_'))!;
    const stylesheet = feed.assets.css.sync[0]!;
    expect(chunk).toBeTruthy();
    expect(stylesheet).toBeTruthy();

    await recordElements(page);
    const console = collectConsole(page);
    await page.goto(`${platform.site}/news/43`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const restore = [
      alter(path.join(folder, chunk), '\n;window.__alteredChunkRan = true;\n'),
      alter(path.join(folder, stylesheet), '\nhtml{--altered-stylesheet:applied}\n'),
    ];
    try {
      // The remote's own webpack runtime creates the script and the stylesheet link (Module Federation's hooks never see them).
      const outcome = await page.evaluate(async () => {
        const container = (window as unknown as { news?: { get(module: string): Promise<unknown> } }).news;
        if (!container) return 'no container';
        try {
          await container.get('./NewsFeed');
          return 'loaded';
        } catch (error) {
          return `refused: ${(error as Error).name}`;
        }
      });
      expect(outcome).toBe('refused: ChunkLoadError');
      await expect.poll(() => console.messages.filter((message) => INTEGRITY_FAILURE.test(message) && message.includes(chunk)).length).toBeGreaterThan(0);
      await expect.poll(() => console.messages.filter((message) => INTEGRITY_FAILURE.test(message) && message.includes(stylesheet)).length).toBeGreaterThan(0);
      // Neither ran nor applied, and both named the hash the build computed (the one the registry recorded at publish).
      expect(await page.evaluate(() => (window as { __alteredChunkRan?: boolean }).__alteredChunkRan ?? false)).toBe(false);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--altered-stylesheet'))).toBe('');
      const news = (await pageRemotes(page)).find((remote) => remote.name === 'news')!;
      const created = (await recordedElements(page)).filter((element) => element.url.endsWith(`/${chunk}`) || element.url.endsWith(`/${stylesheet}`));
      expect(created.map((element) => [element.tag, element.integrity])).toEqual(
        expect.arrayContaining([
          ['script', news.integrity![chunk]],
          ['link', news.integrity![stylesheet]],
        ]),
      );
      // The page's own sections are untouched, and a refused file is no reason to reload.
      await expect(page.locator('[data-section-id="news-article-43"]')).toHaveAttribute('data-section-status', 'ready');
      expect(await page.evaluate(() => sessionStorage.getItem('chunkReloadAt'))).toBeNull();
    } finally {
      for (const undo of restore) undo();
    }
  });

  test('an altered published chunk is refused by the browser, the section keeps its server HTML and the error is counted', async ({ page }) => {
    const status = (await (await fetch(`${platform.site}/_platform/remotes.json`, { headers: { authorization: `Bearer ${DASHBOARD_TOKEN}` } })).json()) as {
      remotes: Array<{ name: string; version: string }>;
    };
    const version = status.remotes.find((remote) => remote.name === 'news')!.version;
    const folder = path.join(platform.dataDir, 'cdn', 'news', version);
    const entry = path.join(folder, 'remoteEntry.js');
    // What an attacker with write access to the static host would do: new bytes, compressed copies gone.
    fs.appendFileSync(entry, '\n;window.__alteredRemoteRan = true;\n');
    for (const copy of [`${entry}.br`, `${entry}.gz`]) fs.rmSync(copy, { force: true });
    const before = await newsBrowserErrors(platform, version);

    // A media article with a video hydrates (its video player): its page loads the news code at once.
    const server = await (await fetch(`${platform.site}/news/43`)).text();
    const serverNews = /<div data-section="NewsArticle" data-section-id="news-article-43"[^>]*data-section-status="ready"/.test(server);
    expect(serverNews, 'the server rendered the news section').toBe(true);

    const console = collectConsole(page);
    await page.goto(`${platform.site}/news/43`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await expect.poll(() => console.messages.filter((message) => INTEGRITY_FAILURE.test(message)).length).toBeGreaterThan(0);
    expect(console.messages.join('\n')).toContain('remoteEntry.js');
    // The altered code never ran, and the section still shows what the server rendered.
    expect(await page.evaluate(() => (window as { __alteredRemoteRan?: boolean }).__alteredRemoteRan ?? false)).toBe(false);
    const section = page.locator('[data-section-id="news-article-43"]');
    await expect(section).toHaveAttribute('data-section-status', 'ready');
    await expect(section.locator('p').first()).toBeVisible();
    // Counted as a browser error of that version.
    await expect.poll(() => newsBrowserErrors(platform, version), { timeout: 15_000 }).toBeGreaterThan(before);
    // A refused file is no passing chunk error: the page did not reload itself to fetch the same bytes again.
    expect(await page.evaluate(() => sessionStorage.getItem('chunkReloadAt'))).toBeNull();
  });
});
