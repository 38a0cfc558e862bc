import { expect, test } from '@playwright/test';
import { waitForRemote } from '../support/platform-control';
import { shellEntryPath } from '../support/site';

// Build output carries .br and .gz copies; the hosts pick one by Accept-Encoding and spend no CPU compressing.
test.describe('static assets go out compressed', () => {
  test("the shell's entry script and a remote container come as brotli, or gzip, by Accept-Encoding", async ({ request }) => {
    const news = await waitForRemote(request, 'news', (remote) => remote.health === 'up');
    const container = news.manifestUrl.replace(/mf-manifest\.json$/, 'remoteEntry.js');
    for (const url of [await shellEntryPath(request), container, news.manifestUrl]) {
      const plain = await request.get(url, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.status(), url).toBe(200);
      expect(plain.headers()['content-encoding'], url).toBeUndefined();

      const br = await request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect([url, br.status(), br.headers()['content-encoding']]).toEqual([url, 200, 'br']);
      expect(br.headers().vary, url).toMatch(/accept-encoding/i);
      expect(Number(br.headers()['content-length']), url).toBeLessThan(Number(plain.headers()['content-length']) / 2);
      // The same file, decoded by the client.
      expect(await br.text(), url).toBe(await plain.text());

      const gzip = await request.get(url, { headers: { 'accept-encoding': 'gzip' } });
      expect([url, gzip.headers()['content-encoding']]).toEqual([url, 'gzip']);
    }
  });

  test("a remote section's stylesheet and a shell stylesheet are compressed as well", async ({ request }) => {
    const html = await (await request.get('/news')).text();
    const shellCss = /<link rel="stylesheet" href="(\/_shell\/[^"]+\.css)">/.exec(html)?.[1];
    const remoteCss = /<style data-href="([^"]+\.css)">/.exec(html)?.[1];
    expect(shellCss).toBeTruthy();
    expect(remoteCss).toBeTruthy();
    for (const url of [shellCss!, remoteCss!]) {
      const response = await request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect([url, response.status(), response.headers()['content-encoding']]).toEqual([url, 200, 'br']);
    }
  });
});
