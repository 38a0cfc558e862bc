import { activate, hashToken, openStore, publishVersion, readBuildFiles } from '@site/registry';
import type { ShellServer } from './app';
import { sectionBuild, startShellWithRegistry, type ShellWithRegistry } from '../testing/shell-with-registry';

const ADMIN_TOKEN = 'beacon-evidence-admin-token';
const FLEET_TOKEN = 'beacon-evidence-fleet-token';
const STABLE = '1.0.0-aaaaaaaaaa';
const CANARY = '1.1.0-bbbbbbbbbb';

jest.setTimeout(60_000);

/** A remote build with one section that renders nothing. */
const lambda = (version: string) => ({ team: 'lambda', version, section: 'LambdaLatest' });

/** The page token a page view came with (the `pt` entry of its Server-Timing header). */
function tokenOf(headers: Record<string, unknown>): string {
  const match = /(?:^|,\s*)pt;desc="([^"]+)"/.exec(String(headers['server-timing'] ?? ''));
  if (!match) throw new Error(`no page token in ${JSON.stringify(headers['server-timing'])}`);
  return match[1]!;
}

describe('browser reports decide canaries only as evidence a visitor cannot forge', () => {
  let setup: ShellWithRegistry;
  let registry: ShellWithRegistry['registry'];
  let shell: ShellServer;

  beforeAll(async () => {
    setup = await startShellWithRegistry({
      name: 'beacon-evidence',
      adminToken: ADMIN_TOKEN,
      page: { slug: 'lambda-page', title: 'Лямбда' },
      build: lambda(STABLE),
      registry: {
        tokens: { teams: {}, platform: null, fleet: hashToken(FLEET_TOKEN) },
        // The judge runs when the test says; the window never ends on its own here.
        canary: { intervalMs: 600_000, windowMs: 600_000, minRenders: 20, minBrowserVisitors: 20 },
      },
      beforeShell: async ({ dir, paths }) => {
        await publishVersion(paths, readBuildFiles(sectionBuild(dir, lambda(CANARY))), { actor: { name: 'platform' } });
        await activate(paths, 'lambda', CANARY, { actor: { name: 'platform' }, canaryPercent: 50 });
      },
      env: {
        PORT: '3997',
        REGISTRY_POLL_MS: '100',
        PAGE_CACHE_FRESH_MS: '60000',
        FLEET_TOKEN,
        // Visitors are told apart by their own addresses here (no proxy in front).
        TRUST_PROXY: 'false',
      },
    });
    ({ registry, shell } = setup);
    const deadline = Date.now() + 10_000;
    while (!shell.app.registry.current.canaries.has('lambda') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shell.app.registry.current.canaries.has('lambda')).toBe(true);
  }, 60_000);

  afterAll(async () => {
    await setup?.close();
  });

  /** A page view as a visitor at `address` gets it; bucket 0 is the canary's, 99 the stable version's. */
  const view = async (address: string, bucket: number) => {
    const page = await shell.app.inject({ method: 'GET', url: '/lambda-page', remoteAddress: address, headers: { cookie: `site_bucket=${bucket}` } });
    expect(page.statusCode).toBe(200);
    return tokenOf(page.headers);
  };
  const beacon = (address: string, version: string, token?: string) =>
    shell.app.inject({
      method: 'POST',
      url: '/_csp-report',
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'section-error', remote: 'lambda', section: 'LambdaLatest', version, ...(token === undefined ? {} : { token }) }),
    });
  const browserErrors = (version: string) =>
    shell.app.remoteStats
      .sectionCounters()
      .filter((counters) => counters.remote === 'lambda' && counters.version === version)
      .reduce((total, counters) => total + counters.browserErrors, 0);
  const judge = async () => {
    await shell.app.fleet.report();
    await registry.canaryJudge.judge();
    return { state: (await openStore(setup.paths).read()).remotes.lambda!, verdict: (await registry.canaryJudge.lastVerdicts()).lambda };
  };

  test('forged beacons (no token, altered, other versions, reused) count nothing and neither roll back nor promote the canary', async () => {
    const attacker = '198.51.100.66';
    const tokens: string[] = [];
    for (let index = 0; index < 25; index += 1) tokens.push(await view(attacker, 0));
    const stableToken = await view(attacker, 99);
    const [body, mac] = tokens[0]!.split('.');
    const altered = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), v: [`lambda@${STABLE}`] })).toString('base64url')}.${mac}`;
    for (let index = 0; index < 15; index += 1) expect((await beacon(attacker, CANARY)).statusCode).toBe(204);
    for (let index = 0; index < 15; index += 1) expect((await beacon(attacker, STABLE, altered)).statusCode).toBe(204);
    // A canary page's token does not cover the stable version, nor the stable page's the canary.
    for (let index = 0; index < 15; index += 1) expect((await beacon(attacker, STABLE, tokens[1 + index])).statusCode).toBe(204);
    for (let index = 0; index < 5; index += 1) expect((await beacon(attacker, CANARY, stableToken)).statusCode).toBe(204);
    // One real token, used again and again: it counts once.
    for (let index = 0; index < 10; index += 1) expect((await beacon(attacker, CANARY, tokens[0])).statusCode).toBe(204);
    expect(browserErrors(STABLE)).toBe(0);
    expect(browserErrors(CANARY)).toBe(1);

    const { state, verdict } = await judge();
    expect(state.current).toBe(STABLE);
    expect(state.canary).toMatchObject({ version: CANARY });
    expect(verdict).toMatchObject({ state: 'watching', version: CANARY });
    expect(verdict!.reason).toContain('browser reports from 1 visitors not counted (fewer than 20)');
  });

  test("one address's own real tokens count a few times at most, and /_csp-report is rate-limited", async () => {
    const address = '198.51.100.77';
    const before = browserErrors(CANARY);
    for (let index = 0; index < 15; index += 1) await beacon(address, CANARY, await view(address, 0));
    expect(browserErrors(CANARY) - before).toBe(10);
    const statuses: number[] = [];
    for (let index = 0; index < 130; index += 1) statuses.push((await beacon('198.51.100.78', CANARY)).statusCode);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });

  test("real reports from enough visitors' page views roll back a canary that fails in browsers; forged ones against the stable version do not save it", async () => {
    for (let visitor = 1; visitor <= 20; visitor += 1) {
      const address = `203.0.113.${visitor}`;
      expect((await beacon(address, CANARY, await view(address, 0))).statusCode).toBe(204);
    }
    // The attacker tries to raise the stable version's browser error rate to hide the canary's.
    for (let index = 0; index < 30; index += 1) await beacon('198.51.100.99', STABLE);
    expect(browserErrors(STABLE)).toBe(0);
    const { state, verdict } = await judge();
    expect(state.canary ?? null).toBeNull();
    expect(state.current).toBe(STABLE);
    expect(verdict).toMatchObject({ state: 'rolled back', version: CANARY });
    expect(verdict!.reason).toMatch(/browsers: \d+ errors in \d+ page views \(\d+\.\d%\) from 2\d visitors against 0\.0%/);
  });
});
