import { expect, test } from '@playwright/test';
import { startNginx, type RunningNginx } from '../support/nginx';
import { startOwnContentApi, startOwnShell, type OwnProcess } from '../support/own-backend';

// Debian's nginx with the shipped config template in front of a shell and content API of the test's own.
test.describe('nginx page cache in front of the shells', () => {
  let api: (OwnProcess & { dataDir: string }) | undefined;
  let shell: OwnProcess | undefined;
  let nginx: RunningNginx | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    api = await startOwnContentApi();
    shell = await startOwnShell(api.url);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { freePort } = require('../../orchestrator/src/services.js') as { freePort(): Promise<number> };
    const remotes = new URL(process.env.REMOTES_URL!);
    nginx = await startNginx(`127.0.0.1:${shell.port}`, remotes.host, await freePort());
  });
  test.afterAll(async () => {
    await nginx?.stop();
    await shell?.stop();
    await api?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${nginx!.url}${path}`, { headers: { 'accept-encoding': 'br, gzip', ...headers }, signal: AbortSignal.timeout(15_000) });

  test('pages seen before still answer 200 with the shell and the content API stopped', async () => {
    test.setTimeout(60_000);
    const pages = ['/', '/news', '/en/events'];
    const seen = new Map<string, string>();
    for (const path of pages) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      seen.set(path, await first.text());
      const second = await get(path);
      expect(second.headers.get('x-cache-status'), path).toBe('HIT');
      expect(second.headers.get('content-encoding'), path).toBe('br');
    }
    // The root path is cached per language choice: an English browser is still sent to /en.
    const english = await get('/', { 'accept-language': 'en' });
    expect(english.status).toBe(200);
    expect(english.url).toMatch(/\/en$/);

    api!.freeze();
    await shell!.stop();
    // Past the shells' s-maxage: nginx has to ask, fails, and serves what it has.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    for (const path of pages) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(['STALE', 'UPDATING']).toContain(answer.headers.get('x-cache-status'));
      const body = await answer.text();
      expect(body.slice(body.indexOf('<main'), body.indexOf('</main>')), path).toBe(
        seen.get(path)!.slice(seen.get(path)!.indexOf('<main'), seen.get(path)!.indexOf('</main>')),
      );
    }
  });
});
