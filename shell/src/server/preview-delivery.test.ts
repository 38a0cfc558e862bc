import { createPreview, publishVersion, readBuildFiles, revokePreview } from '@site/registry';
import type { ShellServer } from './app';
import { previewBanner } from './preview-banner';
import { sectionBuild, startShellWithRegistry, type ShellWithRegistry } from '../testing/shell-with-registry';

const ADMIN_TOKEN = 'preview-delivery-test-token';
const STABLE = '1.0.0-aaaaaaaaaa';
const PREVIEW = '1.2.0-cccccccccc';
const PLATFORM = { name: 'platform' };

// Renders and registry polls on a loaded test machine: more than the default 5 s per test.
jest.setTimeout(30_000);

const lambda = (version: string) => ({ team: 'lambda', version, section: 'LambdaLatest' });

function versionOf(html: string): string | undefined {
  return /data-section="LambdaLatest"[^>]*data-remote-version="([^"]+)"/.exec(html)?.[1];
}

describe('page delivery to a visitor who opened a preview link', () => {
  let setup: ShellWithRegistry;
  let shell: ShellServer;

  beforeAll(async () => {
    setup = await startShellWithRegistry({
      name: 'preview-delivery',
      adminToken: ADMIN_TOKEN,
      page: { slug: 'preview-page', title: 'Предпросмотр' },
      build: lambda(STABLE),
      registry: { canary: { intervalMs: 60_000 } },
      env: { PORT: '3997', REGISTRY_POLL_MS: '100', PAGE_CACHE_FRESH_MS: '60000' },
    });
    shell = setup.shell;
    await publishVersion(setup.paths, readBuildFiles(sectionBuild(setup.dir, lambda(PREVIEW))), { actor: PLATFORM });
  }, 60_000);

  afterAll(async () => {
    await setup?.close();
  });

  const get = (url: string, cookie?: string) => shell.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const waitFor = async (predicate: () => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!predicate() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(predicate()).toBe(true);
  };
  const cookiesOf = (answer: Awaited<ReturnType<typeof get>>) => [answer.headers['set-cookie'] ?? []].flat();
  const previewCookieOf = (answer: Awaited<ReturnType<typeof get>>) => cookiesOf(answer).find((value) => value.startsWith('site_preview='));
  const CLEARED = ['site_preview=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly'];

  test('the link sets a private cookie; that visitor alone gets the preview, uncached and private, with the banner; everyone else the cached live page', async () => {
    const { token } = await createPreview(setup.paths, 'lambda', PREVIEW, { actor: PLATFORM, ttlSeconds: 600 });
    await waitFor(() => shell.app.registry.current.previews.size === 1);

    const opened = await get(`/_preview/${token}`);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/');
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(previewCookieOf(opened)).toMatch(new RegExp(`^site_preview=${token}; Path=/; Max-Age=(59\\d|600); SameSite=Lax; HttpOnly$`));

    // The live page, cached before the preview visitor comes.
    expect(versionOf((await get('/preview-page')).body)).toBe(STABLE);
    const cachedEntries = shell.app.renderCache.size;

    const previewed = await get('/preview-page', `site_preview=${token}`);
    expect(previewed.statusCode).toBe(200);
    expect(versionOf(previewed.body)).toBe(PREVIEW);
    expect(previewed.headers['cache-control']).toBe('private, no-store');
    expect(previewed.headers['x-page-cache']).toBe('bypass');
    expect(previewed.headers.vary).toContain('Cookie');
    expect(previewed.headers['set-cookie']).toBeUndefined();
    // The browser hydrates with the preview's code; the banner names it, in the page's language, with the way out.
    expect(previewed.body).toContain(`/lambda/${PREVIEW}/mf-manifest.json`);
    expect(previewed.body).not.toContain(`/lambda/${STABLE}/mf-manifest.json`);
    expect(previewed.body).toContain(`Предварительный просмотр lambda ${PREVIEW}`);
    expect(previewed.body).toContain('href="/_preview/exit?to=%2Fpreview-page"');
    // Twice: rendered again for the visitor, never kept in (nor answered from) the render cache.
    expect((await get('/preview-page', `site_preview=${token}`)).headers['x-page-cache']).toBe('bypass');
    expect(shell.app.renderCache.size).toBe(cachedEntries);

    const live = await get('/preview-page');
    expect(live.headers['x-page-cache']).toBe('hit');
    expect(versionOf(live.body)).toBe(STABLE);
    expect(live.body).not.toContain('Предварительный просмотр');
    expect(live.headers['cache-control']).toMatch(/^public/);
  });

  test('a link opened the moment the preview is made, before the next poll could see it, opens it', async () => {
    const before = shell.app.registry.current.previews.size;
    const made = await createPreview(setup.paths, 'lambda', PREVIEW, { actor: PLATFORM, ttlSeconds: 600 });
    const opened = await get(`/_preview/${made.token}`);
    expect(opened.statusCode).toBe(303);
    expect(previewCookieOf(opened)).toMatch(new RegExp(`^site_preview=${made.token}; `));
    await revokePreview(setup.paths, made.preview.id, PLATFORM);
    await waitFor(() => shell.app.registry.current.previews.size === before);
  });

  test('leaving clears the cookie and goes back to the page, never to another host', async () => {
    const left = await get('/_preview/exit?to=%2Fpreview-page%3Fx%3D1');
    expect(left.statusCode).toBe(303);
    expect(left.headers.location).toBe('/preview-page?x=1');
    expect(cookiesOf(left)).toEqual(CLEARED);
    for (const to of ['//evil.example/x', '/\\evil.example', 'https://evil.example']) {
      expect((await get(`/_preview/exit?to=${encodeURIComponent(to)}`)).headers.location).toBe('/');
    }
    expect(previewBanner('en', { remote: 'lambda', version: PREVIEW, exitHref: '/_preview/exit?to=%2Fen' })).toContain(
      `Preview of lambda ${PREVIEW}: only this browser sees this version`,
    );
  });

  test('revocation, expiry or a made-up secret: the cookie is cleared and the visitor gets the live page', async () => {
    const revoked = await createPreview(setup.paths, 'lambda', PREVIEW, { actor: PLATFORM, ttlSeconds: 600 });
    const expiring = await createPreview(setup.paths, 'lambda', PREVIEW, { actor: PLATFORM, ttlSeconds: 2 });
    await waitFor(() => shell.app.registry.current.previews.size === 3);
    expect(versionOf((await get('/preview-page', `site_preview=${revoked.token}`)).body)).toBe(PREVIEW);
    expect(versionOf((await get('/preview-page', `site_preview=${expiring.token}`)).body)).toBe(PREVIEW);

    await revokePreview(setup.paths, revoked.preview.id, PLATFORM);
    await waitFor(() => shell.app.registry.current.previews.size === 2);
    const afterRevocation = await get('/preview-page', `site_preview=${revoked.token}`);
    expect(versionOf(afterRevocation.body)).toBe(STABLE);
    expect(cookiesOf(afterRevocation)).toEqual(CLEARED);
    expect(afterRevocation.headers['cache-control']).toBe('private, no-store');
    expect(afterRevocation.body).not.toContain('Предварительный просмотр');

    // Expiry needs no word from the registry: the shell compares the time itself.
    await new Promise((resolve) => setTimeout(resolve, Date.parse(expiring.preview.expiresAt) - Date.now() + 50));
    const afterExpiry = await get('/preview-page', `site_preview=${expiring.token}`);
    expect(versionOf(afterExpiry.body)).toBe(STABLE);
    expect(cookiesOf(afterExpiry)).toEqual(CLEARED);

    const madeUp = await get('/preview-page', `site_preview=${'x'.repeat(43)}`);
    expect(versionOf(madeUp.body)).toBe(STABLE);
    expect(cookiesOf(madeUp)).toEqual(CLEARED);
    const badLink = await get(`/_preview/${'y'.repeat(43)}`);
    expect(badLink.statusCode).toBe(303);
    expect(cookiesOf(badLink)).toEqual(CLEARED);
  });
});
