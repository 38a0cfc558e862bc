import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRegistryServer } from './registry-server';
import { closeStore, type RegistryPaths } from './operations';
import { hashToken } from './tokens';
import { AUTH_FAILURES_ALLOWED } from '@site/server-kit';

const TOKENS = { platform: 'platform-secret', news: 'news-secret' };

/**
 * Starts a POST whose headers announce `declared` bytes and sends only the first `sent`: resolves with the status of
 * an answer that comes while the rest is still owed, or null when none comes within `waitMs`.
 */
function answerBeforeBody(
  base: string,
  urlPath: string,
  headers: Record<string, string>,
  declared: number,
  sent: number,
  waitMs: number,
): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.request(`${base}${urlPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(declared), ...headers },
    });
    const timer = setTimeout(() => {
      request.destroy();
      resolve(null);
    }, waitMs);
    request.on('response', (response) => {
      clearTimeout(timer);
      response.resume();
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    request.on('error', () => undefined);
    request.write(Buffer.alloc(sent, 0x20));
  });
}

describe('the registry checks tokens before bodies, and throttles wrong ones', () => {
  let dir: string;
  let app: ReturnType<typeof createRegistryServer>;
  let base: string;
  const paths = (): RegistryPaths => ({ cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry', 'registry.db') });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-auth-'));
    app = createRegistryServer({
      paths: paths(),
      remotesPublicUrl: 'http://cdn.example/remotes/',
      tokens: { platform: hashToken(TOKENS.platform), teams: { news: hashToken(TOKENS.news) } },
      canary: { intervalMs: 60_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await app.close();
    await closeStore(paths());
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 401 to a 120 MB publish without a valid token while the body is still owed', async () => {
    const declared = 120 * 1024 * 1024;
    expect(await answerBeforeBody(base, '/api/remotes/news/versions', {}, declared, 64 * 1024, 3000)).toBe(401);
    expect(await answerBeforeBody(base, '/api/remotes/news/versions', { authorization: 'Bearer wrong' }, declared, 64 * 1024, 3000)).toBe(401);
  });

  it('meets 300 wrong tokens with 429 and Retry-After, and keeps refusing that address for the window', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const answer = await fetch(`${base}/api/remotes`, { headers: { authorization: `Bearer guess-${attempt}` } });
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter ??= answer.headers.get('retry-after');
      await answer.arrayBuffer();
    }
    expect(statuses.slice(0, AUTH_FAILURES_ALLOWED)).toEqual(Array(AUTH_FAILURES_ALLOWED).fill(401));
    expect(statuses.slice(AUTH_FAILURES_ALLOWED)).toEqual(Array(300 - AUTH_FAILURES_ALLOWED).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Even the right token from that address waits: a guess that happens to be right is not told apart.
    const right = await fetch(`${base}/api/remotes`, { headers: { authorization: `Bearer ${TOKENS.platform}` } });
    expect(right.status).toBe(429);
    // What is public stays open to it.
    expect((await fetch(`${base}/registry.json`)).status).toBe(200);
  }, 30_000); // 300 requests one after another: seconds on a busy machine

  it('does not count a missing token or a right one against the address', async () => {
    for (let attempt = 0; attempt < 3 * AUTH_FAILURES_ALLOWED; attempt += 1) {
      expect((await fetch(`${base}/api/remotes`)).status).toBe(401);
      expect((await fetch(`${base}/api/remotes`, { headers: { authorization: `Bearer ${TOKENS.news}` } })).status).toBe(200);
    }
  });
});
