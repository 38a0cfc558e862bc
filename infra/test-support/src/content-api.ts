import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { configFromEnv, createContentApi, type CaptchaConfig } from '@site/content-api';
import { createApiClient } from '@site/shell/api-client';
import type { ApiClient, Locale, SectionDescriptor, SectionLoadContext } from '@site/contracts';

/** Seeding the demo content takes a few seconds; hooks that start the API get this much time. */
export const CONTENT_API_START_TIMEOUT_MS = 60_000;

export interface RunningContentApi {
  /** The shell's own HTTP client (axios), pointed at the API. */
  api: ApiClient;
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the real content API over a fresh SQLite file in a temporary folder, on a free port. The captcha is
 * off unless `captcha` points it at a verifier ({@link startCaptchaVerifier}); the rate limit is lifted so that a
 * suite's submissions are not refused as a flood.
 */
export async function startContentApi(captcha: Partial<CaptchaConfig> = {}): Promise<RunningContentApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'section-tests-api-'));
  const base = configFromEnv({});
  const contentApi = await createContentApi({
    ...base,
    host: '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl: undefined,
    captcha: { ...base.captcha, enabled: false, ...captcha },
    rateLimit: { max: 100_000, clientMax: 100_000, windowMs: 60_000 },
    logger: false,
  });
  await contentApi.app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(contentApi.app.server.address() as AddressInfo).port}/`;
  return {
    api: createApiClient({ baseURL: baseUrl }),
    baseUrl,
    async stop() {
      await contentApi.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real content API for the enclosing `describe`: started before its tests, stopped after them. The returned
 * object reads through to the running API, so tests use `server.api` and `server.baseUrl` as usual.
 */
export function contentApiForSuite(captcha: Partial<CaptchaConfig> = {}): RunningContentApi {
  let running: RunningContentApi | undefined;
  let starting: Promise<RunningContentApi> | undefined;
  beforeAll(async () => {
    starting = startContentApi(captcha);
    running = await starting;
  }, CONTENT_API_START_TIMEOUT_MS);
  // Waits for a start still under way: when the start outlasts its hook's time limit, jest goes on without it, and an
  // API that comes up after this hook would otherwise listen (and keep the test run alive) for ever.
  afterAll(async () => {
    const started = await starting?.catch(() => undefined);
    await started?.stop();
  }, CONTENT_API_START_TIMEOUT_MS);
  return new Proxy({} as RunningContentApi, {
    get(_target, key) {
      if (!running) throw new Error('The content API starts before the tests: use it inside a test or a hook');
      return Reflect.get(running, key);
    },
  });
}

/**
 * A stand-in for the captcha provider's siteverify endpoint (the provider cannot be reached from tests):
 * `good-token:<action>` passes with a high score and that action, anything else is refused.
 */
export async function startCaptchaVerifier(): Promise<{ verifyUrl: string; stop(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const token = new URLSearchParams(body).get('response') ?? '';
      const [kind, action] = token.split(':');
      const answer = kind === 'good-token' ? { success: true, score: 0.9, action } : { success: false, 'error-codes': ['invalid-input-response'] };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    verifyUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the shell hands a loader, for a page in a locale with a query string. */
export function loadContext(api: ApiClient, locale: Locale, query: Record<string, string> = {}, pagePath = '/'): SectionLoadContext {
  return { api, locale, query, path: pagePath, signal: new AbortController().signal, isServer: true };
}

export function descriptorOf<P>(name: string, props: P, extra: Partial<SectionDescriptor<P>> = {}): SectionDescriptor<P> {
  return { id: `test-${name.toLowerCase()}`, name, props, ...extra };
}

/** An API whose every GET is recorded and answered by `reply`, for loaders' request shapes and error paths. */
export function scriptedApi(
  reply: (path: string, params: Record<string, unknown>) => unknown,
): ApiClient & { calls: Array<{ path: string; params: Record<string, unknown> }> } {
  const calls: Array<{ path: string; params: Record<string, unknown> }> = [];
  return {
    calls,
    async get<T>(requestPath: string, options?: { params?: Record<string, unknown> }) {
      const params = options?.params ?? {};
      calls.push({ path: requestPath, params });
      return (await reply(requestPath, params)) as T;
    },
    post: () => Promise.reject(new Error('this scripted API answers GETs only')),
  };
}

/** An API that fails every call the way the shell's client does, for loaders' degraded paths. */
export const unreachableApi: ApiClient = {
  get: () => Promise.reject({ statusCode: 503, message: 'Service Unavailable' }),
  post: () => Promise.reject({ statusCode: 503, message: 'Service Unavailable' }),
};
