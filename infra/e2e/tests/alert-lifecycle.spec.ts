import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { startOwnPlatform, type OwnPlatform } from '../support/own-platform';
import { copyDir, repoRoot } from '../support/platform-control';
import { startPrometheus, type PrometheusAlert } from '../support/prometheus';

// A platform of its own: its registry is stopped and a throwing release becomes a canary, which changes what the
// news remote's visitors get. Runs in the lifecycle project (its name ends in lifecycle.spec.ts), after the site's tests.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildRemote } = require(path.join(repoRoot, 'infra/build-preset/src/index.js')) as {
  buildRemote(options: { team: string; rootDir: string }): Promise<{ manifest: { site: { version: string } } }>;
};

const CLI = path.join(repoRoot, 'infra/registry/bin/site-remotes.js');
const OPERATOR_TOKEN = 'e2e-alert-operator-token';
const ADMIN_TOKEN = 'e2e-alert-admin-token';
const SLUG = 'e2e-alert';
/** Buckets below the canary's percentage get the canary: 10 is a canary visitor at 50 %, 80 a stable one. */
const CANARY_BUCKET = 10;
const STABLE_BUCKET = 80;

interface CliRun {
  code: number | null;
  output: string;
}

/** `site-remotes <args>` as a team runs it against this platform's registry; `onOutput` sees the output so far. */
function siteRemotes(platform: OwnPlatform, args: string[], onOutput: (output: string) => void = () => undefined): { done: Promise<CliRun>; stop(): void } {
  const child = spawn(process.execPath, [CLI, ...args, '--registry', platform.registry], {
    env: { ...process.env, SITE_REMOTES_TOKEN: OPERATOR_TOKEN },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    onOutput(output);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const done = new Promise<CliRun>((resolve) => child.on('exit', (code) => resolve({ code, output })));
  return { done, stop: () => child.exitCode === null && child.signalCode === null && child.kill('SIGTERM') };
}

function newsVersionIn(html: string): string | undefined {
  return /<div data-section="NewsLatest" data-section-id="[^"]*" data-section-status="[a-z]+"(?: data-remote="[^"]*")? data-remote-version="([^"]*)"/.exec(
    html,
  )?.[1];
}

/** A visitor whose bucket cookie pins them to the canary or the stable version, as the shell's cookie does. */
async function visitor(site: string, bucket: number): Promise<APIRequestContext> {
  const { hostname } = new URL(site);
  const cookie = {
    name: 'site_bucket',
    value: String(bucket),
    domain: hostname,
    path: '/',
    expires: -1,
    httpOnly: true,
    secure: false,
    sameSite: 'Lax' as const,
  };
  return playwrightRequest.newContext({ baseURL: site, storageState: { cookies: [cookie], origins: [] } });
}

async function newsVersionSeenBy(context: APIRequestContext): Promise<string | undefined> {
  const response = await context.get(`/${SLUG}`);
  expect(response.status()).toBe(200);
  return newsVersionIn(await response.text());
}

async function liveNews(platform: OwnPlatform): Promise<string> {
  const response = await fetch(`${platform.site}/_platform/remotes.json`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
  return ((await response.json()) as { remotes: Array<{ name: string; version: string }> }).remotes.find((remote) => remote.name === 'news')!.version;
}

test.describe('releases under watch: registry outage and the error-rate alert', () => {
  let platform: OwnPlatform;
  let stableVersion: string;
  const contexts: APIRequestContext[] = [];

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    platform = await startOwnPlatform('alerts', {
      OPERATOR_TOKEN,
      CONTENT_ADMIN_TOKEN: ADMIN_TOKEN,
      // The judge waits for more renders than the test makes: the throwing canary stays live until the alert fires.
      CANARY_MIN_RENDERS: '1000000',
      CANARY_WINDOW_MS: '600000',
      // Pages are re-rendered at most every half second, so that traffic makes renders to count.
      PAGE_CACHE_FRESH_MS: '500',
    });
    const page = await fetch(`${platform.api}/admin/ru/pages/${SLUG}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        slug: SLUG,
        title: 'Выпуск под наблюдением',
        components: [
          { id: 'latest', name: 'NewsLatest', props: { limit: 2 } },
          { id: 'throws', name: 'E2eCanaryThrows', props: { text: 'сломанный выпуск' } },
        ],
      }),
    });
    expect(page.status, await page.text()).toBeLessThan(300);
    stableVersion = await liveNews(platform);
  });

  test.afterAll(async () => {
    for (const context of contexts) await context.dispose();
    await platform?.stop();
  });

  test('with the registry stopped, `site-remotes rollback news` exits non-zero, says the registry is unreachable and changes nothing', async () => {
    const reader = await visitor(platform.site, STABLE_BUCKET);
    contexts.push(reader);
    expect(await newsVersionSeenBy(reader)).toBe(stableVersion);

    await platform.stopService('registry');
    const started = Date.now();
    const rollback = await siteRemotes(platform, ['rollback', 'news']).done;
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
    const list = await siteRemotes(platform, ['list']).done;
    expect(list.code, list.output).toBe(0);
    expect(list.output).toMatch(new RegExp(`^news\\t${stableVersion.replace(/[.]/g, '\\.')}\\t`, 'm'));
    const audit = await siteRemotes(platform, ['audit', 'news']).done;
    expect(audit.code, audit.output).toBe(0);
    expect(audit.output).not.toMatch(/\trollback\t/);
    expect(await newsVersionSeenBy(reader)).toBe(stableVersion);
  });

  test('a canary whose section throws: /metrics counts its render errors by remote, section and version, and Prometheus fires RemoteRenderErrorRateHigh and CanaryFailing for it', async () => {
    test.setTimeout(300_000);
    // The news team's broken release: the news remote with a section that throws whenever it renders.
    const copy = path.join(repoRoot, 'test-results', 'e2e-alerts', 'news-E2eCanaryThrows');
    copyDir(path.join(repoRoot, 'remotes/news'), copy, (name) => ['dist', '.federation', 'node_modules'].includes(name));
    copyDir(path.join(__dirname, '../fixtures/sections/E2eCanaryThrows'), path.join(copy, 'src/sections/E2eCanaryThrows'));
    const throwing = (await buildRemote({ team: 'news', rootDir: copy })).manifest.site.version;

    // The shipped rules; only the time an alert stays pending is shortened from 2 minutes to 5 seconds.
    const prometheus = await startPrometheus({
      site: platform.site,
      registry: platform.registry,
      operatorToken: OPERATOR_TOKEN,
      ruleChanges: [[/(alert: RemoteRenderErrorRateHigh\n\s+expr: .*\n\s+)for: 2m/, '$1for: 5s']],
    });
    let canaryOutput = '';
    const deploy = siteRemotes(platform, ['deploy', path.join(copy, 'dist'), '--canary', '50'], (output) => (canaryOutput = output));
    try {
      await expect.poll(() => canaryOutput, { timeout: 60_000 }).toContain(`news@${throwing} is a canary for 50% of visitors`);
      const canaryVisitor = await visitor(platform.site, CANARY_BUCKET);
      const stableVisitor = await visitor(platform.site, STABLE_BUCKET);
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
      const metrics = await (await fetch(`${platform.site}/metrics`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })).text();
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
