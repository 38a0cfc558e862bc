import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ENGINES, sendJson, startTestApi, type TestApi } from '../test-support/test-api';

interface VerifyCall {
  contentType: string | undefined;
  body: string;
}

/** A stand-in for the captcha provider: answers by token, in the v3 or the Enterprise shape. */
async function startFakeProvider(): Promise<{ url: string; calls: VerifyCall[]; close(): Promise<void> }> {
  const calls: VerifyCall[] = [];
  const scores: Record<string, { valid: boolean; score: number; action: string }> = {
    good: { valid: true, score: 0.9, action: 'submit_form' },
    low: { valid: true, score: 0.1, action: 'submit_form' },
    'other-action': { valid: true, score: 0.9, action: 'login' },
    forged: { valid: false, score: 0, action: '' },
  };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      calls.push({ contentType: request.headers['content-type'], body });
      const enterprise = request.url?.startsWith('/enterprise');
      const token = enterprise ? (JSON.parse(body) as { event: { token: string } }).event.token : (new URLSearchParams(body).get('response') ?? '');
      const verdict = scores[token] ?? scores.forged!;
      const answer = enterprise
        ? {
            tokenProperties: { valid: verdict.valid, action: verdict.action, ...(verdict.valid ? {} : { invalidReason: 'MALFORMED' }) },
            riskAnalysis: { score: verdict.score },
          }
        : { success: verdict.valid, score: verdict.score, action: verdict.action, ...(verdict.valid ? {} : { 'error-codes': ['invalid-input-response'] }) };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const contact = { name: 'Иван Петров', email: 'ivan@example.com', message: 'Хочу узнать о магистратуре.', consent: true };

describe.each(ENGINES)('captcha and rate limit on %s', (engine) => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let server: TestApi;
  let clientNumber = 0;
  /** Each case posts from its own address (through the trusted proxy header), so the rate limit stays apart. */
  const post = (path: string, body: unknown) =>
    sendJson<{ statusCode?: number; message: string }>(server, 'POST', path, body, { 'x-forwarded-for': `203.0.113.${(clientNumber += 1)}` });

  beforeAll(async () => {
    provider = await startFakeProvider();
    const base = await startTestApi(engine, { rateLimit: { max: 3, clientMax: 2, windowMs: 60_000 } });
    server = base;
    server.config.captcha = { ...server.config.captcha };
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.close();
  });

  test('reCAPTCHA v3: the token is verified server-side with the secret; score and action are enforced', async () => {
    Object.assign(server.config.captcha, {
      enabled: true,
      mode: 'v3',
      verifyUrl: `${provider.url}/siteverify`,
      secret: 'test-secret',
      minScore: 0.5,
      expectedActions: { '*': 'submit_form' },
    });
    expect((await post('/en/forms/contact', { ...contact, captchaToken: 'good' })).status).toBe(201);
    const call = provider.calls.at(-1)!;
    expect(call.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(call.body))).toMatchObject({ secret: 'test-secret', response: 'good' });
    for (const token of ['low', 'other-action', 'forged']) {
      expect(await post('/en/forms/contact', { ...contact, captchaToken: token })).toEqual({
        status: 403,
        body: { statusCode: 403, message: 'There was an error with the captcha verification. Please try again.' },
      });
    }
    expect((await post('/ru/forms/contact', contact)).body.message).toBe('Ошибка проверки капчи. Попробуйте ещё раз.');
    expect((await post('/ru/subscriptions/vacancies', { email: 'a@example.com', consent: true, captchaToken: 'low' })).status).toBe(403);
  });

  test('reCAPTCHA Enterprise: an assessment request is sent and its answer read', async () => {
    Object.assign(server.config.captcha, {
      enabled: true,
      mode: 'enterprise',
      verifyUrl: `${provider.url}/enterprise/assessments?key=k`,
      siteKey: 'site-key',
      secret: undefined,
    });
    expect((await post('/en/forms/contact', { ...contact, captchaToken: 'good' })).status).toBe(201);
    expect(JSON.parse(provider.calls.at(-1)!.body)).toMatchObject({ event: { token: 'good', siteKey: 'site-key', expectedAction: 'submit_form' } });
    expect((await post('/en/forms/contact', { ...contact, captchaToken: 'forged' })).status).toBe(403);
    expect((await post('/en/forms/contact', { ...contact, captchaToken: 'low' })).status).toBe(403);
  });

  test('an unreachable provider refuses the submission rather than letting it through', async () => {
    Object.assign(server.config.captcha, { enabled: true, mode: 'v3', verifyUrl: 'http://127.0.0.1:9/unreachable', secret: 's', timeoutMs: 2000 });
    expect((await post('/en/forms/contact', { ...contact, captchaToken: 'good' })).status).toBe(403);
  });

  test('one client gets 3 submissions per window, then 429 with Retry-After', async () => {
    Object.assign(server.config.captcha, { enabled: false });
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await sendJson(server, 'POST', '/en/forms/contact', contact, headers)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const response = await fetch(`${server.baseUrl}/en/forms/contact`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(contact),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ statusCode: 429, message: 'Too many submissions. Please try again later.' });
  });

  test('one browser (client id) gets a lower limit than its address; a retry with the same idempotency key is not counted', async () => {
    Object.assign(server.config.captcha, { enabled: false });
    const address = { 'x-forwarded-for': '198.51.100.9' };
    const browser = (id: string, key: string) => ({ ...address, 'x-form-client': id, 'idempotency-key': key });
    const statuses: number[] = [];
    statuses.push((await sendJson(server, 'POST', '/en/forms/contact', contact, browser('a'.repeat(32), 'key-first-0001'))).status);
    statuses.push((await sendJson(server, 'POST', '/en/forms/contact', contact, browser('a'.repeat(32), 'key-first-0001'))).status);
    statuses.push((await sendJson(server, 'POST', '/en/forms/contact', contact, browser('a'.repeat(32), 'key-second-0002'))).status);
    statuses.push((await sendJson(server, 'POST', '/en/forms/contact', contact, browser('a'.repeat(32), 'key-third-0003'))).status);
    // The first browser is over its 2, the address (limit 3) still lets another browser in once.
    statuses.push((await sendJson(server, 'POST', '/en/forms/contact', contact, browser('b'.repeat(32), 'key-fourth-0004'))).status);
    statuses.push((await sendJson(server, 'POST', '/en/forms/contact', contact, browser('c'.repeat(32), 'key-fifth-0005'))).status);
    expect(statuses).toEqual([201, 200, 201, 429, 201, 429]);
  });

  test('attempts under one idempotency key that fail (invalid fields, refused captcha) all count: past the limit they get 429', async () => {
    Object.assign(server.config.captcha, { enabled: true, mode: 'v3', verifyUrl: `${provider.url}/siteverify`, secret: 'test-secret', minScore: 0.5 });
    const headers = { 'x-forwarded-for': '198.51.100.11', 'idempotency-key': 'key-failing-0001' };
    const attempt = (body: unknown) => sendJson<{ message: string }>(server, 'POST', '/en/forms/contact', body, headers);
    const statuses: number[] = [];
    statuses.push((await attempt({ ...contact, email: 'not-an-email', captchaToken: 'good' })).status);
    statuses.push((await attempt({ ...contact, captchaToken: 'forged' })).status);
    statuses.push((await attempt({ ...contact, captchaToken: 'low' })).status);
    const callsBefore = provider.calls.length;
    for (let index = 0; index < 5; index += 1) statuses.push((await attempt({ ...contact, captchaToken: index % 2 ? 'forged' : 'good' })).status);
    expect(statuses).toEqual([400, 403, 403, 429, 429, 429, 429, 429]);
    // Past the limit nothing reached the captcha provider.
    expect(provider.calls.length).toBe(callsBefore);
  });
});
