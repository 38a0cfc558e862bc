import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { startOwnPlatform, type OwnPlatform } from '../support/own-platform';
import { repoRoot } from '../support/platform-control';
import { asReturningVisitor } from '../support/site';
import { deployCanary, liveNewsVersion, newsBuildWith, putOwnPage, type NewsRelease } from '../support/news-release';

// A platform of its own: the canary's verdict here comes from visitors' Web Vitals, so its window never ends first.
// Runs in the lifecycle project (its name ends in lifecycle.spec.ts), after the site's tests.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const workDir = path.join(repoRoot, 'test-results', 'e2e-canary-vitals');
const OPERATOR_TOKEN = 'e2e-canary-vitals-operator-token';
const DASHBOARD_TOKEN = 'e2e-canary-vitals-dashboard-token';
const ADMIN_TOKEN = 'e2e-canary-vitals-admin-token';
const SLUG = 'e2e-canary-vitals';
/** Buckets below the canary's percentage get the canary: 10 is a canary visitor at 50 %, 80 a stable one. */
const CANARY_BUCKET = 10;
const STABLE_BUCKET = 80;
/** Beacons each version's section needs before the judge compares them: a few page views, to keep the test short. */
const MIN_SAMPLES = 4;

/**
 * One page view in a browser in `bucket`: the page hydrates, the visitor clicks in the news section's list, then
 * leaves, which sends the view's INP (with its page token) by beacon. Answers the news version that rendered it.
 */
async function clickAndLeave(browser: Browser, site: string, bucket: number): Promise<string | null> {
  const context = await browser.newContext({ baseURL: site });
  try {
    await asReturningVisitor(context);
    await context.addCookies([{ name: 'site_bucket', value: String(bucket), url: site }]);
    const page = await context.newPage();
    await page.goto(`/${SLUG}`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const section = page.locator('[data-section="NewsLatest"]');
    await section.click({ position: { x: 2, y: 2 } });
    const version = await section.getAttribute('data-remote-version');
    await page.goto('about:blank');
    return version;
  } finally {
    await context.close();
  }
}

test.describe('a canary judged on speed', () => {
  let platform: OwnPlatform;
  let stableVersion: string;
  let slow: NewsRelease;

  test.beforeAll(async () => {
    // A build of the news remote and a platform of its own: a minute or two on a busy machine.
    test.setTimeout(600_000);
    slow = await newsBuildWith(workDir, 'E2eSlowClick');
    platform = await startOwnPlatform('canary-vitals', {
      OPERATOR_TOKEN,
      DASHBOARD_TOKEN,
      CONTENT_ADMIN_TOKEN: ADMIN_TOKEN,
      CANARY_MIN_RENDERS: '3',
      CANARY_WINDOW_MS: '600000',
      CANARY_VITALS_MIN_SAMPLES: String(MIN_SAMPLES),
      PAGE_CACHE_FRESH_MS: '500',
    });
    await putOwnPage(platform, ADMIN_TOKEN, {
      slug: SLUG,
      title: 'Медленный выпуск',
      components: [
        { id: 'latest', name: 'NewsLatest', props: { limit: 2 } },
        { id: 'slow', name: 'E2eSlowClick', props: { text: 'Медленный выпуск' } },
      ],
    });
    stableVersion = await liveNewsVersion(platform, DASHBOARD_TOKEN);
  });

  test.afterAll(async () => {
    await platform?.stop();
  });

  test('a canary whose click handler busy-waits 300 ms is rolled back on its visitors’ INP, with the figures in the audit log', async ({ browser }) => {
    // Visitors of the stable version click in the news list: their browsers' INP beacons make its baseline.
    for (let view = 0; view < MIN_SAMPLES + 1; view += 1) expect(await clickAndLeave(browser, platform.site, STABLE_BUCKET)).toBe(stableVersion);

    const deploy = deployCanary(platform, OPERATOR_TOKEN, slow.dist, 50, { SITE_REMOTES_CANARY_WAIT_MS: '120000' });
    await deploy.started;
    const startedAt = Date.now();
    let verdict: { code: number | null; output: string } | null = null;
    void deploy.done.then((outcome) => (verdict = outcome));
    // Canary visitors click too, every click 300 ms slower, until the judge has enough beacons to decide.
    let canaryViews = 0;
    while (!verdict && Date.now() - startedAt < 100_000) {
      if ((await clickAndLeave(browser, platform.site, CANARY_BUCKET)) === slow.version) canaryViews += 1;
    }
    const outcome = await deploy.done;
    const decidedAfterMs = Date.now() - startedAt;
    expect(outcome.output).toMatch(/canary rolled back: slower than the stable version/);
    expect(outcome.code).toBe(1);
    expect(canaryViews).toBeGreaterThanOrEqual(MIN_SAMPLES);

    const response = await fetch(`${platform.registry}/api/audit?remote=news`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    const { entries } = (await response.json()) as { entries: Array<{ actor: string; action: string; detail: string | null }> };
    const rollback = entries.find((entry) => entry.action === 'canary-rollback');
    expect(rollback?.actor).toBe('canary-analysis');
    expect(rollback?.detail).toContain(
      `canary ${slow.version} rolled back: slower than the stable version ${stableVersion} by more than 20 % (p75): NewsLatest INP p75`,
    );
    const figures = /NewsLatest INP p75 (\d+) ms against (\d+) ms/.exec(rollback!.detail!);
    expect(Number(figures![1])).toBeGreaterThanOrEqual(300);
    console.log(
      `canary news@${slow.version} rolled back on INP after ${(decidedAfterMs / 1000).toFixed(1)} s and ${canaryViews} canary page views: ${figures![0]}`,
    );
  });
});
