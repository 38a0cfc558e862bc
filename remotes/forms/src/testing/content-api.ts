import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ApiClient, Locale, SectionDescriptor, SectionLoadContext } from '@site/contracts';
import { createContentApi } from '../../../../infra/content-api/src/app';
import { configFromEnv, type CaptchaConfig } from '../../../../infra/content-api/src/config';
import { createApiClient } from '../../../../shell/src/api/client';

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
 * off unless `captcha` points it at a verifier (see {@link startCaptchaVerifier}); the rate limit is lifted so
 * that a suite's submissions are not refused as a flood.
 */
export async function startContentApi(captcha: Partial<CaptchaConfig> = {}): Promise<RunningContentApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-remote-api-'));
  const base = configFromEnv({});
  const contentApi = await createContentApi({
    ...base,
    host: '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl: undefined,
    captcha: { ...base.captcha, enabled: false, ...captcha },
    rateLimit: { max: 100_000, windowMs: 60_000 },
    logger: false,
  });
  await contentApi.app.listen({ host: '127.0.0.1', port: 0 });
  const address = contentApi.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}/`;
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
 * A stand-in for the captcha provider's siteverify endpoint: `good-token` passes with a high score and the
 * action it was made for (`good-token:<action>`), anything else is refused.
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
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    verifyUrl: `http://127.0.0.1:${port}/siteverify`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the shell hands a loader, for a page in a locale with a query string. */
export function loadContext(api: ApiClient, locale: Locale, query: Record<string, string> = {}, pagePath = '/'): SectionLoadContext {
  return { api, locale, query, path: pagePath, signal: new AbortController().signal, isServer: true };
}

export function descriptorOf<P>(name: string, props: P): SectionDescriptor<P> {
  return { id: `test-${name.toLowerCase()}`, name, props };
}

/** An API that fails every call the way the shell's client does, for loaders' degraded paths. */
export const unreachableApi: ApiClient = {
  get: () => Promise.reject({ statusCode: 503, message: 'Service Unavailable' }),
  post: () => Promise.reject({ statusCode: 503, message: 'Service Unavailable' }),
};
