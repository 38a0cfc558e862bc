import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { collectConsole } from '../support/console';
import { startExtraShell, type ExtraShell } from '../support/extra-shell';
import { newsBuildWith } from '../support/news-release';
import { copyDir, operatorHeaders, platformStatus, putPage, registry, registryPaths, repoRoot, waitForRemote } from '../support/platform-control';

// These tests redeploy and stop remotes that every page uses: they run one after another, after the rest.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const workDir = path.join(repoRoot, 'test-results', 'e2e-remotes');
const SLUG = 'e2e-lifecycle';

function sectionStatus(html: string, section: string): { status: string; remote?: string; version?: string } | null {
  const match = new RegExp(
    `<div data-section="${section}" data-section-id="[^"]*" data-section-status="([a-z]+)"(?: data-remote="([^"]*)")?(?: data-remote-version="([^"]*)")?`,
  ).exec(html);
  return match ? { status: match[1]!, remote: match[2], version: match[3] } : null;
}

test.describe('remote lifecycle', () => {
  let originalNews: string;
  let freshVersion: string;

  test.beforeAll(async ({ request }) => {
    originalNews = (await waitForRemote(request, 'news', (remote) => remote.health === 'up')).version;
  });

  test('a section added to one remote and a rebuild of only that remote render on a page that names it, without touching the shell', async ({ request }) => {
    const shellStamp = fs.statSync(path.join(repoRoot, 'shell/dist/.build-stamp')).mtimeMs;
    const uptimeBefore = (await platformStatus(request)).process.uptimeSeconds;

    // The news team adds two section folders and rebuilds their remote, and only it.
    const release = await newsBuildWith(workDir, 'E2eFresh', 'E2eThrowsInBrowser');
    freshVersion = release.version;
    expect(freshVersion).not.toBe(originalNews);
    await registry.deployBuild(registryPaths(), release.dist);
    await waitForRemote(request, 'news', (remote) => remote.version === freshVersion && remote.sections.includes('E2eFresh'));

    await putPage(request, 'ru', {
      slug: SLUG,
      title: 'Жизненный цикл удалённого модуля',
      components: [
        { id: 'fresh', name: 'E2eFresh', props: { text: 'Секция из пересобранного модуля' } },
        { id: 'events', name: 'EventsUpcoming', props: { limit: 2 } },
        { id: 'throws', name: 'E2eThrowsInBrowser', props: { text: 'Отрисовано на сервере' } },
      ],
    });
    const response = await request.get(`/${SLUG}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(sectionStatus(html, 'E2eFresh')).toEqual({ status: 'ready', remote: 'news', version: freshVersion });
    expect(html).toContain('Секция из пересобранного модуля');
    expect(sectionStatus(html, 'EventsUpcoming')?.status).toBe('ready');

    // The shell was neither rebuilt nor restarted.
    expect(fs.statSync(path.join(repoRoot, 'shell/dist/.build-stamp')).mtimeMs).toBe(shellStamp);
    expect((await platformStatus(request)).process.uptimeSeconds).toBeGreaterThanOrEqual(uptimeBefore);
  });

  test('a section that throws in the browser is caught by its own boundary; the rest of the page keeps working', async ({ page }) => {
    const console = collectConsole(page);
    await page.goto(`/${SLUG}`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const broken = page.locator('[data-section="E2eThrowsInBrowser"]');
    await expect(broken.locator('[data-fallback="unavailable"]')).toHaveText('Что-то пошло не так...');
    await expect(page.locator('[data-e2e="fresh"]')).toHaveText('Секция из пересобранного модуля');
    await expect(page.locator('[data-section="EventsUpcoming"] h2')).toBeVisible();
    expect(console.messages.some((message) => message.includes('fails in the browser on purpose'))).toBe(true);
    expect(console.messages.filter((message) => message.startsWith('pageerror'))).toEqual([]);
    // Still an application: client navigation works after the failure.
    await page.locator('header a[href="/search"]').first().click();
    await expect(page).toHaveURL(/\/search$/);
  });

  test('a rollback points the site back at the previous version without a restart', async ({ request }) => {
    const { version } = await registry.rollback(registryPaths(), 'news');
    expect(version).toBe(originalNews);
    await waitForRemote(request, 'news', (remote) => remote.version === originalNews);
    const html = await (await request.get(`/${SLUG}`)).text();
    expect(sectionStatus(html, 'E2eFresh')?.status).toBe('missing');
    expect(html).toContain('Компонент отсутствует');
    expect(sectionStatus(html, 'EventsUpcoming')?.status).toBe('ready');
  });

  test('two shells of the fleet both appear in the fleet view with their versions, and a deploy through the publishing API shows how long until both served it', async ({
    request,
  }) => {
    // The platform token acts on the registry; shells get only the fleet token.
    const token = process.env.E2E_OPERATOR_TOKEN!;
    const second = await startExtraShell({ FLEET_TOKEN: process.env.E2E_FLEET_TOKEN!, SHELL_INSTANCE_ID: 'e2e-second-shell' });
    try {
      type FleetView = {
        fleet: {
          instances: Array<{ instance: string; url: string | null; fresh: boolean; live: Array<{ remote: string; version: string }> }>;
          remotes: Array<{ name: string; version: string; shells: number; behind: string[]; propagationMs: number | null }>;
        } | null;
      };
      const fleet = async (): Promise<FleetView> => (await request.get('/_platform/fleet.json', { headers: operatorHeaders() })).json();
      const newsOf = (view: FleetView) => view.fleet?.remotes.find((remote) => remote.name === 'news');
      const servingNews = (view: FleetView) =>
        (view.fleet?.instances ?? [])
          .filter((instance) => instance.fresh)
          .map(
            (instance) => `${instance.instance === 'e2e-second-shell' ? 'second' : 'first'}:${instance.live.find((live) => live.remote === 'news')?.version}`,
          )
          .sort();

      // Both shells report what they serve: the platform's and the second one.
      await expect.poll(async () => servingNews(await fleet()), { timeout: 30_000 }).toEqual([`first:${originalNews}`, `second:${originalNews}`]);

      // The news team's deploy, as `site-remotes deploy` makes it: activate a published version over HTTP.
      const deployedAt = Date.now();
      const activate = await request.post(new URL('/api/remotes/news/activate', process.env.REGISTRY_URL).toString(), {
        headers: { authorization: `Bearer ${token}` },
        data: { version: freshVersion },
      });
      expect(activate.status(), await activate.text()).toBe(200);
      await expect.poll(async () => servingNews(await fleet()), { timeout: 30_000 }).toEqual([`first:${freshVersion}`, `second:${freshVersion}`]);
      const seenBothAfterMs = Date.now() - deployedAt;
      let news: ReturnType<typeof newsOf>;
      await expect
        .poll(
          async () => {
            news = newsOf(await fleet());
            return news?.propagationMs ?? null;
          },
          { timeout: 10_000 },
        )
        .not.toBeNull();
      if (!news) throw new Error('the fleet view lost news');
      expect(news).toMatchObject({ version: freshVersion, behind: [] });
      expect(news.shells).toBeGreaterThanOrEqual(2);
      console.log(
        `fleet: news@${freshVersion} live on ${news.shells} shells ${(news.propagationMs! / 1000).toFixed(2)} s after the deploy (seen by the test after ${(seenBothAfterMs / 1000).toFixed(2)} s)`,
      );
      // The dashboard lists both shells too.
      const dashboard = await (await request.get('/_platform', { headers: operatorHeaders() })).text();
      expect(dashboard).toContain('e2e-second-shell');

      // The team's rollback through the same API: live on both shells again, timed the same way.
      const rolledBackAt = Date.now();
      const rollback = await request.post(new URL('/api/remotes/news/rollback', process.env.REGISTRY_URL).toString(), {
        headers: { authorization: `Bearer ${token}` },
        data: { to: originalNews },
      });
      expect(rollback.status(), await rollback.text()).toBe(200);
      await expect.poll(async () => servingNews(await fleet()), { timeout: 30_000 }).toEqual([`first:${originalNews}`, `second:${originalNews}`]);
      console.log(`fleet: rollback of news to ${originalNews} live on both shells after ${((Date.now() - rolledBackAt) / 1000).toFixed(2)} s`);
    } finally {
      // Back to what the next tests expect: the original news live on the platform's shell.
      await registry.rollback(registryPaths(), 'news', originalNews);
      await waitForRemote(request, 'news', (remote) => remote.version === originalNews);
      await second.stop();
    }
  });

  test('a remote whose host stops keeps rendering from the code in memory; in the browser its sections keep their server HTML', async ({ request, page }) => {
    const original = await waitForRemote(request, 'events', (remote) => remote.health === 'up');
    // The events team serves its build from its own host.
    // (The platform's published copy of the live build: immutable, unlike the working tree's dist/.)
    const published = path.join(registryPaths().cdnDir, 'events', original.version);
    const cdnDir = path.join(workDir, 'events-cdn');
    copyDir(published, path.join(cdnDir, 'events', original.version));
    const host = registry.createStaticHost({ cdnDir });
    await host.listen({ port: 0, host: '127.0.0.1' });
    const hostUrl = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`;
    const manifestUrl = `${hostUrl}/remotes/events/${original.version}/mf-manifest.json`;
    await registry.registerExternal(registryPaths(), 'events', original.version, manifestUrl);
    await waitForRemote(request, 'events', (remote) => remote.manifestUrl === manifestUrl && remote.health === 'up');
    expect(sectionStatus(await (await request.get('/')).text(), 'EventsUpcoming')?.status).toBe('ready');

    await host.close();
    const down = await waitForRemote(request, 'events', (remote) => remote.health === 'unreachable');
    expect(down.problem).toContain('render from the code in memory');
    const started = Date.now();
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
    const html = await response.text();
    expect(sectionStatus(html, 'EventsUpcoming')).toEqual({ status: 'ready', remote: 'events', version: original.version });

    // The browser cannot fetch the events code and needs none: the calendar keeps what the server rendered (a static
    // section), and the page hydrates. (A hydrating section whose code is refused: integrity-lifecycle.spec.ts.)
    const console = collectConsole(page);
    await page.goto('/events');
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const events = page.locator('[data-section="EventsCalendar"]');
    await expect(events.locator('[data-static-section] h2')).toBeVisible();
    await expect(events.locator('[data-fallback]')).toHaveCount(0);
    expect(console.messages.filter((message) => message.startsWith('pageerror'))).toEqual([]);

    // The team redeploys its build to the platform's host.
    await registry.deployBuild(registryPaths(), published);
    await waitForRemote(request, 'events', (remote) => remote.manifestUrl === original.manifestUrl && remote.health === 'up');
  });

  test('a new version too slow to load is not switched to; a shell with nothing to stand in leaves its sections to the browser and does not wait', async ({
    request,
    page,
  }) => {
    const original = await waitForRemote(request, 'news', (remote) => remote.health === 'up');
    // The same build published under a new version by a host that answers slowly.
    const slowVersion = `${original.version.split('-')[0]}-5f0a5f0a5f`;
    const source = path.join(registryPaths().cdnDir, 'news', original.version);
    const fastify = registry.createStaticHost({ cdnDir: path.join(workDir, 'unused') });
    fastify.addHook('onRequest', async (req, reply) => {
      const file = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/slow\//, '');
      const full = path.join(source, file);
      if (!full.startsWith(source) || !fs.existsSync(full)) return reply.code(404).send({});
      let body: Buffer | string = fs.readFileSync(full);
      if (file === 'mf-manifest.json') {
        const manifest = JSON.parse(body.toString());
        manifest.site.version = slowVersion;
        body = JSON.stringify(manifest);
      } else if (file.includes('server/')) {
        // Slower than the shell's time limits for the Node container; the browser files come at once.
        await new Promise((resolve) => setTimeout(resolve, 8000));
      }
      return reply
        .header('content-type', file.endsWith('.json') ? 'application/json' : file.endsWith('.css') ? 'text/css' : 'text/javascript')
        .header('access-control-allow-origin', '*')
        .send(body);
    });
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    const manifestUrl = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}/slow/mf-manifest.json`;
    let extra: ExtraShell | null = null;
    try {
      await registry.registerExternal(registryPaths(), 'news', slowVersion, manifestUrl);
      // A shell with the previous version in memory does not switch to one whose code it cannot fetch in time.
      await waitForRemote(request, 'news', (remote) => (remote.problem ?? '').includes(`version ${slowVersion} cannot be loaded`));
      await putPage(request, 'ru', {
        slug: `${SLUG}-slow`,
        title: 'Медленный модуль',
        components: [
          { id: 'news', name: 'NewsLatest', props: { limit: 2 } },
          { id: 'events', name: 'EventsUpcoming', props: { limit: 2 } },
        ],
      });
      expect(sectionStatus(await (await request.get(`/${SLUG}-slow`)).text(), 'NewsLatest')).toEqual({
        status: 'ready',
        remote: 'news',
        version: original.version,
      });

      // A shell that starts now has nothing to stand in: it renders the rest and leaves the section to the browser.
      extra = await startExtraShell({});
      const started = Date.now();
      const response = await request.get(`${extra.url}/${SLUG}-slow`);
      const elapsed = Date.now() - started;
      expect(response.status()).toBe(200);
      expect(elapsed).toBeLessThan(2500);
      const html = await response.text();
      expect(sectionStatus(html, 'NewsLatest')?.status).toBe('deferred');
      expect(sectionStatus(html, 'EventsUpcoming')?.status).toBe('ready');

      await page.goto(`${extra.url}/${SLUG}-slow`);
      await expect(page.locator('[data-section="NewsLatest"][data-section-status="ready"] h2')).toBeVisible({ timeout: 15_000 });
    } finally {
      await extra?.stop();
      await registry.rollback(registryPaths(), 'news', original.version);
      await waitForRemote(request, 'news', (remote) => remote.version === original.version && remote.health === 'up' && !remote.problem);
      // The page's browser still holds connections to it (one opened ahead of need, never used): close() alone waits
      // until Chromium drops them, which once took this test past its 3 minutes.
      const closing = fastify.close();
      fastify.server.closeAllConnections();
      await closing;
    }
  });

  test('with the remote host hung (SIGSTOP), a fresh visitor of /news reads the news sections at once, and they stay', async ({ request, browser }) => {
    await waitForRemote(request, 'news', (remote) => remote.health === 'up');
    const { pid } = (await (await request.get(new URL('/health', process.env.REMOTES_URL).toString())).json()) as { pid: number };
    const serverHtml = await (await request.get('/news')).text();
    expect(sectionStatus(serverHtml, 'NewsFeed')?.status).toBe('ready');

    process.kill(pid, 'SIGSTOP');
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const console = collectConsole(page);
      const started = Date.now();
      // Not waiting for the load event: preloads of the remote code never finish while the host is hung.
      await page.goto('/news', { waitUntil: 'commit' });
      const within3s = () => ({ timeout: Math.max(3000 - (Date.now() - started), 1) });
      const hero = page.locator('[data-section="PageHero"][data-remote="news"]');
      const feed = page.locator('[data-section="NewsFeed"][data-remote="news"]');
      await expect(hero).toContainText('Наука, образование и жизнь кампуса.', within3s());
      await expect(feed.locator('a[href^="/news/"]').first()).toBeVisible(within3s());
      // Painted, not just laid out: nothing in the head waits on the hung host.
      await page.waitForFunction(() => performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint'), null, within3s());
      const feedText = await feed.innerText();

      // What matters is what is on screen later: the server-rendered sections stay, with no error in their place.
      await page.waitForTimeout(10_000);
      await expect(hero).toContainText('Наука, образование и жизнь кампуса.', { timeout: 1 });
      expect(await feed.innerText()).toBe(feedText);
      await expect(page.locator('[data-fallback]')).toHaveCount(0);
      await expect(page.getByText('Что-то пошло не так...')).toHaveCount(0);
      expect(console.messages.filter((message) => message.startsWith('pageerror'))).toEqual([]);

      // Once the host answers again the page is the same and its links work client-side (its sections are static:
      // the page asks the host for no code of theirs).
      process.kill(pid, 'SIGCONT');
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      await feed.locator('a[href^="/news/"]').first().click();
      await expect(page).toHaveURL(/\/news\/.+/);
      await expect(page.locator('[data-fallback]')).toHaveCount(0);
    } finally {
      process.kill(pid, 'SIGCONT');
      await context.close();
    }
    await waitForRemote(request, 'news', (remote) => remote.health === 'up');
  });
});
