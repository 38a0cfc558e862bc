import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { CONTRACTS_VERSION } from '@site/contracts';
import { RegistryApi } from './client';
import { createRegistryServer } from './registry-server';
import { readBuildFiles, openStore } from './operations';
import { hashToken } from './tokens';
import { writeRemoteBuild } from '@site/test-support/remote-builds';
import { STATE_ENGINES, registryPerTest } from './testing/registry-per-test';

const TOKENS = { platform: 'platform-secret', news: 'news-secret', events: 'events-secret' };

function build(dir: string, team: string, version: string, options: { sections?: string[]; contractsVersion?: string; react?: string } = {}): string {
  const { sections, contractsVersion, react = '^19.3.1' } = options;
  return writeRemoteBuild(dir, { team, version, sections, contractsVersion, shared: [{ name: 'react', version: '19.3.1', requiredVersion: react }] });
}

describe.each(STATE_ENGINES)('publishing API (real HTTP, state on %s)', (engine) => {
  const registry = registryPerTest(engine, {
    remotesPublicUrl: 'http://cdn.example/remotes/',
    tokens: { platform: hashToken(TOKENS.platform), teams: { news: hashToken(TOKENS.news), events: hashToken(TOKENS.events) } },
    canary: { intervalMs: 60_000 },
  });

  const as = (token: string) => new RegistryApi(registry.base, token);

  it("answers 401 without a token and 403 to a team acting on another team's remote", async () => {
    const files = readBuildFiles(build(registry.dir, 'events', '1.0.0-aaaaaaaaaa'));
    const anonymous = await fetch(`${registry.base}/api/remotes/events/versions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"files":{}}',
    });
    expect(anonymous.status).toBe(401);
    await expect(as('wrong').publish('events', files)).rejects.toMatchObject({ statusCode: 401 });
    await expect(as(TOKENS.news).publish('events', files)).rejects.toMatchObject({ statusCode: 403 });
    const published = await as(TOKENS.events).publish('events', files);
    await as(TOKENS.events).activate('events', published.version);
    await expect(as(TOKENS.news).rollback('events')).rejects.toMatchObject({ statusCode: 403 });
    await expect(as(TOKENS.news).retire('events')).rejects.toMatchObject({ statusCode: 403 });
    const audit = (await as(TOKENS.platform).audit('events')).entries;
    expect(audit.find((entry) => entry.action === 'rollback')).toMatchObject({ actor: 'news', outcome: 'refused' });
    expect(audit.find((entry) => entry.action === 'activate')).toMatchObject({ actor: 'events', outcome: 'ok', to: '1.0.0-aaaaaaaaaa' });
  });

  it('keeps versions immutable: the same files again change nothing, other files under the same version are refused', async () => {
    const dist = build(registry.dir, 'news', '1.0.0-aaaaaaaaaa');
    expect((await as(TOKENS.news).publish('news', readBuildFiles(dist))).created).toBe(true);
    expect((await as(TOKENS.news).publish('news', readBuildFiles(dist))).created).toBe(false);
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), '// tampered');
    await expect(as(TOKENS.news).publish('news', readBuildFiles(dist))).rejects.toThrow(/409.*immutable/);
    expect(fs.readFileSync(path.join(registry.dir, 'cdn', 'news', '1.0.0-aaaaaaaaaa', 'remoteEntry.js'), 'utf8')).toBe('// browser 1.0.0-aaaaaaaaaa');
    const published = (await openStore(registry.paths()).read()).remotes.news!.history[0]!;
    expect(published.files?.['server/remoteEntry.js']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a release defining a section another remote owns, naming the owner, until the platform team transfers it', async () => {
    const news = await as(TOKENS.news).publish(
      'news',
      readBuildFiles(build(registry.dir, 'news', '1.0.0-aaaaaaaaaa', { sections: ['PageHero', 'NewsLatest'] })),
    );
    await as(TOKENS.news).activate('news', news.version);
    const events = readBuildFiles(build(registry.dir, 'events', '1.0.0-bbbbbbbbbb', { sections: ['EventsUpcoming', 'PageHero'] }));
    await expect(as(TOKENS.events).publish('events', events)).rejects.toThrow('registry refused (409): section PageHero is owned by remote news');
    await expect(as(TOKENS.events).transfer('PageHero', 'events')).rejects.toMatchObject({ statusCode: 403 });
    await as(TOKENS.platform).transfer('PageHero', 'events');
    expect((await as(TOKENS.events).publish('events', events)).created).toBe(true);
  });

  it('checks contracts and shared singletons against what the live shells declare', async () => {
    const report = (contractsVersion: string, react: string) =>
      fetch(`${registry.base}/api/fleet/report`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKENS.platform}`, 'content-type': 'application/json' },
        body: JSON.stringify({ instance: 'shell-a', contractsVersion, shared: { react }, registryRevision: 0, pollAgeMs: 0, live: [], counters: [] }),
      });
    const [major, minor] = CONTRACTS_VERSION.split('.').map(Number) as [number, number];
    expect((await report(CONTRACTS_VERSION, '18.3.1')).status).toBe(204);
    await expect(as(TOKENS.news).publish('news', readBuildFiles(build(registry.dir, 'news', '1.0.0-aaaaaaaaaa')))).rejects.toThrow(
      /409.*shared react \^19\.3\.1 is not satisfied by the shell's 18\.3\.1 \(shell shell-a\)/,
    );
    await report(CONTRACTS_VERSION, '19.3.2');
    const newer = `${major}.${minor + 1}.0`;
    await expect(as(TOKENS.news).publish('news', readBuildFiles(build(registry.dir, 'news', '1.1.0-aaaaaaaaaa', { contractsVersion: newer })))).rejects.toThrow(
      `newer than the host's ${CONTRACTS_VERSION} (shell shell-a)`,
    );
    expect((await as(TOKENS.news).publish('news', readBuildFiles(build(registry.dir, 'news', '1.0.0-aaaaaaaaaa')))).created).toBe(true);
  });

  it('loses no update when 50 versions are published and activated at once', async () => {
    // 100 changes queue up on one database: a client that waits for its turn (a loaded test machine is slow).
    const patient = new RegistryApi(registry.base, TOKENS.news, 50_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const version = `1.0.${index}-aaaaaaaaaa`;
        const published = await patient.publish('news', readBuildFiles(build(registry.dir, 'news', version)));
        return patient.activate('news', published.version);
      }),
    );
    const versions = (await as(TOKENS.platform).list()).remotes.news!.versions.map((item) => item.version);
    expect(new Set(versions).size).toBe(50);
    expect(new Set(results.map((result) => result.revision)).size).toBe(results.length);
    expect((await as(TOKENS.platform).audit('news')).entries.filter((entry) => entry.action === 'publish' && entry.outcome === 'ok')).toHaveLength(50);
  }, 60_000);

  it('loses no update when several processes change the state at once (each its own connection or database handle)', async () => {
    // The built store module alone (what the package's index re-exports), not the whole server: each writer starts faster.
    const script = `
      const { openStore } = require(${JSON.stringify(path.join(__dirname, '../dist/operations.js'))});
      const [paths, worker] = [JSON.parse(process.argv[1]), process.argv[2]];
      const store = openStore(paths);
      (async () => {
        for (let index = 0; index < 20; index += 1) {
          await store.update((state) => {
            const entry = (state.remotes.news ??= { current: '', history: [] });
            entry.history.push({ version: worker + '.' + index, manifest: 'x', deployedAt: new Date().toISOString() });
          });
        }
        await store.close();
      })().catch((error) => { console.error(error); process.exit(1); });
    `;
    const before = (await openStore(registry.paths()).read()).revision;
    const children = Array.from({ length: 4 }, (_, worker) =>
      spawn(process.execPath, ['-e', script, JSON.stringify(registry.paths()), `w${worker}`], { stdio: ['ignore', 'ignore', 'pipe'] }),
    );
    return Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve, reject) => {
            let errors = '';
            child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
            child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a writer exited with ${code}: ${errors}`))));
          }),
      ),
    ).then(async () => {
      const state = await openStore(registry.paths()).read();
      expect(state.remotes.news!.history).toHaveLength(80);
      expect(new Set(state.remotes.news!.history.map((item) => item.version)).size).toBe(80);
      expect(state.revision).toBe(before + 80);
    });
  }, 60_000);

  it('rolls back to the last good version, skipping one a canary failed', async () => {
    const api = as(TOKENS.news);
    for (const version of ['1.0.0-aaaaaaaaaa', '1.0.1-bbbbbbbbbb', '1.0.2-cccccccccc']) {
      await api.publish('news', readBuildFiles(build(registry.dir, 'news', version)));
      await api.activate('news', version);
    }
    await openStore(registry.paths()).update((state) => {
      state.remotes.news!.history[1]!.bad = 'canary failed';
    });
    expect((await api.rollback('news')).current).toBe('1.0.0-aaaaaaaaaa');
    await expect(api.rollback('news', '9.9.9')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('rolls back a canary whose renders fail by itself, says why in the audit log and counts it in /metrics for the platform team only', async () => {
    const api = as(TOKENS.news);
    await api.publish('news', readBuildFiles(build(registry.dir, 'news', '1.0.0-aaaaaaaaaa', { sections: ['NewsLatest'] })));
    await api.activate('news', '1.0.0-aaaaaaaaaa');
    await api.publish('news', readBuildFiles(build(registry.dir, 'news', '1.1.0-bbbbbbbbbb', { sections: ['NewsLatest'] })));
    expect((await api.activate('news', '1.1.0-bbbbbbbbbb', 10)).canary).toMatchObject({ version: '1.1.0-bbbbbbbbbb', percent: 10 });
    const metrics = (token?: string) => fetch(`${registry.base}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await metrics()).status).toBe(401);
    expect((await metrics(TOKENS.news)).status).toBe(403);
    expect(await (await metrics(TOKENS.platform)).text()).toContain('site_canary_percent{remote="news",version="1.1.0-bbbbbbbbbb"} 10');

    // What a shell reports: the stable version renders cleanly, every render of the canary throws.
    const counters = [
      { remote: 'news', version: '1.0.0-aaaaaaaaaa', renders: 200, renderErrors: 0, browserErrors: 0 },
      { remote: 'news', version: '1.1.0-bbbbbbbbbb', renders: 25, renderErrors: 25, browserErrors: 0 },
    ];
    const reported = await fetch(`${registry.base}/api/fleet/report`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.platform}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instance: 'shell-a', contractsVersion: CONTRACTS_VERSION, shared: {}, registryRevision: 0, pollAgeMs: 0, live: [], counters }),
    });
    expect(reported.status).toBe(204);
    await registry.app.canaryJudge.judge();

    const listed = (await as(TOKENS.platform).list()).remotes.news!;
    expect(listed.current).toBe('1.0.0-aaaaaaaaaa');
    expect(listed.canary ?? null).toBeNull();
    const entries = (await as(TOKENS.platform).audit('news')).entries;
    expect(entries.map((entry) => `${entry.outcome} ${entry.detail ?? ''}`).join('\n')).toContain(
      'error rate above the stable version: 25 errors in 25 renders (100.0%)',
    );
    const text = await (await metrics(TOKENS.platform)).text();
    expect(text).toContain('site_canary_rollbacks_total{remote="news"} 1');
    expect(text).toContain('site_canary_percent{remote="news",version=""} 0');
    expect(text).toMatch(/^site_fleet_shells\{state="fresh"\} 1$/m);
    expect(text).toContain('site_registry_live_version{remote="news",version="1.0.0-aaaaaaaaaa",role="stable"} 1');
  });

  it('promotes a healthy canary by itself when its window ends, with the reason in the audit log', async () => {
    const api = as(TOKENS.news);
    await api.publish('news', readBuildFiles(build(registry.dir, 'news', '1.0.0-aaaaaaaaaa', { sections: ['NewsLatest'] })));
    await api.activate('news', '1.0.0-aaaaaaaaaa');
    await api.publish('news', readBuildFiles(build(registry.dir, 'news', '1.1.0-bbbbbbbbbb', { sections: ['NewsLatest'] })));
    await api.activate('news', '1.1.0-bbbbbbbbbb', 20);
    const counters = [
      { remote: 'news', version: '1.0.0-aaaaaaaaaa', renders: 200, renderErrors: 2, browserErrors: 0 },
      { remote: 'news', version: '1.1.0-bbbbbbbbbb', renders: 40, renderErrors: 0, browserErrors: 1 },
    ];
    await fetch(`${registry.base}/api/fleet/report`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.platform}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instance: 'shell-a', contractsVersion: CONTRACTS_VERSION, shared: {}, registryRevision: 0, pollAgeMs: 0, live: [], counters }),
    });
    // Within its window the canary is watched, healthy or not.
    await registry.app.canaryJudge.judge();
    expect((await registry.app.canaryJudge.lastVerdicts()).news).toMatchObject({ state: 'watching', version: '1.1.0-bbbbbbbbbb' });
    expect((await as(TOKENS.platform).list()).remotes.news!.canary).toMatchObject({ version: '1.1.0-bbbbbbbbbb', percent: 20 });
    // The window has passed (started a minute and a half ago).
    await openStore(registry.paths()).update((state) => {
      state.remotes.news!.canary!.startedAt = new Date(Date.now() - 90_000).toISOString();
    });
    await registry.app.canaryJudge.judge();
    const listed = (await as(TOKENS.platform).list()).remotes.news!;
    expect(listed.current).toBe('1.1.0-bbbbbbbbbb');
    expect(listed.canary ?? null).toBeNull();
    const entry = (await as(TOKENS.platform).audit('news')).entries.find((item) => item.action === 'canary-promote');
    expect(entry).toMatchObject({ actor: 'canary-analysis', from: '1.0.0-aaaaaaaaaa', to: '1.1.0-bbbbbbbbbb', outcome: 'ok' });
    expect(entry!.detail).toMatch(
      /^canary 1\.1\.0-bbbbbbbbbb promoted: healthy over 9\d s: 0 errors in 40 renders \(0\.0%\) against 1\.0\.0-aaaaaaaaaa's 1\.0%; browser reports from 0 visitors not counted \(fewer than 20\)$/,
    );
    expect(await (await fetch(`${registry.base}/metrics`, { headers: { authorization: `Bearer ${TOKENS.platform}` } })).text()).toContain(
      'site_canary_promotions_total{remote="news"} 1',
    );
  });
});

describe('site-remotes CLI', () => {
  const cli = path.join(__dirname, '../bin/site-remotes.js');

  it('exits non-zero and says so when the registry is unreachable', async () => {
    // A port nothing listens on: taken from a server that is closed again.
    const probe = createRegistryServer({
      paths: { cdnDir: os.tmpdir(), stateFile: path.join(os.tmpdir(), `probe-${process.pid}.db`) },
      remotesPublicUrl: 'http://x/',
      tokens: { teams: {}, platform: null },
    });
    await probe.listen({ port: 0, host: '127.0.0.1' });
    const port = (probe.server.address() as AddressInfo).port;
    await probe.close();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-cli-'));
    fs.writeFileSync(path.join(dataDir, 'operator-token'), 'x\n');
    const result = spawnSync(process.execPath, [cli, '--registry', `http://127.0.0.1:${port}`, 'rollback', 'news'], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(`registry http://127.0.0.1:${port} is unreachable (ECONNREFUSED): nothing was changed`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
