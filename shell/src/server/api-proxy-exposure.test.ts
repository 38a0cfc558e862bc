import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiProxy } from './api-proxy';
import { readProxyLimits } from './proxy-limits';

/** A real loopback server standing for the content API: records what reaches it and answers 200. */
function recordingUpstream(): Promise<{ server: http.Server; url: string; seen: Array<{ url: string; headers: http.IncomingHttpHeaders }> }> {
  const seen: Array<{ url: string; headers: http.IncomingHttpHeaders }> = [];
  const server = http.createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}'));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen })),
  );
}

/** A request over real HTTP with the path sent exactly as written (fetch would resolve dot segments first). */
function send(base: string, method: string, rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/`, { method, path: rawPath, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end(method === 'GET' ? undefined : '{"name":"x"}');
  });
}

describe('the /api/ proxy exposes only what visitors use', () => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    upstream = await recordingUpstream();
    app = Fastify();
    await app.register(apiProxy, { upstream: upstream.url, limits: readProxyLimits({}) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    upstream.server.close();
  });

  const refused = [
    ['GET', '/api/admin/intake/submissions'],
    ['PUT', '/api/admin/ru/pages/about'],
    ['DELETE', '/api/admin/redirects'],
    ['POST', '/api/admin/reindex'],
    ['GET', '/api/ADMIN/intake/submissions'],
    ['GET', '/api/ru/../admin/intake/submissions'],
    ['GET', '/api/ru/%2e%2e/admin/intake/submissions'],
    ['GET', '/api/media/%2E%2E/admin/intake/subscriptions'],
    ['GET', '/api//admin/intake/submissions'],
    ['GET', '/api/ru\\..\\admin/intake/submissions'],
    ['GET', '/api/health'],
    ['GET', '/api/revision'],
    ['GET', '/api/sitemap'],
    ['GET', '/api/metrics'],
  ] as const;

  test.each(refused)('%s %s is answered 404 and never reaches the content API', async (method, rawPath) => {
    const before = upstream.seen.length;
    const answer = await send(base, method, rawPath, { authorization: 'Bearer the-admin-token', 'content-type': 'application/json' });
    expect(answer.status).toBe(404);
    expect(upstream.seen.length).toBe(before);
  });

  test("visitors' endpoints pass, without the visitor's Authorization or cookies", async () => {
    for (const rawPath of ['/api/ru/init', '/api/en/pages/about?x=1', '/api/media/images/a.jpg', '/api/en/forms/contact']) {
      const before = upstream.seen.length;
      const answer = await send(base, rawPath.includes('forms') ? 'POST' : 'GET', rawPath, {
        authorization: 'Bearer the-admin-token',
        cookie: 'session=1',
        'content-type': 'application/json',
      });
      expect([rawPath, answer.status]).toEqual([rawPath, 200]);
      const reached = upstream.seen[before]!;
      expect(reached.url).toBe(rawPath.slice('/api'.length));
      expect(reached.headers.authorization).toBeUndefined();
      expect(reached.headers.cookie).toBeUndefined();
    }
  });
});
