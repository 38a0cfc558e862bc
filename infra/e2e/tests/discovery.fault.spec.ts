import { expect, test } from '@playwright/test';
import { startOwnContentApi, startOwnShell, type OwnProcess } from '../support/own-backend';

// Its own content API and shell: freezing this API leaves the platform the other tests use alone.
test.describe('robots.txt and the sitemap without a content API', () => {
  let api: (OwnProcess & { dataDir: string }) | undefined;
  let shell: OwnProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    api = await startOwnContentApi();
    shell = await startOwnShell(api.url);
  });
  test.afterAll(async () => {
    await shell?.stop();
    await api?.stop();
  });

  test('with the content API frozen (SIGSTOP), /robots.txt, /sitemap.xml and the manifest answer 200 within 2 s', async () => {
    test.setTimeout(60_000);
    const before = await fetch(`${shell!.url}/sitemap.xml`);
    expect(before.status).toBe(200);
    const listed = await before.text();
    expect(listed).toContain('<urlset');
    api!.freeze();
    try {
      for (const path of ['/robots.txt', '/sitemap.xml', '/manifest.webmanifest', '/en/manifest.webmanifest']) {
        const started = Date.now();
        const response = await fetch(`${shell!.url}${path}`, { signal: AbortSignal.timeout(10_000) });
        const body = await response.text();
        expect(response.status, path).toBe(200);
        expect(Date.now() - started, path).toBeLessThanOrEqual(2000);
        if (path === '/sitemap.xml') expect(body).toBe(listed);
        if (path === '/robots.txt') expect(body).toContain(`Sitemap: ${new URL(shell!.url).origin}/sitemap.xml`);
      }
    } finally {
      api!.thaw();
    }
  });
});
