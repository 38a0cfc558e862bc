/** @jest-environment jsdom */
import { createHash } from 'node:crypto';
import { CONTRACTS_VERSION, type RemoteManifest } from '@site/contracts';
import { buildRemoteRecord } from './catalog';
import { IntegrityGuard, sriOfSha256 } from './subresource-integrity';

const BASE = 'https://cdn.example/remotes/news/1.0.0-aaaaaaaaaa/';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function manifest(publicPath = 'auto'): RemoteManifest {
  return {
    id: 'news',
    name: 'news',
    metaData: {
      name: 'news',
      globalName: 'news',
      publicPath,
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' },
    },
    exposes: [
      {
        id: 'news:NewsLatest',
        name: 'NewsLatest',
        path: './NewsLatest',
        assets: { js: { sync: ['expose.1.js'], async: ['lazy.2.js'] }, css: { sync: ['expose.1.css'], async: [] } },
      },
    ],
    site: {
      team: 'news',
      version: '1.0.0-aaaaaaaaaa',
      contractsVersion: CONTRACTS_VERSION,
      builtAt: '2026-01-01',
      sections: [{ name: 'NewsLatest', expose: './NewsLatest' }],
    },
  };
}

const files = {
  'remoteEntry.js': sha256('entry'),
  'expose.1.js': sha256('expose'),
  'lazy.2.js': sha256('lazy'),
  'expose.1.css': sha256('css'),
  'server/remoteEntry.js': sha256('server'),
  'unused.9.js': sha256('unused'),
};
const entry = { name: 'news', version: '1.0.0-aaaaaaaaaa', manifestUrl: `${BASE}mf-manifest.json`, files };

describe('subresource integrity of remotes in the browser', () => {
  it('writes the recorded sha256 as the SRI value browsers compare a file with', () => {
    const body = 'console.log("news")';
    expect(sriOfSha256(sha256(body))).toBe(`sha256-${createHash('sha256').update(body).digest('base64')}`);
    expect(sriOfSha256('not-a-hash')).toBeNull();
  });

  it("gives a version's record the SRI values of the browser files its sections load, and nothing else", () => {
    const record = buildRemoteRecord(entry, manifest());
    expect(record.integrity).toEqual({
      'remoteEntry.js': sriOfSha256(files['remoteEntry.js']),
      'expose.1.js': sriOfSha256(files['expose.1.js']),
      'lazy.2.js': sriOfSha256(files['lazy.2.js']),
      'expose.1.css': sriOfSha256(files['expose.1.css']),
    });
    // Files served from elsewhere than the published folder, or a build the registry holds no hashes of: none.
    expect(buildRemoteRecord(entry, manifest('https://other.example/news/')).integrity).toBeUndefined();
    expect(buildRemoteRecord({ ...entry, files: undefined }, manifest()).integrity).toBeUndefined();
  });

  it('makes the scripts and links the federation runtime creates for published files carry integrity and crossorigin', () => {
    const record = buildRemoteRecord(entry, manifest());
    const guard = new IntegrityGuard([{ name: 'news', version: record.version, baseUrl: BASE, integrity: record.integrity }]);
    const plugin = guard.plugin();
    const script = plugin.createScript!({ url: `${BASE}remoteEntry.js`, attrs: { 'data-remote': 'news', async: true } }) as HTMLScriptElement;
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect(script.src).toBe(`${BASE}remoteEntry.js`);
    expect(script.getAttribute('integrity')).toBe(sriOfSha256(files['remoteEntry.js']));
    expect(script.getAttribute('crossorigin')).toBe('anonymous');
    expect(script.getAttribute('data-remote')).toBe('news');
    expect(script.async).toBe(true);

    const link = plugin.createLink!({ url: `${BASE}expose.1.css`, attrs: { rel: 'stylesheet' } }) as HTMLLinkElement;
    expect(link.rel).toBe('stylesheet');
    expect(link.getAttribute('integrity')).toBe(sriOfSha256(files['expose.1.css']));
    expect(link.getAttribute('crossorigin')).toBe('anonymous');

    // A file without a published hash is left to the runtime's own element.
    expect(plugin.createScript!({ url: 'https://cdn.example/remotes/other/1/remoteEntry.js' })).toBeUndefined();
    expect(plugin.createLink!({ url: `${BASE}unknown.css`, attrs: { rel: 'stylesheet' } })).toBeUndefined();
  });

  it('tells a refused altered file from a network failure, per remote version', async () => {
    const refusals: string[] = [];
    const altered = new Set([`${BASE}remoteEntry.js`]);
    const guard = new IntegrityGuard(
      [
        { name: 'news', version: '1', baseUrl: BASE, integrity: { 'remoteEntry.js': sriOfSha256(files['remoteEntry.js'])! } },
        { name: 'events', version: '2', baseUrl: 'https://cdn.example/remotes/events/2/', integrity: { 'remoteEntry.js': sriOfSha256(sha256('e'))! } },
      ],
      async (url) => altered.has(url),
      (refusal) => refusals.push(`${refusal.remote}@${refusal.version} ${refusal.url}`),
    );
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const plugin = guard.plugin();
    const news = plugin.createScript!({ url: `${BASE}remoteEntry.js` }) as HTMLScriptElement;
    const events = plugin.createScript!({ url: 'https://cdn.example/remotes/events/2/remoteEntry.js' }) as HTMLScriptElement;
    news.dispatchEvent(new Event('error'));
    events.dispatchEvent(new Event('error'));
    expect(await guard.refused('news', '1')).toBe(true);
    expect(await guard.refused('events', '2')).toBe(false);
    expect(await guard.refused('news', 'other')).toBe(false);
    expect(refusals).toEqual([`news@1 ${BASE}remoteEntry.js`]);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('was refused'));
    consoleError.mockRestore();
  });
  it("counts a refused chunk the remote's own runtime created with integrity, and nothing else", async () => {
    const chunkSri = sriOfSha256(sha256('chunk'))!;
    const guard = new IntegrityGuard(
      [{ name: 'news', version: '1', baseUrl: BASE, integrity: { 'remoteEntry.js': sriOfSha256(files['remoteEntry.js'])! } }],
      async (_url, sri) => sri === chunkSri,
    );
    guard.watch(document);
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fail = (element: HTMLScriptElement | HTMLLinkElement) => {
      document.head.appendChild(element);
      element.dispatchEvent(new Event('error'));
      element.remove();
    };
    // Without integrity (a network failure the runtime reports itself) or outside the remote's folder: not counted.
    const plain = document.createElement('script');
    plain.src = `${BASE}459.js`;
    fail(plain);
    const foreign = document.createElement('script');
    foreign.src = 'https://cdn.example/remotes/events/2/459.js';
    foreign.setAttribute('integrity', chunkSri);
    fail(foreign);
    expect(await guard.refused('news', '1')).toBe(false);

    const stylesheet = document.createElement('link');
    stylesheet.rel = 'stylesheet';
    stylesheet.href = `${BASE}459.css`;
    stylesheet.setAttribute('integrity', chunkSri);
    fail(stylesheet);
    expect(await guard.refused('news', '1')).toBe(true);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining(`${BASE}459.css was refused`));
    consoleError.mockRestore();
  });
});
