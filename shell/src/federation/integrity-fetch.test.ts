import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { documentHead } from '../server/document';
import { RemoteStyles } from './remote-styles';
import { fetchAndCompare, sriOfSha256 } from './subresource-integrity';

const PUBLISHED = '.news{color:#123}';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A static host whose `altered.css` is not what was published (its hash is of PUBLISHED). */
async function startHost(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const bodies: Record<string, string> = { '/published.css': PUBLISHED, '/altered.css': `${PUBLISHED}.injected{}` };
    const body = bodies[request.url ?? ''];
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/css', 'access-control-allow-origin': '*' });
    response.end(body ?? 'not published');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('integrity checks of remote files over real HTTP', () => {
  let host: Awaited<ReturnType<typeof startHost>>;
  beforeAll(async () => {
    host = await startHost();
  });
  afterAll(() => host.close());

  it('confirms a refused file was altered, and calls an unreachable or missing one a network failure', async () => {
    const sri = sriOfSha256(sha256(PUBLISHED))!;
    expect(await fetchAndCompare(`${host.url}/altered.css`, sri)).toBe(true);
    expect(await fetchAndCompare(`${host.url}/published.css`, sri)).toBe(false);
    expect(await fetchAndCompare(`${host.url}/missing.css`, sri)).toBe(false);
    expect(await fetchAndCompare('http://127.0.0.1:9/closed.css', sri)).toBe(false);
  });

  it('never inlines a stylesheet that differs from the published one into a page', async () => {
    const warnings: string[] = [];
    const styles = new RemoteStyles({
      timeoutMs: 2000,
      log: { warn: (obj) => warnings.push(JSON.stringify(obj)) },
      expectedSha256: () => sha256(PUBLISHED),
    });
    const collected = await styles.collect([`${host.url}/published.css`, `${host.url}/altered.css`], 2000);
    expect(collected).toEqual([{ href: `${host.url}/published.css`, css: PUBLISHED }]);
    expect(warnings.join('\n')).toContain('altered.css fails integrity');
  });

  it("preloads a remote's script with the hash and CORS mode the runtime's script will use", () => {
    const sri = sriOfSha256(sha256('entry'))!;
    const head = documentHead({
      locale: 'ru',
      path: '/',
      origin: 'https://www.example.edu',
      siteName: 'НТУ',
      titlePostfix: 'НТУ',
      pageTitle: null,
      siteSeo: undefined,
      pageSeo: undefined,
      stylesheets: [],
      scriptPreloads: [`https://cdn.example/remotes/news/1/remoteEntry.js`, 'https://cdn.example/remotes/other/1/remoteEntry.js'],
      preloadIntegrity: { [`https://cdn.example/remotes/news/1/remoteEntry.js`]: sri },
      noindex: false,
    });
    expect(head).toContain(
      `<link rel="preload" as="script" href="https://cdn.example/remotes/news/1/remoteEntry.js" integrity="${sri}" crossorigin="anonymous" fetchpriority="low">`,
    );
    expect(head).toContain('<link rel="preload" as="script" href="https://cdn.example/remotes/other/1/remoteEntry.js" fetchpriority="low">');
  });
});
