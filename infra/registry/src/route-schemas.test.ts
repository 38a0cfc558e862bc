import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { closeStore, type RegistryPaths } from './operations';
import { createRegistryServer } from './registry-server';
import { hashToken } from './tokens';

const TOKENS = { platform: 'platform-secret', news: 'news-secret', fleet: 'fleet-secret' };

describe('what the registry answers to input its route schemas refuse (real HTTP, SQLite)', () => {
  let dir: string;
  let paths: RegistryPaths;
  let app: ReturnType<typeof createRegistryServer>;
  let base: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-schemas-'));
    paths = { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') };
    app = createRegistryServer({
      paths,
      remotesPublicUrl: 'http://cdn.example/remotes/',
      tokens: { platform: hashToken(TOKENS.platform), teams: { news: hashToken(TOKENS.news) }, fleet: hashToken(TOKENS.fleet) },
      canary: { intervalMs: 60_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app.close();
    await closeStore(paths);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const call = async (method: string, url: string, token: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as { message?: string }) : null };
  };

  it('answers 400 with the message the CLI has always shown', async () => {
    expect(await call('POST', '/api/remotes/news/activate', TOKENS.news, {})).toEqual({
      status: 400,
      body: { statusCode: 400, message: 'expected {"version": "..."}' },
    });
    expect((await call('POST', '/api/remotes/news/activate', TOKENS.news, { version: '1.0.0', canaryPercent: '10' })).body?.message).toBe(
      'canaryPercent must be an integer from 1 to 99',
    );
    expect((await call('POST', '/api/remotes/news/activate', TOKENS.news, { version: '1.0.0', canaryPercent: 100 })).body?.message).toBe(
      'canaryPercent must be an integer from 1 to 99',
    );
    expect(await call('GET', '/api/remotes/News!', TOKENS.platform)).toEqual({
      status: 400,
      body: { statusCode: 400, message: '"News!" is not a remote name' },
    });
    expect((await call('POST', '/api/remotes/news/versions', TOKENS.news, { files: ['not', 'a', 'map'] })).body?.message).toBe(
      'expected {"files": {"<path>": "<base64>"}}',
    );
    expect((await call('POST', '/api/remotes/news/register', TOKENS.news, { version: '1.0.0' })).body?.message).toBe(
      'expected {"version": "...", "manifestUrl": "..."}',
    );
    expect((await call('POST', '/api/sections/NewsFeed/transfer', TOKENS.platform, { to: 'Not A Remote' })).body?.message).toBe('expected {"to": "<remote>"}');
    expect((await call('POST', '/api/remotes/news/activate', TOKENS.news, '{"version": ')).status).toBe(400);
    // A rollback needs no body: the remote is unknown, not the request malformed.
    expect((await call('POST', '/api/remotes/news/rollback', TOKENS.news)).status).toBe(404);
  });

  it('takes a fleet report as its contract defines it, filling in what a shell left out, and refuses a malformed one', async () => {
    expect((await call('POST', '/api/fleet/report', TOKENS.fleet, { instance: 'shell-min', live: [], counters: [], note: 'not in the contract' })).status).toBe(
      204,
    );
    const fleet = (await call('GET', '/api/fleet', TOKENS.platform)).body as unknown as { instances: Array<Record<string, unknown>> };
    expect(fleet.instances[0]).not.toHaveProperty('note');
    expect(fleet.instances).toEqual([
      expect.objectContaining({
        instance: 'shell-min',
        url: null,
        contractsVersion: '0.0.0',
        shared: {},
        registryRevision: 0,
        pollAgeMs: 0,
        registryError: null,
        live: [],
        counters: [],
        fresh: true,
      }),
    ]);

    expect(await call('POST', '/api/fleet/report', TOKENS.fleet, { live: [] })).toEqual({
      status: 400,
      body: { statusCode: 400, message: 'a fleet report names its instance' },
    });
    expect((await call('POST', '/api/fleet/report', TOKENS.fleet, { instance: 'shell a' })).body?.message).toBe('a fleet report names its instance');
    const counted = await call('POST', '/api/fleet/report', TOKENS.fleet, {
      instance: 'shell-b',
      counters: [{ remote: 'news', version: '1.0.0', renders: 'many' }],
    });
    expect(counted).toEqual({ status: 400, body: { statusCode: 400, message: 'body/counters/0/renders must be number' } });
    // A team token is refused before its body is looked at.
    expect((await call('POST', '/api/fleet/report', TOKENS.news, { live: 'garbage' })).status).toBe(403);
  });

  it('serves its metrics in the Prometheus text format from its own registry of metrics', async () => {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKENS.platform}` } });
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await response.text();
    expect(text).toContain('# TYPE site_canary_rollbacks_total counter');
    expect(text).toMatch(/^site_fleet_shells\{state="fresh"\} 1$/m);
    expect(text).toMatch(/^site_canary_judge_leader [01]$/m);
  });
});
