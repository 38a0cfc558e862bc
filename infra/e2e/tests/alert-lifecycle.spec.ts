import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { startOwnPlatform, type OwnPlatform } from '../support/own-platform';
import { repoRoot } from '../support/platform-control';
import { startPrometheus, type PrometheusAlert } from '../support/prometheus';
import {
  bucketVisitor,
  deployCanary,
  liveNewsVersion,
  newsBuildWith,
  newsVersionSeenBy as newsVersionAt,
  putOwnPage,
  siteRemotes,
} from '../support/news-release';

// A platform of its own: its registry is stopped and a throwing release becomes a canary, which changes what the
// news remote's visitors get. Runs in the lifecycle project (its name ends in lifecycle.spec.ts), after the site's tests.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const OPERATOR_TOKEN = 'e2e-alert-operator-token';
const DASHBOARD_TOKEN = 'e2e-alert-dashboard-token';
const ADMIN_TOKEN = 'e2e-alert-admin-token';
const SLUG = 'e2e-alert';
/** Buckets below the canary's percentage get the canary: 10 is a canary visitor at 50 %, 80 a stable one. */
const CANARY_BUCKET = 10;
const STABLE_BUCKET = 80;

const newsVersionSeenBy = (context: APIRequestContext) => newsVersionAt(context, `/${SLUG}`);
/** `site-remotes <args>` as the news team runs it against this platform's registry. */
const cli = (platform: OwnPlatform, args: string[]) => siteRemotes(platform, OPERATOR_TOKEN, args).done;

test.describe('releases under watch: registry outage and the error-rate alert', () => {
  let platform: OwnPlatform;
  let stableVersion: string;
  const contexts: APIRequestContext[] = [];

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    platform = await startOwnPlatform('alerts', {
      OPERATOR_TOKEN,
      DASHBOARD_TOKEN,
      CONTENT_ADMIN_TOKEN: ADMIN_TOKEN,
      // The judge waits for more renders than the test makes: the throwing canary stays live until the alert fires.
      CANARY_MIN_RENDERS: '1000000',
      CANARY_WINDOW_MS: '600000',
      // Pages are re-rendered at most every half second, so that traffic makes renders to count.
      PAGE_CACHE_FRESH_MS: '500',
    });
    await putOwnPage(platform, ADMIN_TOKEN, {
      slug: SLUG,
      title: 'Выпуск под наблюдением',
      components: [
        { id: 'latest', name: 'NewsLatest', props: { limit: 2 } },
        { id: 'throws', name: 'E2eCanaryThrows', props: { text: 'сломанный выпуск' } },
      ],
    });
    stableVersion = await liveNewsVersion(platform, DASHBOARD_TOKEN);
  });

  test.afterAll(async () => {
    for (const context of contexts) await context.dispose();
    await platform?.stop();
  });

  test('with the registry stopped, `site-remotes rollback news` exits non-zero, says the registry is unreachable and changes nothing', async () => {
    const reader = await bucketVisitor(platform.site, STABLE_BUCKET);
    contexts.push(reader);
    expect(await newsVersionSeenBy(reader)).toBe(stableVersion);

    await platform.stopService('registry');
    const started = Date.now();
    const rollback = await cli(platform, ['rollback', 'news']);
    const tookMs = Date.now() - started;
    expect(rollback.output).toContain(`registry ${platform.registry} is unreachable (ECONNREFUSED): nothing was changed`);
    expect(rollback.output).not.toContain('rolled back to');
    expect(rollback.code).not.toBe(0);
    expect(rollback.code).not.toBeNull();
    expect(tookMs).toBeLessThan(15_000);
    // The site keeps serving the news remote it knows.
    expect(await newsVersionSeenBy(reader)).toBe(stableVersion);

    // Back up, the registry still names the same version and its audit log holds no rollback.
    await platform.startService('registry');
    const list = await cli(platform, ['list']);
    expect(list.code, list.output).toBe(0);
    expect(list.output).toMatch(new RegExp(`^news\\t${stableVersion.replace(/[.]/g, '\\.')}\\t`, 'm'));
    const audit = await cli(platform, ['audit', 'news']);
    expect(audit.code, audit.output).toBe(0);
    expect(audit.output).not.toMatch(/\trollback\t/);
    expect(await newsVersionSeenBy(reader)).toBe(stableVersion);
  });

  test('a canary whose section throws: /metrics counts its render errors by remote, section and version, and Prometheus fires RemoteRenderErrorRateHigh and CanaryFailing for it', async () => {
    test.setTimeout(300_000);
    // The news team's broken release: the news remote with a section that throws whenever it renders.
    const release = await newsBuildWith(path.join(repoRoot, 'test-results', 'e2e-alerts'), 'E2eCanaryThrows');
    const throwing = release.version;

    // The shipped rules; only the time an alert stays pending is shortened from 2 minutes to 5 seconds.
    const prometheus = await startPrometheus({
      site: platform.site,
      registry: platform.registry,
      operatorToken: OPERATOR_TOKEN,
      dashboardToken: DASHBOARD_TOKEN,
      ruleChanges: [[/(alert: RemoteRenderErrorRateHigh\n\s+expr: .*\n\s+)for: 2m/, '$1for: 5s']],
    });
    const deploy = deployCanary(platform, OPERATOR_TOKEN, release.dist, 50);
    try {
      expect(await deploy.started).toContain(`news@${throwing} is a canary for 50% of visitors`);
      const canaryVisitor = await bucketVisitor(platform.site, CANARY_BUCKET);
      const stableVisitor = await bucketVisitor(platform.site, STABLE_BUCKET);
      contexts.push(canaryVisitor, stableVisitor);
      await expect.poll(() => newsVersionSeenBy(canaryVisitor), { timeout: 60_000 }).toBe(throwing);
      const canaryServed = Date.now();

      // Visitors keep coming; Prometheus scrapes every second and evaluates the shipped rules.
      const alerts = async () => {
        await Promise.all([canaryVisitor.get(`/${SLUG}`), stableVisitor.get(`/${SLUG}`)]);
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
      expect(alert.labels).toMatchObject({ remote: 'news', version: throwing, severity: 'page' });
      expect(alert.annotations.summary).toMatch(
        new RegExp(`^news@${throwing.replace(/[.]/g, '\\.')}: \\d+(\\.\\d+)?% of section renders throw on the server$`),
      );
      expect(alert.annotations.description).toContain('site-remotes rollback news');
      // Only the throwing version alerts: the stable version's sections render.
      expect(firing.filter((item) => item.labels.alertname === 'RemoteRenderErrorRateHigh' && item.labels.version !== throwing)).toEqual([]);
      console.log(`RemoteRenderErrorRateHigh firing for news@${throwing} ${(firedAfterMs / 1000).toFixed(1)} s after the shell served the canary`);

      // The shell's /metrics shows the render errors with remote, section and version labels (what Prometheus read).
      const metrics = await (await fetch(`${platform.site}/metrics`, { headers: { authorization: `Bearer ${DASHBOARD_TOKEN}` } })).text();
      const errors = new RegExp(
        `^site_section_render_errors_total\\{remote="news",section="E2eCanaryThrows",version="${throwing.replace(/[.]/g, '\\.')}"\\} (\\d+)$`,
        'm',
      ).exec(metrics);
      expect(errors, metrics).not.toBeNull();
      expect(Number(errors![1])).toBeGreaterThan(0);
      expect(metrics).not.toMatch(/^site_section_render_errors_total\{remote="news",section="NewsLatest",[^}]*\} [1-9]/m);
    } finally {
      deploy.stop();
      await deploy.done;
      await prometheus.stop();
    }
  });
});
