import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiClient, Locale, SectionDescriptor, SectionLoadContext } from '@site/contracts';
import { createContentApi } from '../../../../infra/content-api/src/app';
import { configFromEnv } from '../../../../infra/content-api/src/config';
import { createApiClient } from '../../../../shell/src/api/client';

/** Seeding the demo content takes a few seconds; hooks that start the API get this much time. */
export const CONTENT_API_START_TIMEOUT_MS = 60_000;

export interface RunningContentApi {
  /** The shell's own HTTP client (axios), pointed at the API. */
  api: ApiClient;
  stop(): Promise<void>;
}

/** Starts the real content API over a fresh SQLite file in a temporary folder, on a free port. */
export async function startContentApi(): Promise<RunningContentApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'education-remote-api-'));
  const base = configFromEnv({});
  const contentApi = await createContentApi({ ...base, host: '127.0.0.1', port: 0, dataDir, databaseUrl: undefined, captcha: { ...base.captcha, enabled: false }, logger: false });
  await contentApi.app.listen({ host: '127.0.0.1', port: 0 });
  const address = contentApi.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    api: createApiClient({ baseURL: `http://127.0.0.1:${port}/` }),
    async stop() {
      await contentApi.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the shell hands a loader, for a page in a locale with a query string. */
export function loadContext(api: ApiClient, locale: Locale, query: Record<string, string> = {}, pagePath = '/'): SectionLoadContext {
  return { api, locale, query, path: pagePath, signal: new AbortController().signal, isServer: true };
}

export function descriptorOf<P>(name: string, props: P): SectionDescriptor<P> {
  return { id: `test-${name.toLowerCase()}`, name, props };
}

/** An API that records the parameters of every GET and answers with `reply`, for loaders' request shapes. */
export function recordingApi(reply: (path: string) => unknown): ApiClient & { calls: Array<{ path: string; params: Record<string, unknown> }> } {
  const calls: Array<{ path: string; params: Record<string, unknown> }> = [];
  return {
    calls,
    async get<T>(requestPath: string, options?: { params?: Record<string, unknown> }) {
      calls.push({ path: requestPath, params: options?.params ?? {} });
      return reply(requestPath) as T;
    },
    post: () => Promise.reject(new Error('sections of the education team do not post')),
  };
}
