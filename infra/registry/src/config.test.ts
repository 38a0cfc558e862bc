import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, readPublisherConfig, readRegistryConfig, readStaticHostConfig } from './config';
import { hashToken } from './tokens';

function problemsOf(read: () => unknown): string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('the registry configuration', () => {
  test('with nothing set, npm start keeps its one folder: builds and the SQLite database under .data/', () => {
    const config = readRegistryConfig({});
    expect(config.dataDir).toBe(config.sharedDataDir);
    expect(config.paths.cdnDir).toBe(path.join(config.dataDir, 'cdn'));
    expect(config.paths.stateFile).toBe(path.join(config.dataDir, 'registry', 'registry.db'));
    expect(config.paths.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3003);
  });

  test('published builds go to the shared folder, the SQLite database stays in the private one', () => {
    const config = readRegistryConfig({ DATA_DIR: '/var/lib/registry', SHARED_DATA_DIR: '/shared' });
    expect(config.paths.cdnDir).toBe('/shared/cdn');
    expect(config.paths.stateFile).toBe('/var/lib/registry/registry/registry.db');
    expect(config.writes).toEqual(['/shared/cdn', '/var/lib/registry/registry']);
  });

  test('on PostgreSQL it writes only the shared builds and needs the platform token and the fleet token', () => {
    const env = { DATA_DIR: '/d', SHARED_DATA_DIR: '/s', REGISTRY_DATABASE_URL: 'postgres://registry@db/site' };
    expect(problemsOf(() => readRegistryConfig(env))).toEqual([
      'a registry on PostgreSQL needs the platform token its operators and Prometheus use: set OPERATOR_TOKEN or REGISTRY_PLATFORM_TOKEN_SHA256',
      'a registry on PostgreSQL needs the fleet token the shells report with: set FLEET_TOKEN or REGISTRY_FLEET_TOKEN_SHA256',
    ]);
    const config = readRegistryConfig({ ...env, OPERATOR_TOKEN: 'platform', FLEET_TOKEN: 'fleet' });
    expect(config.paths.databaseUrl).toBe('postgres://registry@db/site');
    expect(config.tokens.platform).toBe(hashToken('platform'));
    expect(config.tokens.fleet).toBe(hashToken('fleet'));
    expect(config.writes).toEqual(['/s/cdn']);
  });

  test('the size budget of a publish: more than 5 KB and more than 10 % by default, both settable, a wrong value named', () => {
    expect(readRegistryConfig({}).sizeBudget).toEqual({ growthBytes: 5120, growthPercent: 10 });
    expect(readRegistryConfig({ SIZE_BUDGET_JS_GROWTH_BYTES: '20000', SIZE_BUDGET_JS_GROWTH_PERCENT: '25' }).sizeBudget).toEqual({
      growthBytes: 20000,
      growthPercent: 25,
    });
    expect(problemsOf(() => readRegistryConfig({ SIZE_BUDGET_JS_GROWTH_PERCENT: 'ten' }))).toEqual([
      'SIZE_BUDGET_JS_GROWTH_PERCENT must be a whole number of at least 0, not "ten"',
    ]);
  });

  test('the canary judge on speed: 20 % worse p75 with 50 samples on LCP, INP and CLS by default, each settable', () => {
    expect(readRegistryConfig({}).canary.vitals).toEqual({ maxRegressionPercent: 20, minSamples: 50, metrics: ['LCP', 'INP', 'CLS'] });
    expect(
      readRegistryConfig({ CANARY_VITALS_REGRESSION_PERCENT: '35', CANARY_VITALS_MIN_SAMPLES: '200', CANARY_VITALS_METRICS: 'inp, CLS' }).canary.vitals,
    ).toEqual({
      maxRegressionPercent: 35,
      minSamples: 200,
      metrics: ['INP', 'CLS'],
    });
    expect(problemsOf(() => readRegistryConfig({ CANARY_VITALS_MIN_SAMPLES: '0', CANARY_VITALS_METRICS: 'INP,FID' }))).toEqual([
      'CANARY_VITALS_MIN_SAMPLES must be a whole number of at least 1, not "0"',
      'CANARY_VITALS_METRICS must name some of LCP, INP, CLS separated by commas, not "INP,FID"',
    ]);
  });

  test('names every wrong variable at once', () => {
    const problems = problemsOf(() =>
      readRegistryConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db/site',
        REMOTES_PUBLIC_URL: 'not a url',
        REGISTRY_TEAM_TOKENS: 'news=abc',
        REGISTRY_PLATFORM_TOKEN_SHA256: 'xyz',
        CANARY_MIN_RENDERS: '-1',
        DRAIN_TIMEOUT_MS: '1.5',
      }),
    );
    expect(problems).toEqual([
      'DATABASE_URL must be a postgres or postgresql URL, not "mysql:…"',
      'REMOTES_PUBLIC_URL is not a URL: "not a url"',
      'REGISTRY_TEAM_TOKENS must be team=<sha256 hex> pairs separated by commas, not "news=abc"',
      'REGISTRY_PLATFORM_TOKEN_SHA256 must be 64 hexadecimal digits',
      'CANARY_MIN_RENDERS must be a whole number of at least 1, not "-1"',
      'PORT must be a whole number of at least 0, not "eighty"',
      'DRAIN_TIMEOUT_MS must be a whole number of at least 0, not "1.5"',
    ]);
    expect(() => readRegistryConfig({ PORT: 'eighty' })).toThrow(/the registry cannot start, its configuration is wrong:\n {2}- PORT must be/);
  });
});

describe('the remote host configuration', () => {
  test('serves the builds in the shared folder and writes nothing', () => {
    const config = readStaticHostConfig({ DATA_DIR: '/own', SHARED_DATA_DIR: '/shared', PORT: '8080' });
    expect(config).toMatchObject({ cdnDir: '/shared/cdn', port: 8080, writes: [] });
    expect(problemsOf(() => readStaticHostConfig({ PORT: '70000', DRAIN_TIMEOUT_MS: 'soon' }))).toEqual([
      'PORT must be at most 65535, not "70000"',
      'DRAIN_TIMEOUT_MS must be a whole number of at least 0, not "soon"',
    ]);
  });
});

describe('the publisher configuration', () => {
  test('a publisher in a container with neither a registry nor a token is refused with both named', () => {
    expect(problemsOf(() => readPublisherConfig({ DATA_DIR: '/nowhere' }))).toEqual([
      'SITE_REMOTES_TOKEN is not set and there is no local platform token at /nowhere/operator-token',
    ]);
    expect(problemsOf(() => readPublisherConfig({ REGISTRY_API_URL: 'http://registry:3003' }))).toEqual([
      'SITE_REMOTES_TOKEN is not set: the registry at http://registry:3003 needs a team token',
    ]);
    expect(problemsOf(() => readPublisherConfig({ REGISTRY_API_URL: 'registry:3003', SITE_REMOTES_TOKEN: 't', SITE_REMOTES_WAIT_MS: 'x' }))).toEqual([
      'REGISTRY_API_URL must be a http or https URL, not "registry:…"',
      'SITE_REMOTES_WAIT_MS must be a whole number of at least 0, not "x"',
    ]);
  });

  test('takes the registry from --registry or REGISTRY_API_URL, and the local platform token only for a local registry', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publisher-config-'));
    try {
      fs.writeFileSync(path.join(dir, 'operator-token'), 'local-platform\n');
      expect(readPublisherConfig({ DATA_DIR: dir, REGISTRY_PORT: '4003' })).toMatchObject({ registryUrl: 'http://127.0.0.1:4003', token: 'local-platform' });
      expect(readPublisherConfig({ REGISTRY_API_URL: 'https://registry.example/', SITE_REMOTES_TOKEN: 'news-token' })).toMatchObject({
        registryUrl: 'https://registry.example',
        token: 'news-token',
      });
      expect(problemsOf(() => readPublisherConfig({ DATA_DIR: dir }, 'http://registry.example'))).toEqual([
        'SITE_REMOTES_TOKEN is not set: the registry at http://registry.example needs a team token',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
