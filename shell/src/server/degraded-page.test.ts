import type { ShellServer } from './app';
import { startShellWithRegistry, type SectionBuild, type ShellWithRegistry } from '../testing/shell-with-registry';

const ADMIN_TOKEN = 'degraded-page-test-token';
const VERSION = '1.0.0-dddddddddd';

// A remote build, a registry poll and several renders on a loaded test machine: more than the default 5 s.
jest.setTimeout(30_000);

/**
 * A remote whose one section hydrates (so a page showing it preloads the remote's entry and the section's script)
 * and whose loader is slow the first time only, as on a busy machine: the first render defers the section.
 */
const SLOW_FIRST_LOAD: SectionBuild = {
  team: 'lambda',
  version: VERSION,
  section: 'LambdaFeed',
  browser: { entry: 'window.lambda = {};\n', sectionScript: 'console.log("LambdaFeed");\n' },
  serverEntry: `var calls = 0;
function load() {
  calls += 1;
  var ms = calls === 1 ? 2000 : 0;
  return new Promise(function (resolve) { setTimeout(function () { resolve({ items: 3 }); }, ms); });
}
var modules = { "./LambdaFeed": { default: function LambdaFeed() { return null; }, load: load, meta: { name: "LambdaFeed" } } };
module.exports = { get: function (id) { return Promise.resolve(function () { return modules[id]; }); }, init: function () {} };
`,
};

const statusOf = (html: string) => /data-section="LambdaFeed"[^>]*data-section-status="([a-z]+)"/.exec(html)?.[1];
const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map((match) => match[1]!);
const fetchPreloads = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" href="([^"]+)" crossorigin="anonymous"/g)].map((match) => match[1]!);

describe('a degraded page of the cache', () => {
  let setup: ShellWithRegistry;
  let shell: ShellServer;

  beforeAll(async () => {
    setup = await startShellWithRegistry({
      name: 'degraded-page',
      adminToken: ADMIN_TOKEN,
      page: { slug: 'lambda-feed', title: 'Лента', componentId: 'feed' },
      build: SLOW_FIRST_LOAD,
      shellAssets: { js: ['shell.js'], css: [], federation: ['federation.js'], sanitizer: ['dompurify.js', 'sanitizer.js'] },
      env: { PORT: '3996', SECTION_LOAD_BUDGET_MS: '500', PAGE_CACHE_FRESH_MS: '60000' },
    });
    shell = setup.shell;
  }, 60_000);

  afterAll(async () => {
    await setup?.close();
  });

  const get = (cookie: string) => shell.app.inject({ method: 'GET', url: '/lambda-feed', headers: { cookie } });

  test('once due for replacement, is replaced before anyone gets it again: consecutive visitors get the same bytes', async () => {
    const degraded = await get('colorScheme=black');
    expect(degraded.statusCode).toBe(200);
    expect(statusOf(degraded.body)).toBe('deferred');
    expect(preloads(degraded.body).some((href) => href.includes('/lambda/'))).toBe(false);
    expect(preloads(degraded.body)).not.toContain('/_shell/sanitizer.js');
    expect(fetchPreloads(degraded.body)).toEqual([]);

    // The degraded page's short freshness runs out.
    const entry = shell.app.renderCache.peek('http://localhost:3996|desktop|/lambda-feed');
    if (!entry) throw new Error('the page was not cached');
    entry.renderedAt -= 6_000;

    const first = await get('colorScheme=black; fontSize=200');
    const second = await get('colorScheme=sepia; fontSize=125');
    expect(second.body).toBe(first.body);
    expect(statusOf(first.body)).toBe('ready');
    expect(preloads(first.body)).toEqual([
      // The shell's own scripts first, then the federation runtime and the remote's code.
      '/_shell/shell.js',
      '/_shell/federation.js',
      expect.stringMatching(new RegExp(`/remotes/lambda/${VERSION}/remoteEntry\\.js$`)),
      // The section hydrates, and its render showed no backend HTML: no sanitizer.
      expect.stringMatching(new RegExp(`/remotes/lambda/${VERSION}/LambdaFeed\\.js$`)),
    ]);
    expect(fetchPreloads(first.body)).toEqual([expect.stringMatching(new RegExp(`/remotes/lambda/${VERSION}/[\\w-]+\\.json$`))]);
    expect([first.headers['x-page-cache'], second.headers['x-page-cache']]).toEqual(['miss', 'hit']);
  });
});
