import { activate, publishVersion, readBuildFiles, rejectCanary } from '@site/registry';
import type { ShellServer } from './app';
import { sectionBuild, startShellWithRegistry, type ShellWithRegistry } from '../testing/shell-with-registry';

const ADMIN_TOKEN = 'canary-delivery-test-token';
const STABLE = '1.0.0-aaaaaaaaaa';
const CANARY = '1.1.0-bbbbbbbbbb';

// Renders and registry polls on a loaded test machine: more than the default 5 s per test.
jest.setTimeout(30_000);

/** A published remote build with one section that renders nothing. */
const kappa = (version: string) => ({ team: 'kappa', version, section: 'KappaLatest' });

function versionOf(html: string): string | undefined {
  return /data-section="KappaLatest"[^>]*data-remote-version="([^"]+)"/.exec(html)?.[1];
}

describe('page delivery with a canary live: variants, cookies and cache headers', () => {
  let setup: ShellWithRegistry;
  let shell: ShellServer;

  beforeAll(async () => {
    setup = await startShellWithRegistry({
      name: 'canary-delivery',
      adminToken: ADMIN_TOKEN,
      page: { slug: 'canary-page', title: 'Канарейка' },
      build: kappa(STABLE),
      registry: { canary: { intervalMs: 60_000 } },
      env: { PORT: '3998', REGISTRY_POLL_MS: '100', PAGE_CACHE_FRESH_MS: '60000' },
    });
    shell = setup.shell;
  }, 60_000);

  afterAll(async () => {
    await setup?.close();
  });

  const get = (cookie?: string) => shell.app.inject({ method: 'GET', url: '/canary-page', headers: cookie ? { cookie } : {} });
  const waitFor = async (predicate: () => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!predicate() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(predicate()).toBe(true);
  };

  test('no canary: no cookie is set and pages vary by encoding and device, not by cookie', async () => {
    const page = await get();
    expect(page.statusCode).toBe(200);
    expect(versionOf(page.body)).toBe(STABLE);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers.vary).toBe('Accept-Encoding, User-Agent, Sec-CH-UA-Mobile');
    expect(page.headers['cache-control']).toMatch(/^public/);
  });

  test('a canary for half the visitors: each variant is rendered, cached and hydrated with its own version, and the cookies go on the answer only', async () => {
    await publishVersion(setup.paths, readBuildFiles(sectionBuild(setup.dir, kappa(CANARY))), { actor: { name: 'platform' } });
    await activate(setup.paths, 'kappa', CANARY, { actor: { name: 'platform' }, canaryPercent: 50 });
    await waitFor(() => shell.app.registry.current.canaries.has('kappa'));

    // A first visit: a bucket and, for a canary bucket, the variant; a private answer.
    const first = await get('site_bucket=10');
    expect(versionOf(first.body)).toBe(CANARY);
    expect(first.headers['set-cookie']).toEqual(['site_variant=kappa; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly']);
    expect(first.headers['cache-control']).toBe('private, no-store');
    // The state the browser hydrates with names the canary's manifest, never the stable one's; the cookies are not in the page.
    expect(first.body).toContain(`/kappa/${CANARY}/mf-manifest.json`);
    expect(first.body).not.toContain(`/kappa/${STABLE}/mf-manifest.json`);
    expect(first.body).not.toContain('site_bucket');

    // The same visitor again, with the cookie that names the variant: the cached canary page, shareable under that cookie.
    const again = await get('site_bucket=10; site_variant=kappa');
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(versionOf(again.body)).toBe(CANARY);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['cache-control']).toMatch(/^public/);
    expect(again.headers.vary).toBe('Accept-Encoding, Cookie, User-Agent, Sec-CH-UA-Mobile');

    // A stable visitor gets the stable page, from its own cache entry.
    const stable = await get('site_bucket=80');
    expect(versionOf(stable.body)).toBe(STABLE);
    expect(stable.headers['set-cookie']).toBeUndefined();
    expect((await get('site_bucket=80')).headers['x-page-cache']).toBe('hit');
    expect(stable.body).not.toContain(`/kappa/${CANARY}/`);

    // A newcomer gets a bucket cookie on a private answer.
    const newcomer = await get();
    expect([newcomer.headers['set-cookie']].flat().join('\n')).toMatch(/^site_bucket=\d{1,2}; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
    expect(newcomer.headers['cache-control']).toBe('private, no-store');
  });

  test('once the canary is rolled back, its visitors get the stable version and lose the variant cookie', async () => {
    await rejectCanary(setup.paths, 'kappa', 'test');
    await waitFor(() => shell.app.registry.current.canaries.size === 0);
    const page = await get('site_bucket=10; site_variant=kappa');
    expect(versionOf(page.body)).toBe(STABLE);
    expect(page.headers['set-cookie']).toEqual(['site_variant=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly']);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const next = await get('site_bucket=10');
    expect(next.headers['set-cookie']).toBeUndefined();
    expect(next.headers.vary).toBe('Accept-Encoding, User-Agent, Sec-CH-UA-Mobile');
  });
});
