import { CAPTCHA_TOKEN_FIELD, IDEMPOTENCY_KEY_HEADER } from '@site/contracts/forms';
import { type ApiClient, type CaptchaClient, type RequestOptions } from '@site/contracts';
import { failureReasonOf, newIdempotencyKey, sendForm } from './send-form';

interface Post {
  path: string;
  body: unknown;
  options: RequestOptions | undefined;
}

function scriptedApi(answer: () => Promise<unknown>): ApiClient & { posts: Post[] } {
  const posts: Post[] = [];
  return {
    posts,
    get: () => Promise.reject(new Error('forms do not GET here')),
    post: async <T>(path: string, body: unknown, options?: RequestOptions) => {
      posts.push({ path, body, options });
      return (await answer()) as T;
    },
  };
}

const accepted = { id: 'a1', message: 'Thank you! Your request has been received. We will contact you within three business days.' };
const noCaptcha: CaptchaClient = { enabled: false, execute: () => Promise.reject(new Error('must not be called')) };
const captchaGiving = (token: string): CaptchaClient & { actions: string[] } => {
  const actions: string[] = [];
  return { enabled: true, actions, execute: async (action) => (actions.push(action), token) };
};

describe('sending a form', () => {
  let consoleError: jest.SpyInstance;
  let consoleWarn: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    consoleError.mockRestore();
    consoleWarn.mockRestore();
  });

  it('sends the idempotency key and returns the intake thank-you text', async () => {
    const api = scriptedApi(async () => accepted);
    const outcome = await sendForm(api, noCaptcha, { path: 'en/forms/resume', body: new FormData(), captchaAction: 'resume', idempotencyKey: 'key-12345678' });
    expect(outcome).toEqual({ kind: 'sent', message: accepted.message });
    expect(api.posts[0]?.path).toBe('en/forms/resume');
    expect(api.posts[0]?.options?.headers).toEqual({ [IDEMPOTENCY_KEY_HEADER]: 'key-12345678', 'x-form-client': expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect((api.posts[0]?.body as FormData).has(CAPTCHA_TOKEN_FIELD)).toBe(false);
  });

  it('asks the captcha for a token right before sending and adds it to multipart and JSON bodies', async () => {
    const captcha = captchaGiving('tok-1');
    const api = scriptedApi(async () => accepted);
    await sendForm(api, captcha, { path: 'ru/forms/application', body: new FormData(), captchaAction: 'application', idempotencyKey: 'key-12345678' });
    await sendForm(api, captcha, {
      path: 'ru/subscriptions/vacancies',
      body: { email: 'a@b.ru', consent: true },
      captchaAction: 'subscription',
      idempotencyKey: 'key-87654321',
    });
    expect(captcha.actions).toEqual(['application', 'subscription']);
    expect((api.posts[0]?.body as FormData).get(CAPTCHA_TOKEN_FIELD)).toBe('tok-1');
    expect(api.posts[1]?.body).toEqual({ email: 'a@b.ru', consent: true, [CAPTCHA_TOKEN_FIELD]: 'tok-1' });
  });

  it('reports a captcha failure, without sending, when the captcha script cannot be loaded', async () => {
    const api = scriptedApi(async () => accepted);
    const failing: CaptchaClient = { enabled: true, execute: () => Promise.reject(new Error('Failed to load script')) };
    const outcome = await sendForm(api, failing, { path: 'ru/forms/contact', body: new FormData(), captchaAction: 'contact', idempotencyKey: 'key-12345678' });
    expect(outcome).toEqual({ kind: 'failed', reason: 'captcha' });
    expect(api.posts).toHaveLength(0);
    expect(consoleError).toHaveBeenCalledWith('Captcha for "contact" failed', new Error('Failed to load script'));
  });

  it('tells the intake refusals apart: 403 captcha, 413 too large, 415 file type, the rest generic', async () => {
    expect(failureReasonOf({ statusCode: 403, message: 'Forbidden' })).toBe('captcha');
    expect(failureReasonOf({ statusCode: 413, message: 'Payload Too Large' })).toBe('tooLarge');
    expect(failureReasonOf({ statusCode: 415, message: 'Unsupported Media Type' })).toBe('fileType');
    expect(failureReasonOf({ statusCode: 500, message: 'Internal Server Error' })).toBe('server');
    expect(failureReasonOf(new Error('a bug'))).toBe('server');
    const api = scriptedApi(() => Promise.reject({ statusCode: 403, message: 'Forbidden' }));
    expect(
      await sendForm(api, noCaptcha, { path: 'ru/forms/contact', body: new FormData(), captchaAction: 'contact', idempotencyKey: 'key-12345678' }),
    ).toEqual({ kind: 'failed', reason: 'captcha' });
  });

  it('names the event refusal, the rate limit with its wait, and the unreachable intake', () => {
    expect(failureReasonOf({ statusCode: 422, message: 'over' })).toBe('eventClosed');
    expect(failureReasonOf({ statusCode: 429, message: 'Too many' })).toBe('rateLimited');
    expect(failureReasonOf({ statusCode: 503, message: 'Service Unavailable' })).toBe('unavailable');
    expect(failureReasonOf({ statusCode: 500, message: 'Network Error', withoutResponse: true })).toBe('unavailable');
  });

  it('asks for a fresh token once when the intake refuses the captcha, and only then shows the captcha message', async () => {
    const captcha = captchaGiving('tok');
    const api = scriptedApi(() => Promise.reject({ statusCode: 403, message: 'captcha' }));
    expect(await sendForm(api, captcha, { path: 'en/forms/contact', body: {}, captchaAction: 'contact', idempotencyKey: 'key-12345678' })).toEqual({
      kind: 'failed',
      reason: 'captcha',
    });
    expect(captcha.actions).toEqual(['contact', 'contact']);
    let calls = 0;
    const expiredOnce = scriptedApi(async () => {
      calls += 1;
      if (calls === 1) throw { statusCode: 403, message: 'captcha' };
      return accepted;
    });
    expect(
      (await sendForm(expiredOnce, captchaGiving('tok'), { path: 'en/forms/contact', body: {}, captchaAction: 'contact', idempotencyKey: 'key-12345678' }))
        .kind,
    ).toBe('sent');
  });

  it('passes the wait of a 429 to the visitor, without retrying', async () => {
    const api = scriptedApi(() => Promise.reject({ statusCode: 429, message: 'Too many', retryAfterSeconds: 42 }));
    const outcome = await sendForm(api, noCaptcha, { path: 'en/forms/contact', body: {}, captchaAction: 'contact', idempotencyKey: 'key-12345678' });
    expect(outcome).toEqual({ kind: 'failed', reason: 'rateLimited', retryAfterSeconds: 42 });
    expect(api.posts).toHaveLength(1);
  });

  it('retries a 502/503 and a lost connection with the same key and a fresh token, within the budget', async () => {
    let clock = 0;
    const answers = [
      { statusCode: 503, message: 'Service Unavailable' },
      { statusCode: 500, message: 'Network Error', withoutResponse: true },
    ];
    const api = scriptedApi(async () => {
      const next = answers.shift();
      if (next) throw next;
      return accepted;
    });
    const captcha = captchaGiving('tok');
    const retries: number[] = [];
    const timing = { budgetMs: 20_000, stallMs: 8_000, now: () => clock, sleep: async (ms: number) => void (clock += ms) };
    const outcome = await sendForm(
      api,
      captcha,
      { path: 'en/forms/contact', body: {}, captchaAction: 'contact', idempotencyKey: 'key-12345678', onRetry: (n) => retries.push(n) },
      timing,
    );
    expect(outcome).toEqual({ kind: 'sent', message: accepted.message });
    expect(api.posts.map((post) => post.options?.headers?.[IDEMPOTENCY_KEY_HEADER])).toEqual(['key-12345678', 'key-12345678', 'key-12345678']);
    expect(captcha.actions).toHaveLength(3);
    expect(retries).toEqual([1, 2]);
  });

  it('gives up with the unavailable message once the budget is spent, and never retries a refusal', async () => {
    let clock = 0;
    const api = scriptedApi(async () => {
      clock += 4_000;
      throw { statusCode: 502, message: 'Bad Gateway' };
    });
    const timing = { budgetMs: 20_000, stallMs: 8_000, now: () => clock, sleep: async (ms: number) => void (clock += ms) };
    const outcome = await sendForm(api, noCaptcha, { path: 'en/forms/contact', body: {}, captchaAction: 'contact', idempotencyKey: 'key-12345678' }, timing);
    expect(outcome).toEqual({ kind: 'failed', reason: 'unavailable' });
    expect(clock).toBeLessThanOrEqual(24_000);
    expect(api.posts.length).toBeGreaterThan(2);
    const refused = scriptedApi(() => Promise.reject({ statusCode: 415, message: 'type' }));
    await sendForm(refused, noCaptcha, { path: 'en/forms/resume', body: {}, captchaAction: 'resume', idempotencyKey: 'key-12345678' }, timing);
    expect(refused.posts).toHaveLength(1);
  });

  it('abandons an attempt that stalls and sends it again', async () => {
    let calls = 0;
    const api: ApiClient = {
      get: () => Promise.reject(new Error('no')),
      post: async <T>(_path: string, _body: unknown, options?: RequestOptions) => {
        calls += 1;
        if (calls === 1) {
          // A hung intake: no answer until the attempt is abandoned.
          await new Promise((_resolve, reject) =>
            options?.signal?.addEventListener('abort', () => reject({ statusCode: 500, message: 'canceled', withoutResponse: true })),
          );
        }
        return accepted as T;
      },
    };
    const timing = { budgetMs: 20_000, stallMs: 50, now: () => Date.now(), sleep: async () => undefined };
    const outcome = await sendForm(api, noCaptcha, { path: 'en/forms/contact', body: {}, captchaAction: 'contact', idempotencyKey: 'key-12345678' }, timing);
    expect(outcome.kind).toBe('sent');
    expect(calls).toBe(2);
  });

  it('still thanks the visitor when the answer is not the contract shape, and says so in the console', async () => {
    const api = scriptedApi(async () => ({ ok: true }));
    const outcome = await sendForm(api, noCaptcha, {
      path: 'ru/forms/contact',
      body: new FormData(),
      captchaAction: 'contact',
      idempotencyKey: 'key-12345678',
    });
    expect(outcome).toEqual({ kind: 'sent', message: null });
    expect(consoleWarn).toHaveBeenCalled();
  });

  it('makes keys the intake accepts, different each time', () => {
    const keys = new Set(Array.from({ length: 20 }, newIdempotencyKey));
    expect(keys.size).toBe(20);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
  });
});
