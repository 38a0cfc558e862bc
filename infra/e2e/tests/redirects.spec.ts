import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startExtraShell } from '../support/extra-shell';
import { repoRoot } from '../support/platform-control';

// The content API's own driver, to store what its admin API refuses (as an older version or a direct edit could).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require(require.resolve('better-sqlite3', { paths: [path.join(repoRoot, 'infra/content-api')] })) as new (file: string) => {
  prepare(sql: string): { run(...values: unknown[]): unknown };
  close(): void;
};

const OFF_SITE = ['//evil.example', '/\\evil.example', '/\t//evil.example', '//evil.example\\@site', '/\\\\evil.example'];

test.describe('stored redirects', () => {
  test('the five off-site targets are refused by the shell in both languages; the page is served instead', async ({ request }) => {
    const db = new Database(path.join(process.env.DATA_DIR!, 'content.sqlite'));
    const froms = OFF_SITE.map((_, index) => `/e2e-off-site-${index}`);
    try {
      OFF_SITE.forEach((to, index) => db.prepare('INSERT OR REPLACE INTO redirects (from_path, to_path, status) VALUES (?, ?, 301)').run(froms[index], to));
      db.prepare("INSERT OR REPLACE INTO redirects (from_path, to_path, status) VALUES ('/e2e-on-site', '/news', 302)").run();
      // A shell of its own reads the rows at once (the platform's shell caches init data).
      const shell = await startExtraShell({ INIT_CACHE_TTL_MS: '1' });
      try {
        for (const from of froms) {
          for (const address of [from, `/en${from}`]) {
            const response = await request.get(`${shell.url}${address}`, { maxRedirects: 0 });
            expect(response.status(), `${address} must not redirect`).toBe(404);
            expect(response.headers().location).toBeUndefined();
          }
        }
        const onSite = await request.get(`${shell.url}/en/e2e-on-site?x=1`, { maxRedirects: 0 });
        expect(onSite.status()).toBe(302);
        expect(onSite.headers().location).toBe('/en/news?x=1');
      } finally {
        await shell.stop();
      }
    } finally {
      for (const from of [...froms, '/e2e-on-site']) db.prepare('DELETE FROM redirects WHERE from_path = ?').run(from);
      db.close();
    }
  });

  test('the admin API refuses to save them', async ({ request }) => {
    for (const to of OFF_SITE) {
      const response = await request.put(`${process.env.API_URL}/admin/redirects`, {
        headers: { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
        data: { from: '/e2e-refused', to, status: 301 },
      });
      expect(response.status(), JSON.stringify(to)).toBe(400);
    }
  });
});
