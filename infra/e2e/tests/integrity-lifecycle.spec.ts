import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { collectConsole } from '../support/console';
import { startOwnPlatform, type OwnPlatform } from '../support/own-platform';

// A platform of its own: a published file is altered on disk, which would break every other test of the news remote.
// Runs in the lifecycle project (its name ends in lifecycle.spec.ts), after the site's tests.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const OPERATOR_TOKEN = 'e2e-integrity-operator-token';
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
  const text = await (await fetch(`${platform.site}/metrics`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('site_section_browser_errors_total{') && line.includes('remote="news"') && line.includes(`version="${version}"`))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

test.describe('subresource integrity of remote code in the browser', () => {
  let platform: OwnPlatform;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    platform = await startOwnPlatform('integrity', { OPERATOR_TOKEN });
  });

  test.afterAll(async () => {
    await platform?.stop();
  });

  test('an unaltered page loads remote code with the published hashes and hydrates without integrity errors', async ({ page }) => {
    const console = collectConsole(page);
    // The news page: its feed hydrates (the home page's sections are static and load no remote code).
    await page.goto(`${platform.site}/news`);
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
  });

  test('an altered published chunk is refused by the browser, the section keeps its server HTML and the error is counted', async ({ page }) => {
    const status = (await (await fetch(`${platform.site}/_platform/remotes.json`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })).json()) as {
      remotes: Array<{ name: string; version: string }>;
    };
    const version = status.remotes.find((remote) => remote.name === 'news')!.version;
    const folder = path.join(platform.dataDir, 'cdn', 'news', version);
    const entry = path.join(folder, 'remoteEntry.js');
    // What an attacker with write access to the static host would do: new bytes, compressed copies gone.
    fs.appendFileSync(entry, '\n;window.__alteredRemoteRan = true;\n');
    for (const copy of [`${entry}.br`, `${entry}.gz`]) fs.rmSync(copy, { force: true });
    const before = await newsBrowserErrors(platform, version);

    const server = await (await fetch(`${platform.site}/news`)).text();
    const serverNews = /<div data-section="NewsFeed" data-section-id="feed"[^>]*data-section-status="ready"/.test(server);
    expect(serverNews, 'the server rendered the news section').toBe(true);

    const console = collectConsole(page);
    await page.goto(`${platform.site}/news`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await expect.poll(() => console.messages.filter((message) => INTEGRITY_FAILURE.test(message)).length).toBeGreaterThan(0);
    expect(console.messages.join('\n')).toContain('remoteEntry.js');
    // The altered code never ran, and the section still shows what the server rendered.
    expect(await page.evaluate(() => (window as { __alteredRemoteRan?: boolean }).__alteredRemoteRan ?? false)).toBe(false);
    const section = page.locator('[data-section-id="feed"]');
    await expect(section).toHaveAttribute('data-section-status', 'ready');
    await expect(section.locator('a').first()).toBeVisible();
    // Counted as a browser error of that version.
    await expect.poll(() => newsBrowserErrors(platform, version), { timeout: 15_000 }).toBeGreaterThan(before);
    // A refused file is no passing chunk error: the page did not reload itself to fetch the same bytes again.
    expect(await page.evaluate(() => sessionStorage.getItem('chunkReloadAt'))).toBeNull();
  });
});
