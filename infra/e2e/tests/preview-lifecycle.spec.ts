import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { startExtraShell, type ExtraShell } from '../support/extra-shell';
import { startNginx, type RunningNginx } from '../support/nginx';
import { startOwnPlatform, type OwnPlatform } from '../support/own-platform';
import { copyDir, repoRoot } from '../support/platform-control';
import { liveNewsVersion, putOwnPage, sectionVersion, siteRemotes } from '../support/news-release';

// A platform of its own, two shells on its registry and Debian's nginx with the shipped template in front of the
// first: a preview is published and revoked there, as a team does it. Runs in the lifecycle project (its name ends
// in lifecycle.spec.ts), after the site's tests.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const workDir = path.join(repoRoot, 'test-results', 'e2e-preview');
const OPERATOR_TOKEN = 'e2e-preview-operator-token';
const DASHBOARD_TOKEN = 'e2e-preview-dashboard-token';
const ADMIN_TOKEN = 'e2e-preview-admin-token';
const SLUG = 'e2e-preview';

/**
 * A release of the news remote the team has not made live: the built remote under another version name (the same
 * code; the version is what the pages and the browser's requests show).
 */
function previewBuild(version: string): string {
  const dist = path.join(workDir, 'news-preview');
  copyDir(path.join(repoRoot, 'remotes/news/dist'), dist);
  const manifestFile = path.join(dist, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { site: { version: string } };
  manifest.site.version = version;
  const text = JSON.stringify(manifest);
  fs.writeFileSync(manifestFile, text);
  // The precompressed copies the hosts serve go with it.
  fs.writeFileSync(`${manifestFile}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${manifestFile}.gz`, zlib.gzipSync(text));
  return dist;
}

async function cli(platform: OwnPlatform, args: string[]): Promise<string> {
  const { code, output } = await siteRemotes(platform, OPERATOR_TOKEN, args).done;
  if (code !== 0) throw new Error(`site-remotes ${args.join(' ')} exited with ${code}:\n${output}`);
  return output;
}

/** The version of the news remote on the page for this visitor, the page's cache headers, and whether it shows the banner. */
async function seen(context: APIRequestContext, url: string) {
  const response = await context.get(url);
  expect(response.status(), url).toBe(200);
  const html = await response.text();
  return {
    version: sectionVersion(html, 'NewsLatest')?.version,
    banner: html.includes('data-preview-banner'),
    cacheControl: response.headers()['cache-control'],
    nginx: response.headers()['x-cache-status'],
  };
}

const previewCookie = async (context: BrowserContext | APIRequestContext) =>
  (await context.storageState()).cookies.find((cookie) => cookie.name === 'site_preview');

test.describe('a preview on the live fleet', () => {
  let platform: OwnPlatform;
  let second: ExtraShell;
  let nginx: RunningNginx;
  let live: string;
  let preview: string;
  let dist: string;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    platform = await startOwnPlatform('preview', { OPERATOR_TOKEN, DASHBOARD_TOKEN, CONTENT_ADMIN_TOKEN: ADMIN_TOKEN });
    // The second shell of the fleet: the same registry and content, its own process and render cache.
    second = await startExtraShell({ CONTENT_API_URL: platform.api, REGISTRY_URL: `${platform.registry}/registry.json` });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { freePort } = require('../../orchestrator/src/services.js') as { freePort(): Promise<number> };
    nginx = await startNginx(new URL(platform.site).host, new URL(platform.remotes).host, await freePort());
    await putOwnPage(platform, ADMIN_TOKEN, { slug: SLUG, title: 'Предпросмотр', components: [{ id: 'latest', name: 'NewsLatest', props: { limit: 2 } }] });
    live = await liveNewsVersion(platform, DASHBOARD_TOKEN);
    preview = `${live}-preview`.slice(0, 64);
    dist = previewBuild(preview);
  });

  test.afterAll(async () => {
    await nginx?.stop();
    await second?.stop();
    await platform?.stop();
  });

  test('the link shows the preview on both shells to that browser only, never cached by the shells or nginx, until it is revoked', async ({ browser }) => {
    const started = Date.now();
    const output = await cli(platform, ['deploy', '--preview', dist, '--site', nginx.url]);
    expect(output).toContain(`news@${preview} published as preview`);
    expect(output).toContain('not live');
    const id = /published as preview ([a-z0-9]+)/.exec(output)![1]!;
    const link = /open in a browser: (\S+)/.exec(output)![1]!;
    expect(link.startsWith(`${nginx.url}/_preview/`)).toBe(true);

    // The preview's browser: the link, then a page through nginx, hydrated with the preview's code.
    const previewer = await browser.newContext();
    const visitor = await browser.newContext();
    try {
      const page = await previewer.newPage();
      const newsCode: string[] = [];
      const previewPageData: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/remotes/news/')) newsCode.push(request.url());
        if (request.url().includes('/api/') && request.url().includes('_preview')) previewPageData.push(request.url());
      });
      await page.goto(link);
      expect(await previewCookie(previewer)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      const answer = await page.goto(`${nginx.url}/${SLUG}`);
      expect(answer?.headers()['cache-control']).toBe('private, no-store');
      expect(answer?.headers()['x-cache-status']).toBe('BYPASS');
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      await expect(page.locator('[data-section="NewsLatest"]')).toHaveAttribute('data-remote-version', preview);
      await expect(page.getByRole('status').filter({ hasText: `Предварительный просмотр news ${preview}` })).toBeVisible();
      // The state the browser hydrates with names the preview's build; any news code it fetches is the preview's.
      const html = await page.content();
      expect(html).toContain(`/remotes/news/${preview}/mf-manifest.json`);
      expect(html).not.toContain(`/remotes/news/${live}/`);
      expect(newsCode.every((url) => url.includes(`/remotes/news/${preview}/`))).toBe(true);
      // The way out is a plain link the browser follows: never prefetched as a page of the site.
      expect(previewPageData).toEqual([]);

      // The same moment, another browser gets the live version: through nginx, whose cache never took the preview's
      // page (a miss, then a hit), and from each shell.
      const first = await seen(visitor.request, `${nginx.url}/${SLUG}`);
      expect(first).toMatchObject({ version: live, banner: false, nginx: 'MISS' });
      expect(first.cacheControl).toMatch(/^public/);
      expect(await seen(visitor.request, `${nginx.url}/${SLUG}`)).toMatchObject({ version: live, banner: false, nginx: 'HIT' });
      expect(await seen(visitor.request, `${second.url}/${SLUG}`)).toMatchObject({ version: live, banner: false });
      // The second shell shows the preview to the preview's browser (one origin for the fleet: the cookie goes there too).
      expect(await seen(previewer.request, `${second.url}/${SLUG}`)).toMatchObject({ version: preview, banner: true, cacheControl: 'private, no-store' });
      // Through nginx again: still the preview for its browser, still the live page in the cache for everyone else.
      expect(await seen(previewer.request, `${nginx.url}/${SLUG}`)).toMatchObject({ version: preview, nginx: 'BYPASS' });
      expect(await seen(visitor.request, `${nginx.url}/${SLUG}`)).toMatchObject({ version: live, nginx: 'HIT' });

      // Revoked: both shells end it at their next registry poll; the cookie is cleared and the live page comes back.
      const revokedAt = Date.now();
      expect(await cli(platform, ['preview', 'revoke', id])).toContain(`preview ${id} of news@${preview} revoked`);
      await expect.poll(async () => (await seen(previewer.request, `${second.url}/${SLUG}`)).version, { timeout: 10_000 }).toBe(live);
      expect(await seen(previewer.request, `${platform.site}/${SLUG}`)).toMatchObject({ version: live, banner: false });
      expect(await previewCookie(previewer)).toBeUndefined();
      console.log(
        `preview news@${preview}: shown on 2 shells to one browser only; revocation took effect in ${((Date.now() - revokedAt) / 1000).toFixed(1)} s; ${((Date.now() - started) / 1000).toFixed(1)} s in all`,
      );
    } finally {
      await previewer.close();
      await visitor.close();
    }
  });

  test('a preview that expires ends by itself on every shell, even for a browser that kept the cookie', async ({ playwright }) => {
    const output = await cli(platform, ['deploy', '--preview', dist, '--site', second.url, '--expires', '10s']);
    const link = /open in a browser: (\S+)/.exec(output)![1]!;
    const until = Date.parse(/until (\S+)/.exec(output)![1]!);
    const secret = link.slice(link.lastIndexOf('/') + 1);
    const previewer = await playwright.request.newContext();
    try {
      await previewer.get(link);
      expect(await previewCookie(previewer)).toBeDefined();
      expect(await seen(previewer, `${second.url}/${SLUG}`)).toMatchObject({ version: preview, banner: true });
      expect(await seen(previewer, `${platform.site}/${SLUG}`)).toMatchObject({ version: preview, banner: true });
    } finally {
      await previewer.dispose();
    }
    // The browser drops the cookie at the expiry by itself; one that still sends it gets the live page, and the cookie
    // cleared, from every shell.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now() + 100)));
    for (const shell of [platform.site, second.url]) {
      const response = await fetch(`${shell}/${SLUG}`, { headers: { cookie: `site_preview=${secret}` } });
      const html = await response.text();
      expect(sectionVersion(html, 'NewsLatest')?.version, shell).toBe(live);
      expect(html, shell).not.toContain('data-preview-banner');
      expect(response.headers.get('set-cookie'), shell).toBe('site_preview=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly');
    }
  });
});
