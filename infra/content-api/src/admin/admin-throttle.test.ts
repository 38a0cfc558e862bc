import { AUTH_FAILURES_ALLOWED } from '@site/server-kit';
import { ENGINES, adminHeaders, getJson, startTestApi, type TestApi } from '../test-support/test-api';

describe.each(ENGINES)('the admin API on %s throttles failed authentication per client address', (engine) => {
  let server: TestApi;
  beforeAll(async () => {
    server = await startTestApi(engine);
  });
  afterAll(async () => {
    await server?.stop();
  });

  // The test's requests come from loopback, a trusted proxy: X-Forwarded-For names the client they stand for.
  const from = (address: string, authorization?: string) => ({ 'x-forwarded-for': address, ...(authorization ? { authorization } : {}) });

  test('300 wrong tokens from one address meet 429 with Retry-After after a few; other addresses are not held up', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const answer = await getJson(server, '/admin/intake/submissions', from('203.0.113.7', `Bearer guess-${attempt}`));
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter ??= answer.headers.get('retry-after');
    }
    expect(statuses.slice(0, AUTH_FAILURES_ALLOWED)).toEqual(Array(AUTH_FAILURES_ALLOWED).fill(401));
    expect(statuses.slice(AUTH_FAILURES_ALLOWED)).toEqual(Array(300 - AUTH_FAILURES_ALLOWED).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Within the window even the right token from that address waits: a right guess is not told apart.
    expect((await getJson(server, '/admin/intake/submissions', { ...adminHeaders, 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
    expect((await getJson(server, '/admin/intake/submissions', { ...adminHeaders, 'x-forwarded-for': '198.51.100.4' })).status).toBe(200);
    expect((await getJson(server, '/ru/init', from('203.0.113.7'))).status).toBe(200);
  });

  test('requests without a token are refused but not counted', async () => {
    for (let attempt = 0; attempt < 3 * AUTH_FAILURES_ALLOWED; attempt += 1) {
      expect((await getJson(server, '/admin/intake/submissions', from('192.0.2.9'))).status).toBe(401);
    }
    expect((await getJson(server, '/admin/intake/submissions', { ...adminHeaders, 'x-forwarded-for': '192.0.2.9' })).status).toBe(200);
  });
});
