import { expect, test } from '@playwright/test';
import { HYDRATION_PATTERN, collectConsole } from '../support/console';
import { shellEntryPath } from '../support/site';

/** Section wrappers of server HTML: `[section, status, remote, version]`. */
function sectionWrappers(html: string) {
  return [
    ...html.matchAll(
      /<div data-section="([^"]+)" data-section-id="[^"]*" data-section-status="([a-z]+)"(?: data-remote="([^"]*)")?(?: data-remote-version="([^"]*)")?/g,
    ),
  ].map((match) => ({ section: match[1]!, status: match[2]!, remote: match[3], version: match[4] }));
}

test.describe('server rendering with federated sections', () => {
  test('the home page HTML, before any script runs, has sections of at least three remotes, each naming its remote and version', async ({ request }) => {
    const response = await request.get('/', { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    const wrappers = sectionWrappers(html);
    const rendered = wrappers.filter((wrapper) => wrapper.status === 'ready');
    expect(rendered.length).toBeGreaterThan(0);
    for (const wrapper of rendered) {
      expect(wrapper.remote, `${wrapper.section} names its remote`).toMatch(/^[a-z]+$/);
      expect(wrapper.version, `${wrapper.section} names its remote version`).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
    }
    const remotes = new Set(rendered.map((wrapper) => wrapper.remote));
    expect(remotes.size).toBeGreaterThanOrEqual(3);
    // Rendered sections' stylesheets are in the head (no flash of unstyled content), inline: no remote host can
    // hold up first paint, so nothing in the head is a stylesheet from a remote's host. (Sections styled by the
    // design system alone have none: the shell's stylesheet carries it.)
    const head = html.slice(0, html.indexOf('</head>'));
    const styled = new Set([...head.matchAll(/<style data-href="[^"]+\/remotes\/([a-z]+)\/[^"]+\.css">[^<]*\{/g)].map((match) => match[1]));
    expect(styled.size).toBeGreaterThan(0);
    for (const remote of styled) expect(remotes.has(remote)).toBe(true);
    expect(head).not.toMatch(/<link rel="stylesheet" href="https?:/);
    expect(html).toContain('<html lang="ru"');
  });

  test('/en is rendered in English with <html lang="en">', async ({ request }) => {
    const response = await request.get('/en');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('Skip to content');
    expect(html).not.toContain('Перейти к содержанию');
    const rendered = sectionWrappers(html).filter((wrapper) => wrapper.status === 'ready');
    expect(new Set(rendered.map((wrapper) => wrapper.remote)).size).toBeGreaterThanOrEqual(3);
  });

  test("pages, the proxied API and the shell's files carry the baseline security headers", async ({ request }) => {
    for (const path of ['/', '/en/no-such-page', '/api/ru/init', await shellEntryPath(request)]) {
      const headers = (await request.get(path)).headers();
      expect([path, headers['x-content-type-options'], headers['x-frame-options'], headers['referrer-policy']]).toEqual([
        path,
        'nosniff',
        'SAMEORIGIN',
        'strict-origin-when-cross-origin',
      ]);
    }
  });

  test('pages carry a Content-Security-Policy: scripts from the site and its remotes only, no inline script but the hashed one', async ({ request }) => {
    for (const path of ['/', '/en/news', '/en/no-such-page']) {
      const policy = (await request.get(path)).headers()['content-security-policy'] ?? '';
      const scriptSources = /(?:^|; )script-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
      expect(scriptSources[0], path).toBe("'self'");
      expect(scriptSources[1], path).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
      expect(scriptSources, path).toContain(new URL(process.env.REMOTES_URL!).origin);
      expect(
        scriptSources.filter((source) => source.startsWith("'unsafe")),
        path,
      ).toEqual([]);
      expect(policy, path).toContain("object-src 'none'");
    }
  });

  for (const path of ['/', '/news', '/events']) {
    test(`${path} shows every section's content in place without scripts (nothing left for a script to swap in)`, async ({ browser, request }) => {
      const html = await (await request.get(path)).text();
      expect(html, 'no streamed boundary left pending').not.toMatch(/<template id="B:|<!--\$\?-->/);
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(path);
      const sections = page.locator('[data-section][data-section-status="ready"]');
      expect(await sections.count()).toBeGreaterThan(0);
      for (const section of await sections.all()) {
        await expect(section.locator('[aria-busy="true"]'), `${await section.getAttribute('data-section')} is not a placeholder`).toHaveCount(0);
        expect((await section.innerText()).trim().length).toBeGreaterThan(0);
      }
      await context.close();
    });
  }

  // The home page's sections are static (no remote code); /news hydrates a remote's section as well.
  for (const path of ['/', '/en', '/news']) {
    test(`${path} hydrates without a warning or error in the console`, async ({ page }) => {
      const console = collectConsole(page);
      await page.goto(path);
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      await page.waitForLoadState('networkidle');
      expect(console.messages.filter((message) => HYDRATION_PATTERN.test(message))).toEqual([]);
      expect(console.messages).toEqual([]);
    });
  }
});
