import http from 'node:http';
import { expect, test } from '@playwright/test';
import { startNginx, type RunningNginx } from '../support/nginx';
import { startOwnContentApi, startOwnShell, type OwnProcess } from '../support/own-backend';

// Debian's nginx with the shipped config template in front of a shell and content API of the test's own.
test.describe('nginx page cache in front of the shells', () => {
  let api: (OwnProcess & { dataDir: string }) | undefined;
  let shell: OwnProcess | undefined;
  let nginx: RunningNginx | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    api = await startOwnContentApi();
    shell = await startOwnShell(api.url);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { freePort } = require('../../orchestrator/src/services.js') as { freePort(): Promise<number> };
    const remotes = new URL(process.env.REMOTES_URL!);
    nginx = await startNginx(`127.0.0.1:${shell.port}`, remotes.host, await freePort());
  });
  test.afterAll(async () => {
    await nginx?.stop();
    await shell?.stop();
    await api?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${nginx!.url}${path}`, { headers: { 'accept-encoding': 'br, gzip', ...headers }, signal: AbortSignal.timeout(15_000) });

  /** A request with exactly these headers (fetch would refuse to send a Host of its own), uncompressed. */
  const raw = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.request(`${nginx!.url}/`, { path, headers, timeout: 15_000 }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      request.on('timeout', () => request.destroy(new Error(`${path}: no answer`)));
      request.on('error', reject);
      request.end();
    });
  const canonicalOf = (body: string) =>
    /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/.exec(body)?.[1] ?? /<link[^>]*href="([^"]+)"[^>]*rel="canonical"/.exec(body)?.[1];
  const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

  test("a visitor's forwarded headers, Host and device hints never reach the page the next visitor gets", async () => {
    const hostile = {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-for': '203.0.113.9',
      forwarded: 'for=203.0.113.9;proto=https;host=evil.example',
    };
    for (const [path, extra] of [
      ['/about', {}],
      ['/en/about', { host: 'evil.example' }],
      ['/contacts', { 'sec-ch-ua-mobile': '?1', 'user-agent': PHONE }],
    ] as Array<[string, Record<string, string>]>) {
      // The attacker goes first and fills the cache entry (or its own).
      const first = await raw(path, { ...hostile, ...extra });
      expect(first.status, path).toBe(200);
      expect(first.headers['strict-transport-security'], path).toBeUndefined();
      expect(canonicalOf(first.body), path).toMatch(/^http:\/\//);
      expect(first.body, path).not.toContain('evil.example');

      const plain = await raw(path);
      expect(plain.status, path).toBe(200);
      expect(plain.headers['strict-transport-security'], path).toBeUndefined();
      expect(canonicalOf(plain.body), path).toMatch(/^http:\/\/[^/]+\//);
      expect(plain.body, path).not.toContain('evil.example');
      expect(plain.body, path).not.toMatch(/https:\/\/(localhost|127\.0\.0\.1)/);
      expect(plain.body, path).toContain('data-breakpoint="desktop"');
      // The plain visitor's answer is the shared one: a second plain visitor is served it from the cache.
      expect((await raw(path)).headers['x-cache-status'], path).toBe('HIT');
    }
    // The phone's own entry stays its own.
    const phone = await raw('/contacts', { 'user-agent': PHONE });
    expect(phone.body).toContain('data-breakpoint="mobile"');
  });

  test('the admin API and operational endpoints are not on the public origin, whatever the path spelling or token', async () => {
    const token = { authorization: 'Bearer own-backend-admin-token' };
    for (const path of [
      '/api/admin/intake/submissions',
      '/api/admin/ru/pages/about',
      '/api/ru/../admin/intake/submissions',
      '/api/ru/%2e%2e/admin/intake/subscriptions',
      '/api/health',
      '/api/revision',
      '/api/sitemap',
    ]) {
      const answer = await raw(path, token);
      expect([path, answer.status]).toEqual([path, 404]);
      // nginx's own page, not the content API's JSON: the request never left nginx.
      expect(answer.headers['content-type'], path).toMatch(/text\/html/);
    }
    const init = await raw('/api/ru/init', token);
    expect(init.status).toBe(200);
    expect(init.headers['content-type']).toMatch(/application\/json/);
  });

  test('pages seen before still answer 200 with the shell and the content API stopped', async () => {
    test.setTimeout(60_000);
    const pages = ['/', '/news', '/en/events'];
    const seen = new Map<string, string>();
    for (const path of pages) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      seen.set(path, await first.text());
      const second = await get(path);
      expect(second.headers.get('x-cache-status'), path).toBe('HIT');
      expect(second.headers.get('content-encoding'), path).toBe('br');
    }
    // The root path is cached per language choice: an English browser is still sent to /en.
    const english = await get('/', { 'accept-language': 'en' });
    expect(english.status).toBe(200);
    expect(english.url).toMatch(/\/en$/);

    api!.freeze();
    await shell!.stop();
    // Past the shells' s-maxage: nginx has to ask, fails, and serves what it has.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    for (const path of pages) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(['STALE', 'UPDATING']).toContain(answer.headers.get('x-cache-status'));
      const body = await answer.text();
      expect(body.slice(body.indexOf('<main'), body.indexOf('</main>')), path).toBe(
        seen.get(path)!.slice(seen.get(path)!.indexOf('<main'), seen.get(path)!.indexOf('</main>')),
      );
    }
  });
});
