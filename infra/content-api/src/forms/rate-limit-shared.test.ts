import { AUTH_FAILURES_ALLOWED } from '@site/server-kit';
import { adminHeaders, getJson, startTestApi, type TestApi } from '../test-support/test-api';
import { PostgresRateLimiter } from './rate-limit-postgres';

const contact = { name: 'Иван Петров', email: 'ivan@example.com', message: 'Хочу узнать о магистратуре.', consent: true };
const LIMITS = { max: 4, clientMax: 2, windowMs: 60_000 };

interface Answer {
  status: number;
  body: { id?: string; message?: string };
  retryAfter: string | null;
  replayed: string | null;
}

async function post(server: TestApi, headers: Record<string, string>, body: unknown = contact): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}/en/forms/contact`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Answer['body'],
    retryAfter: response.headers.get('retry-after'),
    replayed: response.headers.get('idempotent-replayed'),
  };
}

describe('two content API instances on one PostgreSQL database share their limits and idempotency records', () => {
  let first: TestApi;
  let second: TestApi;
  /** Alternates between the instances, as a load balancer spreading one client's requests would. */
  const instance = (index: number) => (index % 2 === 0 ? first : second);

  beforeAll(async () => {
    first = await startTestApi('postgres', { rateLimit: LIMITS });
    // Its own pool and process state, the same database and schema: another replica.
    second = await startTestApi('postgres', { rateLimit: LIMITS, databaseSchema: first.config.databaseSchema });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  test('submissions from one address alternating between the instances meet 429 at the limit + 1, on both', async () => {
    const answers: Answer[] = [];
    for (let index = 0; index < 8; index += 1) answers.push(await post(instance(index), { 'x-forwarded-for': '203.0.113.21' }));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
    expect(Number(answers[4]!.retryAfter)).toBeGreaterThan(0);
    expect(answers[5]!.body).toEqual({ statusCode: 429, message: 'Too many submissions. Please try again later.' });
    // Another address is not held up on either instance.
    expect((await post(first, { 'x-forwarded-for': '203.0.113.22' })).status).toBe(201);
    expect((await post(second, { 'x-forwarded-for': '203.0.113.22' })).status).toBe(201);
  });

  test('one browser alternating between the instances gets its own lower limit in total', async () => {
    const browser = { 'x-forwarded-for': '203.0.113.23', 'x-form-client': 'd'.repeat(32) };
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await post(instance(index), browser)).status);
    expect(statuses).toEqual([201, 201, 429, 429]);
  });

  test('concurrent attempts spread over both instances are each counted once: exactly the limit gets through', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => post(instance(index), { 'x-forwarded-for': '203.0.113.24' })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(LIMITS.max).fill(201), ...Array(12 - LIMITS.max).fill(429)]);
  });

  test('a submission retried on the other instance with its idempotency key is answered from the record, stored once and not counted', async () => {
    const browser = (key: string) => ({ 'x-forwarded-for': '203.0.113.25', 'x-form-client': 'e'.repeat(32), 'idempotency-key': key });
    const body = { ...contact, email: 'retry-across@example.com' };
    const original = await post(first, browser('key-across-0001'), body);
    const retry = await post(second, browser('key-across-0001'), body);
    expect(original.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.replayed).toBe('true');
    expect(retry.body).toEqual(original.body);
    // The retry was free on both limits: the browser (limit 2) still has one submission, then none.
    expect((await post(first, browser('key-across-0002'), body)).status).toBe(201);
    expect((await post(second, browser('key-across-0003'), body)).status).toBe(429);
    for (const server of [first, second]) {
      const listed = await getJson<{ data: { id: string; idempotencyKey: string | null }[] }>(
        server,
        '/admin/intake/submissions?kind=contact&email=retry-across@example.com',
        adminHeaders,
      );
      expect(listed.status).toBe(200);
      expect(listed.body.data.filter((submission) => submission.idempotencyKey === 'key-across-0001').map((submission) => submission.id)).toEqual([
        original.body.id,
      ]);
      expect(listed.body.data).toHaveLength(2);
    }
  });

  test('the same submission sent to both instances at once is stored once; both answers name it', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.26', 'idempotency-key': 'key-race-0001' };
    const body = { ...contact, email: 'race-across@example.com' };
    const answers = await Promise.all([post(first, headers, body), post(second, headers, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(answers[0].body).toEqual(answers[1].body);
    const listed = await getJson<{ data: { id: string }[] }>(first, '/admin/intake/submissions?kind=contact&email=race-across@example.com', adminHeaders);
    expect(listed.body.data.map((submission) => submission.id)).toEqual([answers[0].body.id]);
  });

  test('wrong admin tokens alternating between the instances meet the throttle at the same count as on one', async () => {
    const from = (authorization: string) => ({ 'x-forwarded-for': '203.0.113.27', authorization });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < 2 * AUTH_FAILURES_ALLOWED; attempt += 1) {
      const answer = await getJson(instance(attempt), '/admin/intake/submissions', from(`Bearer guess-${attempt}`));
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter ??= answer.headers.get('retry-after');
    }
    expect(statuses).toEqual([...Array(AUTH_FAILURES_ALLOWED).fill(401), ...Array(AUTH_FAILURES_ALLOWED).fill(429)]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Within the window the right token from that address waits on both; another address is served on both.
    for (const server of [first, second]) {
      expect((await getJson(server, '/admin/intake/submissions', { ...adminHeaders, 'x-forwarded-for': '203.0.113.27' })).status).toBe(429);
      expect((await getJson(server, '/admin/intake/submissions', { ...adminHeaders, 'x-forwarded-for': '203.0.113.28' })).status).toBe(200);
    }
  });
});

describe('the shared fixed window keeps the in-memory rules', () => {
  let server: TestApi;
  let now = 0;
  const limiter = (name: string) => new PostgresRateLimiter(server.api.db, name, { max: 2, windowMs: 10_000 }, () => now);

  beforeAll(async () => {
    server = await startTestApi('postgres');
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('a client over its limit waits until its window ends; other clients and other limits are not affected', async () => {
    now = 1_000_000;
    const windows = limiter('window');
    expect(await windows.hit('a')).toBe(0);
    now += 2_500;
    expect(await windows.hit('a')).toBe(0);
    expect(await windows.hit('a')).toBe(8);
    expect(await windows.hit('b')).toBe(0);
    expect(await limiter('other').hit('a')).toBe(0);
    now = 1_010_000;
    expect(await windows.hit('a')).toBe(0);
  });

  test('a repeated idempotency key is free only once its submission was stored, and only within that window', async () => {
    now = 2_000_000;
    const windows = limiter('replay');
    expect(await windows.hit('a', 'key-1')).toBe(0);
    await windows.stored('a', 'key-1');
    expect(await windows.hit('a', 'key-1')).toBe(0);
    expect(await windows.hit('a', 'key-2')).toBe(0);
    // key-2 was never stored (its attempt failed): its retries are new attempts.
    expect(await windows.hit('a', 'key-2')).toBeGreaterThan(0);
    expect(await windows.hit('a', 'key-1')).toBe(0);
    // In the next window key-1 counts again, like any attempt, until it is stored in that window.
    now += 10_000;
    expect(await windows.hit('a', 'key-1')).toBe(0);
    expect(await windows.hit('a', 'key-3')).toBe(0);
    expect(await windows.hit('a', 'key-1')).toBeGreaterThan(0);
  });
});
