import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { CANARY_BUCKET, newsVersionOn, STABLE_BUCKET, startCanaryPlatform, type CanaryPlatform } from '../support/canary-platform';
import { bucketVisitor, deployCanary, newsBuildWith, sectionVersion, siteRemotes, type NewsRelease } from '../support/news-release';
import { repoRoot } from '../support/platform-control';
import { startPrometheus, type PrometheusAlert } from '../support/prometheus';
import { asReturningVisitor, noteInteractionObserver, untilInteractionMeasured, untilObservingInteractions } from '../support/site';

// One platform of its own for every canary of the news remote: canaries change what every visitor of the news remote
// gets, the judge runs on short windows, and the registry is stopped. Starting a platform costs a lot on a small
// machine, so the tests share one and run in order, each from a stable version with no canary; between the groups
// only the judge's settings change (the registry restarts with them, its state kept).
// Runs in the lifecycle project (its name ends in lifecycle.spec.ts), after the site's tests.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const workDir = path.join(repoRoot, 'test-results', 'e2e-canary');
const SLUG = 'e2e-canary';
const VITALS_SLUG = 'e2e-canary-vitals';
const ALERT_SLUG = 'e2e-alert';
/** Beacons each version's section needs before the judge compares them: a few page views, to keep the test short. */
const MIN_SAMPLES = 4;
/**
 * The speed test: the window never ends first, so the verdict comes from visitors' Web Vitals. On INP alone: with a
 * sample this small, the paint times of a loaded test machine (LCP) differ by a third from one handful of page views to
 * the next, and the judge would rightly roll back on them first.
 */
const SPEED_POLICY = { minRenders: 3, windowMs: 600_000, vitalsMinSamples: MIN_SAMPLES, vitalsMetrics: ['INP' as const] };
/** The error tests: a verdict needs 6 canary renders; a healthy canary is promoted after 8 s. */
const ERROR_POLICY = { minRenders: 6, windowMs: 8000, vitalsMinSamples: MIN_SAMPLES };
/** The alert tests: the judge waits for more renders than the test makes, so the throwing canary stays live until the alert fires. */
const WATCH_POLICY = { minRenders: 1_000_000, windowMs: 600_000, vitalsMinSamples: MIN_SAMPLES };

/** How long one step of a scripted page view (a navigation, a click, a wait) may take. */
const VIEW_STEP_TIMEOUT_MS = 20_000;
/** The CLI waits up to two minutes for the registry's verdict. */
const CANARY_WAIT = { SITE_REMOTES_CANARY_WAIT_MS: '120000' };

const newsVersionSeenBy = (context: APIRequestContext) => newsVersionOn(context, SLUG);

/**
 * One page view in a browser in `bucket`: the page hydrates, the visitor clicks in the news section's list, then
 * leaves, which sends the view's INP (with its page token) by beacon. Answers the news version that rendered it.
 */
async function clickAndLeave(browser: Browser, site: string, bucket: number): Promise<string | null> {
  const context = await browser.newContext({ baseURL: site });
  // Every step has its own time limit (Playwright's actions and navigations have none by default), so one page view
  // on a loaded machine cannot take the whole test's time.
  context.setDefaultTimeout(VIEW_STEP_TIMEOUT_MS);
  try {
    await asReturningVisitor(context);
    await noteInteractionObserver(context);
    await context.addCookies([{ name: 'site_bucket', value: String(bucket), url: site }]);
    const page = await context.newPage();
    await page.goto(`/${VITALS_SLUG}`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    // A click before the page observes interactions, then leaving, would report no INP.
    await untilObservingInteractions(page);
    const section = page.locator('[data-section="NewsLatest"]');
    await section.click({ position: { x: 2, y: 2 } });
    // Leaving before the browser has measured the click (after the next frame) would report no INP either.
    await Promise.race([
      untilInteractionMeasured(page),
      new Promise((_resolve, reject) => setTimeout(() => reject(new Error('the click was not measured in time')), VIEW_STEP_TIMEOUT_MS)),
    ]);
    const version = await section.getAttribute('data-remote-version');
    await page.goto('about:blank');
    return version;
  } finally {
    // Closing is cleanup: it may not hold up the test for longer than a step may take either.
    await Promise.race([context.close(), new Promise((resolve) => setTimeout(resolve, VIEW_STEP_TIMEOUT_MS))]);
  }
}

/**
 * A page view of `clickAndLeave` that may fail on a loaded machine without failing the test: the judge's verdict
 * needs enough views, not every view. A failed view is logged with its reason and answers null (no version seen).
 */
async function viewOrNull(browser: Browser, site: string, bucket: number): Promise<string | null> {
  try {
    return await clickAndLeave(browser, site, bucket);
  } catch (error) {
    console.log(`a page view in bucket ${bucket} failed and is not counted: ${(error as Error).message.split('\n')[0]}`);
    return null;
  }
}

let platform: CanaryPlatform;
let stableVersion: string;
let throwing: NewsRelease;
let healthy: NewsRelease;
let slow: NewsRelease;
const contexts: APIRequestContext[] = [];

test.beforeAll(async () => {
  // Three builds of the news remote and a platform of its own: minutes on a busy machine.
  test.setTimeout(1_200_000);
  throwing = await newsBuildWith(workDir, 'E2eCanaryThrows');
  healthy = await newsBuildWith(workDir, 'E2eFresh');
  slow = await newsBuildWith(workDir, 'E2eSlowClick');
  platform = await startCanaryPlatform('canary', SPEED_POLICY);
  await platform.putPage(SLUG, 'Канареечный выпуск', [
    { id: 'latest', name: 'NewsLatest', props: { limit: 2 } },
    { id: 'throws', name: 'E2eCanaryThrows', props: { text: 'сломанный выпуск' } },
    { id: 'fresh', name: 'E2eFresh', props: { text: 'Исправный выпуск' } },
  ]);
  await platform.putPage(VITALS_SLUG, 'Медленный выпуск', [
    { id: 'latest', name: 'NewsLatest', props: { limit: 2 } },
    { id: 'slow', name: 'E2eSlowClick', props: { text: 'Медленный выпуск' } },
  ]);
  await platform.putPage(ALERT_SLUG, 'Выпуск под наблюдением', [
    { id: 'latest', name: 'NewsLatest', props: { limit: 2 } },
    { id: 'throws', name: 'E2eCanaryThrows', props: { text: 'сломанный выпуск' } },
  ]);
});

test.afterAll(async () => {
  for (const context of contexts) await context.dispose();
  await platform?.stop();
});

test.describe('a canary judged on speed', () => {
  test.beforeAll(async () => {
    stableVersion = await platform.liveNewsVersion();
  });

  test('a canary whose click handler busy-waits 300 ms is rolled back on its visitors’ INP, with the figures in the audit log', async ({ browser }) => {
    // Visitors of the stable version click in the news list: their browsers' INP beacons make its baseline.
    let stableViews = 0;
    for (let attempt = 0; attempt < 2 * (MIN_SAMPLES + 1) && stableViews < MIN_SAMPLES + 1; attempt += 1) {
      const version = await viewOrNull(browser, platform.site, STABLE_BUCKET);
      if (version === null) continue;
      expect(version).toBe(stableVersion);
      stableViews += 1;
    }
    expect(stableViews).toBe(MIN_SAMPLES + 1);

    const deploy = deployCanary(platform, platform.operatorToken, slow.dist, 50, CANARY_WAIT);
    await deploy.started;
    const startedAt = Date.now();
    let verdict: { code: number | null; output: string } | null = null;
    void deploy.done.then((outcome) => (verdict = outcome));
    // Canary visitors click too, every click 300 ms slower, until the judge has enough beacons to decide.
    let canaryViews = 0;
    while (!verdict && Date.now() - startedAt < 100_000) {
      if ((await viewOrNull(browser, platform.site, CANARY_BUCKET)) === slow.version) canaryViews += 1;
    }
    const outcome = await deploy.done;
    const decidedAfterMs = Date.now() - startedAt;
    expect(outcome.output).toMatch(/canary rolled back: slower than the stable version/);
    expect(outcome.code).toBe(1);
    expect(canaryViews).toBeGreaterThanOrEqual(MIN_SAMPLES);

    const rollback = (await platform.audit()).find((entry) => entry.action === 'canary-rollback');
    expect(rollback?.actor).toBe('canary-analysis');
    expect(rollback?.detail).toContain(
      `canary ${slow.version} rolled back: slower than the stable version ${stableVersion} by more than 20 % (p75): NewsLatest INP p75`,
    );
    const figures = /NewsLatest INP p75 (\d+) ms against (\d+) ms/.exec(rollback!.detail!);
    expect(Number(figures![1])).toBeGreaterThanOrEqual(300);
    console.log(
      `canary news@${slow.version} rolled back on INP after ${(decidedAfterMs / 1000).toFixed(1)} s and ${canaryViews} canary page views: ${figures![0]}`,
    );
    // The canary was rolled back: the next tests start from the stable version with no canary.
    expect(await platform.liveNewsVersion()).toBe(stableVersion);
  });
});

test.describe('canary releases with automatic analysis', () => {
  test.beforeAll(async () => {
    await platform.judgeWith(ERROR_POLICY);
    stableVersion = await platform.liveNewsVersion();
  });

  test('a canary whose section throws is served to its share of visitors only, then rolled back by itself with the reason in the audit log', async ({
    browser,
  }) => {
    const deploy = deployCanary(platform, platform.operatorToken, throwing.dist, 50, CANARY_WAIT);
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

    // The speed test's rollback is in the log too: this canary's is the one naming its version.
    const entry = (await platform.audit()).find((item) => item.action === 'canary-rollback' && item.detail?.includes(throwing.version));
    expect(entry).toMatchObject({ actor: 'canary-analysis', remote: 'news', to: stableVersion, outcome: 'ok' });
    expect(entry!.detail).toContain(`canary ${throwing.version} rolled back: error rate above the stable version`);

    // Every visitor is back on the stable version; the canary visitor's variant cookie goes.
    await expect.poll(() => newsVersionSeenBy(canaryVisitor), { timeout: 10_000 }).toBe(stableVersion);
    expect(await newsVersionSeenBy(stableVisitor)).toBe(stableVersion);
    expect((await canaryVisitor.storageState()).cookies.find((cookie) => cookie.name === 'site_variant')).toBeUndefined();
  });

  test('a healthy canary is promoted when its window ends, and then every visitor gets it', async () => {
    const deploy = deployCanary(platform, platform.operatorToken, healthy.dist, 50, CANARY_WAIT);
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

    const entry = (await platform.audit()).find((item) => item.action === 'canary-promote');
    expect(entry).toMatchObject({ actor: 'canary-analysis', remote: 'news', to: healthy.version, outcome: 'ok' });
    await expect.poll(() => newsVersionSeenBy(stableVisitor), { timeout: 10_000 }).toBe(healthy.version);
    expect(await newsVersionSeenBy(canaryVisitor)).toBe(healthy.version);
  });
});

test.describe('releases under watch: registry outage and the error-rate alert', () => {
  /** `site-remotes <args>` as the news team runs it against this platform's registry. */
  const cli = (args: string[]) => siteRemotes(platform, platform.operatorToken, args).done;
  const newsVersionOfAlertPage = (context: APIRequestContext) => newsVersionOn(context, ALERT_SLUG);
  /** The render errors the shell's /metrics counts for the throwing section in `version`, or null when it has none. */
  const renderErrors = (metrics: string, version: string) =>
    new RegExp(`^site_section_render_errors_total\\{remote="news",section="E2eCanaryThrows",version="${version.replace(/[.]/g, '\\.')}"\\} (\\d+)$`, 'm').exec(
      metrics,
    );
  const shellMetrics = async () => (await fetch(`${platform.site}/metrics`, { headers: { authorization: `Bearer ${platform.dashboardToken}` } })).text();

  test.beforeAll(async () => {
    await platform.judgeWith(WATCH_POLICY);
    // The healthy canary was promoted: it is the stable version now.
    stableVersion = await platform.liveNewsVersion();
  });

  test('with the registry stopped, `site-remotes rollback news` exits non-zero, says the registry is unreachable and changes nothing', async () => {
    const reader = await bucketVisitor(platform.site, STABLE_BUCKET);
    contexts.push(reader);
    expect(await newsVersionOfAlertPage(reader)).toBe(stableVersion);

    await platform.stopService('registry');
    const started = Date.now();
    const rollback = await cli(['rollback', 'news']);
    const tookMs = Date.now() - started;
    expect(rollback.output).toContain(`registry ${platform.registry} is unreachable (ECONNREFUSED): nothing was changed`);
    expect(rollback.output).not.toContain('rolled back to');
    expect(rollback.code).not.toBe(0);
    expect(rollback.code).not.toBeNull();
    expect(tookMs).toBeLessThan(15_000);
    // The site keeps serving the news remote it knows.
    expect(await newsVersionOfAlertPage(reader)).toBe(stableVersion);

    // Back up, the registry still names the same version and its audit log holds no rollback.
    await platform.startService('registry');
    const list = await cli(['list']);
    expect(list.code, list.output).toBe(0);
    expect(list.output).toMatch(new RegExp(`^news\\t${stableVersion.replace(/[.]/g, '\\.')}\\t`, 'm'));
    const audit = await cli(['audit', 'news']);
    expect(audit.code, audit.output).toBe(0);
    expect(audit.output).not.toMatch(/\trollback\t/);
    expect(await newsVersionOfAlertPage(reader)).toBe(stableVersion);
  });

  test('a canary whose section throws: /metrics counts its render errors by remote, section and version, and Prometheus fires RemoteRenderErrorRateHigh and CanaryFailing for it', async () => {
    // The news team's broken release: the news remote with a section that throws whenever it renders (the build the
    // judge rolled back above, released again; the shell's counters of its earlier renders are the baseline).
    const version = throwing.version;
    const errorsBefore = Number(renderErrors(await shellMetrics(), version)?.[1] ?? 0);

    // The shipped rules; only the time an alert stays pending is shortened from 2 minutes to 5 seconds.
    const prometheus = await startPrometheus({
      site: platform.site,
      registry: platform.registry,
      operatorToken: platform.operatorToken,
      dashboardToken: platform.dashboardToken,
      ruleChanges: [[/(alert: RemoteRenderErrorRateHigh\n\s+expr: .*\n\s+)for: 2m/, '$1for: 5s']],
    });
    const deploy = deployCanary(platform, platform.operatorToken, throwing.dist, 50);
    try {
      expect(await deploy.started).toContain(`news@${version} is a canary for 50% of visitors`);
      const canaryVisitor = await bucketVisitor(platform.site, CANARY_BUCKET);
      const stableVisitor = await bucketVisitor(platform.site, STABLE_BUCKET);
      contexts.push(canaryVisitor, stableVisitor);
      await expect.poll(() => newsVersionOfAlertPage(canaryVisitor), { timeout: 60_000 }).toBe(version);
      const canaryServed = Date.now();

      // Visitors keep coming; Prometheus scrapes every second and evaluates the shipped rules.
      const alerts = async () => {
        await Promise.all([canaryVisitor.get(`/${ALERT_SLUG}`), stableVisitor.get(`/${ALERT_SLUG}`)]);
        const answer = await fetch(`${prometheus.api}/alerts`).catch(() => null);
        if (!answer?.ok) return [];
        return ((await answer.json()) as { data: { alerts: PrometheusAlert[] } }).data.alerts;
      };
      const renderAlert = (list: PrometheusAlert[]) => list.find((alert) => alert.labels.alertname === 'RemoteRenderErrorRateHigh');
      await expect
        .poll(async () => renderAlert(await alerts())?.state ?? 'none', { timeout: 60_000, intervals: [250], message: prometheus.output() })
        .toBe('firing');
      const firedAfterMs = Date.now() - canaryServed;
      // The registry's canary analysis, still watching, reports the canary's error rate against the stable one's.
      await expect
        .poll(
          async () => (await alerts()).filter((item) => item.labels.alertname === 'CanaryFailing' && item.labels.remote === 'news').map((item) => item.state),
          { timeout: 20_000, intervals: [250] },
        )
        .toEqual(['firing']);
      const firing = (await alerts()).filter((alert) => alert.state === 'firing');
      const alert = renderAlert(firing)!;
      expect(alert.labels).toMatchObject({ remote: 'news', version, severity: 'page' });
      expect(alert.annotations.summary).toMatch(new RegExp(`^news@${version.replace(/[.]/g, '\\.')}: \\d+(\\.\\d+)?% of section renders throw on the server$`));
      expect(alert.annotations.description).toContain('site-remotes rollback news');
      // Only the throwing version alerts: the stable version's sections render.
      expect(firing.filter((item) => item.labels.alertname === 'RemoteRenderErrorRateHigh' && item.labels.version !== version)).toEqual([]);
      console.log(`RemoteRenderErrorRateHigh firing for news@${version} ${(firedAfterMs / 1000).toFixed(1)} s after the shell served the canary`);

      // The shell's /metrics shows the render errors with remote, section and version labels (what Prometheus read).
      const metrics = await shellMetrics();
      const errors = renderErrors(metrics, version);
      expect(errors, metrics).not.toBeNull();
      expect(Number(errors![1])).toBeGreaterThan(errorsBefore);
      expect(metrics).not.toMatch(/^site_section_render_errors_total\{remote="news",section="NewsLatest",[^}]*\} [1-9]/m);
    } finally {
      deploy.stop();
      await deploy.done;
      await prometheus.stop();
    }
  });
});
