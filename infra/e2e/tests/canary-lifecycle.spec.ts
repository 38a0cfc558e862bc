import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { startOwnPlatform, type OwnPlatform } from '../support/own-platform';
import { repoRoot } from '../support/platform-control';
import {
  bucketVisitor,
  deployCanary,
  liveNewsVersion,
  newsBuildWith,
  newsVersionSeenBy as newsVersionAt,
  putOwnPage,
  sectionVersion,
  type NewsRelease,
} from '../support/news-release';

// A platform of its own: canaries change what every visitor of the news remote gets, and the judge runs on short
// windows here. Runs in the lifecycle project (its name ends in lifecycle.spec.ts), after the site's tests.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const workDir = path.join(repoRoot, 'test-results', 'e2e-canary');
const OPERATOR_TOKEN = 'e2e-canary-operator-token';
const DASHBOARD_TOKEN = 'e2e-canary-dashboard-token';
const ADMIN_TOKEN = 'e2e-canary-admin-token';
const SLUG = 'e2e-canary';
/** Buckets below the canary's percentage get the canary: 10 is a canary visitor at 50 %, 80 a stable one. */
const CANARY_BUCKET = 10;
const STABLE_BUCKET = 80;

/** The CLI waits up to two minutes for the registry's verdict. */
const CANARY_WAIT = { SITE_REMOTES_CANARY_WAIT_MS: '120000' };

const newsVersionSeenBy = (context: APIRequestContext) => newsVersionAt(context, `/${SLUG}`);

async function audit(
  platform: OwnPlatform,
): Promise<Array<{ actor: string; action: string; remote: string; from: string | null; to: string | null; outcome: string; detail: string | null }>> {
  const response = await fetch(`${platform.registry}/api/audit?remote=news`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
  return ((await response.json()) as { entries: never[] }).entries;
}

test.describe('canary releases with automatic analysis', () => {
  let platform: OwnPlatform;
  let stableVersion: string;
  let throwing: NewsRelease;
  let healthy: NewsRelease;
  const contexts: APIRequestContext[] = [];

  test.beforeAll(async () => {
    // Two builds of the news remote and a platform of its own: minutes on a busy machine.
    test.setTimeout(900_000);
    [throwing, healthy] = [await newsBuildWith(workDir, 'E2eCanaryThrows'), await newsBuildWith(workDir, 'E2eFresh')];
    platform = await startOwnPlatform('canary', {
      OPERATOR_TOKEN,
      DASHBOARD_TOKEN,
      CONTENT_ADMIN_TOKEN: ADMIN_TOKEN,
      // Short windows: a verdict needs 6 canary renders; a healthy canary is promoted after 8 s.
      CANARY_MIN_RENDERS: '6',
      CANARY_WINDOW_MS: '8000',
      // Pages are re-rendered at most every half second, so that traffic makes renders to judge.
      PAGE_CACHE_FRESH_MS: '500',
    });
    await putOwnPage(platform, ADMIN_TOKEN, {
      slug: SLUG,
      title: 'Канареечный выпуск',
      components: [
        { id: 'latest', name: 'NewsLatest', props: { limit: 2 } },
        { id: 'throws', name: 'E2eCanaryThrows', props: { text: 'сломанный выпуск' } },
        { id: 'fresh', name: 'E2eFresh', props: { text: 'Исправный выпуск' } },
      ],
    });
    stableVersion = await liveNewsVersion(platform, DASHBOARD_TOKEN);
  });

  test.afterAll(async () => {
    for (const context of contexts) await context.dispose();
    await platform?.stop();
  });

  test('a canary whose section throws is served to its share of visitors only, then rolled back by itself with the reason in the audit log', async ({
    browser,
  }) => {
    const deploy = deployCanary(platform, OPERATOR_TOKEN, throwing.dist, 50, CANARY_WAIT);
    const deployed = deploy.done;
    await deploy.started;
    const canaryVisitor = await bucketVisitor(platform.site, CANARY_BUCKET);
    const stableVisitor = await bucketVisitor(platform.site, STABLE_BUCKET);
    contexts.push(canaryVisitor, stableVisitor);

    // Once the shell serves the canary, the canary visitor's pages are rendered with it, the other's are not.
    await expect.poll(() => newsVersionSeenBy(canaryVisitor), { timeout: 60_000 }).toBe(throwing.version);
    const canaryStarted = Date.now();
    expect(await newsVersionSeenBy(stableVisitor)).toBe(stableVersion);
    // Cached per variant: the same page, asked again at once by each, keeps each one's version.
    const again = await canaryVisitor.get(`/${SLUG}`);
    const canaryHtml = await again.text();
    expect(sectionVersion(canaryHtml, 'NewsLatest')?.version).toBe(throwing.version);
    expect(sectionVersion(canaryHtml, 'E2eCanaryThrows')?.status).not.toBe('missing');
    expect(again.headers()['vary']).toContain('Cookie');
    expect(again.headers()['cache-control']).toMatch(/^public/);
    expect(sectionVersion(await (await stableVisitor.get(`/${SLUG}`)).text(), 'E2eCanaryThrows')?.status).toBe('missing');

    // A first visit gets its bucket in a cookie, on an answer no shared cache keeps.
    const newcomer = await bucketVisitor(platform.site);
    contexts.push(newcomer);
    const first = await newcomer.get(`/${SLUG}`);
    expect(first.headers()['cache-control']).toBe('private, no-store');
    expect(
      first
        .headersArray()
        .filter((header) => header.name.toLowerCase() === 'set-cookie')
        .map((header) => header.value)
        .join('\n'),
    ).toMatch(/site_bucket=\d{1,2};/);

    // The browser hydrates with the version the server rendered: it loads the canary's code, never the stable one's.
    const context = await browser.newContext({ baseURL: platform.site });
    await context.addCookies([{ name: 'site_bucket', value: String(CANARY_BUCKET), url: platform.site }]);
    const page = await context.newPage();
    const newsCode: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/remotes/news/')) newsCode.push(request.url());
    });
    await page.goto(`/${SLUG}`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await expect(page.locator('[data-section="NewsLatest"]')).toHaveAttribute('data-remote-version', throwing.version);
    expect(newsCode.length).toBeGreaterThan(0);
    expect(newsCode.every((url) => url.includes(`/remotes/news/${throwing.version}/`))).toBe(true);
    await context.close();

    // Visitors keep coming; the judge compares the canary's render errors with the stable version's.
    let verdict: { code: number | null; output: string } | null = null;
    void deployed.then((outcome) => (verdict = outcome));
    while (!verdict && Date.now() - canaryStarted < 90_000) {
      await Promise.all([canaryVisitor.get(`/${SLUG}`), stableVisitor.get(`/${SLUG}`)]);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const outcome = await deployed;
    const rolledBackAfterMs = Date.now() - canaryStarted;
    expect(outcome.output).toContain(`news@${throwing.version} is a canary for 50% of visitors`);
    expect(outcome.output).toMatch(/canary rolled back: error rate above the stable version/);
    expect(outcome.code).toBe(1);
    expect(rolledBackAfterMs).toBeLessThan(60_000);
    console.log(`canary news@${throwing.version}: rolled back by itself ${(rolledBackAfterMs / 1000).toFixed(1)} s after the shell served it`);

    const entry = (await audit(platform)).find((item) => item.action === 'canary-rollback');
    expect(entry).toMatchObject({ actor: 'canary-analysis', remote: 'news', to: stableVersion, outcome: 'ok' });
    expect(entry!.detail).toContain(`canary ${throwing.version} rolled back: error rate above the stable version`);

    // Every visitor is back on the stable version; the canary visitor's variant cookie goes.
    await expect.poll(() => newsVersionSeenBy(canaryVisitor), { timeout: 10_000 }).toBe(stableVersion);
    expect(await newsVersionSeenBy(stableVisitor)).toBe(stableVersion);
    expect((await canaryVisitor.storageState()).cookies.find((cookie) => cookie.name === 'site_variant')).toBeUndefined();
  });

  test('a healthy canary is promoted when its window ends, and then every visitor gets it', async () => {
    const deploy = deployCanary(platform, OPERATOR_TOKEN, healthy.dist, 50, CANARY_WAIT);
    const deployed = deploy.done;
    await deploy.started;
    const canaryVisitor = await bucketVisitor(platform.site, CANARY_BUCKET);
    const stableVisitor = await bucketVisitor(platform.site, STABLE_BUCKET);
    contexts.push(canaryVisitor, stableVisitor);
    await expect.poll(() => newsVersionSeenBy(canaryVisitor), { timeout: 60_000 }).toBe(healthy.version);
    expect(await newsVersionSeenBy(stableVisitor)).toBe(stableVersion);

    let done = false;
    void deployed.then(() => (done = true));
    const started = Date.now();
    while (!done && Date.now() - started < 90_000) {
      await Promise.all([canaryVisitor.get(`/${SLUG}`), stableVisitor.get(`/${SLUG}`)]);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const outcome = await deployed;
    expect(outcome.output).toMatch(/canary promoted: healthy over \d+ s/);
    expect(outcome.code).toBe(0);

    const entry = (await audit(platform)).find((item) => item.action === 'canary-promote');
    expect(entry).toMatchObject({ actor: 'canary-analysis', remote: 'news', to: healthy.version, outcome: 'ok' });
    await expect.poll(() => newsVersionSeenBy(stableVisitor), { timeout: 10_000 }).toBe(healthy.version);
    expect(await newsVersionSeenBy(canaryVisitor)).toBe(healthy.version);
  });
});
