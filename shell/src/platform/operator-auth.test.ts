import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { operatorGuard } from './operator-auth';
import { AUTH_FAILURES_ALLOWED } from '@site/server-kit';

const TOKEN = 'operator-token-for-the-test';

describe('operator pages throttle failed authentication per client address', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // As behind a trusted proxy: X-Forwarded-For names the client.
    app = Fastify({ trustProxy: true });
    // The shell holds only the password's sha256.
    app.get('/_platform', { onRequest: operatorGuard(createHash('sha256').update(TOKEN).digest('hex')) }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (address: string, authorization?: string) =>
    app.inject({ method: 'GET', url: '/_platform', headers: { 'x-forwarded-for': address, ...(authorization ? { authorization } : {}) } });

  test('300 wrong tokens meet 429 with Retry-After after a few, even for the right token, only for that address', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const basic = `Basic ${Buffer.from(`ops:guess-${attempt}`).toString('base64')}`;
      const answer = await get('203.0.113.7', attempt % 2 ? basic : `Bearer guess-${attempt}`);
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) retryAfter ??= answer.headers['retry-after'] as string;
    }
    expect(statuses.slice(0, AUTH_FAILURES_ALLOWED)).toEqual(Array(AUTH_FAILURES_ALLOWED).fill(401));
    expect(statuses.slice(AUTH_FAILURES_ALLOWED)).toEqual(Array(300 - AUTH_FAILURES_ALLOWED).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect((await get('203.0.113.7', `Bearer ${TOKEN}`)).statusCode).toBe(429);
    expect((await get('198.51.100.4', `Bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  test("a browser's first visit without credentials is asked for them and not counted", async () => {
    for (let attempt = 0; attempt < 3 * AUTH_FAILURES_ALLOWED; attempt += 1) {
      const answer = await get('192.0.2.9');
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toMatch(/^Basic/);
    }
    expect((await get('192.0.2.9', `Basic ${Buffer.from(`ops:${TOKEN}`).toString('base64')}`)).statusCode).toBe(200);
  });
});
