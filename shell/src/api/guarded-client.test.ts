import type { ApiClient } from '@site/contracts';
import { CONTENT_API_UNAVAILABLE, guardApiClient } from './guarded-client';

function backend(answer: () => Promise<unknown>) {
  const calls: Array<number | undefined> = [];
  const api: ApiClient = {
    get: async <T>(_path: string, options?: { timeoutMs?: number }) => {
      calls.push(options?.timeoutMs);
      return (await answer()) as T;
    },
    post: async <T>() => (await answer()) as T,
  };
  return { api, calls };
}

describe('guarded content API client', () => {
  it('caps every call at its time budget', async () => {
    const { api, calls } = backend(async () => ({ ok: true }));
    const guarded = guardApiClient(api, { timeoutMs: 800, failureThreshold: 3, cooldownMs: 1000 });
    await guarded.get('a');
    await guarded.get('b', { timeoutMs: 5000 });
    await guarded.get('c', { timeoutMs: 200 });
    expect(calls).toEqual([800, 800, 200]);
  });

  it('opens after repeated outages and refuses at once, 4xx answers do not count, a probe closes it', async () => {
    let now = 0;
    let failing = true;
    const { api, calls } = backend(async () => {
      if (failing) throw { statusCode: 500, message: 'Request timed out' };
      return { revision: 'r' };
    });
    const guarded = guardApiClient(api, { timeoutMs: 800, failureThreshold: 2, cooldownMs: 10_000, now: () => now });
    await expect(guarded.get('x')).rejects.toMatchObject({ statusCode: 500 });
    await expect(guarded.get('x')).rejects.toMatchObject({ statusCode: 500 });
    expect(guarded.breaker.state).toBe('open');
    await expect(guarded.get('x')).rejects.toEqual({ statusCode: 503, message: CONTENT_API_UNAVAILABLE });
    expect(calls).toHaveLength(2);
    failing = false;
    await expect(guarded.probe('revision')).resolves.toEqual({ revision: 'r' });
    expect(guarded.breaker.state).toBe('closed');
    now += 1;
    const notFound = guardApiClient(backend(async () => Promise.reject({ statusCode: 404, message: 'Not Found' })).api, {
      timeoutMs: 800,
      failureThreshold: 1,
      cooldownMs: 10_000,
    });
    await expect(notFound.get('missing')).rejects.toMatchObject({ statusCode: 404 });
    expect(notFound.breaker.state).toBe('closed');
  });
});
