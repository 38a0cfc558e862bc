import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
interface Expose {
  name: string;
  assets: { css: { sync: string[]; async: string[] } };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build preset is CommonJS without type declarations
const { ownStylesheets }: { ownStylesheets(manifest: { exposes: Expose[] }): { exposes: Expose[] } } = require('./manifest.js');

const assets = (css: { sync: string[]; async: string[] }) => ({ js: { sync: [], async: [] }, css });

describe("a remote manifest's stylesheets per section", () => {
  it('keeps each expose to its own stylesheets, not those of other exposes it could reach', () => {
    const manifest = ownStylesheets({
      exposes: [
        {
          name: 'LinkCards',
          assets: assets({ sync: [], async: ['__federation_expose_NewsFeed.1.css', '__federation_expose_PageHero.2.css', 'shared.3.css'] }),
        },
        { name: 'NewsFeed', assets: assets({ sync: ['__federation_expose_NewsFeed.1.css'], async: [] }) },
        { name: 'PageHero', assets: assets({ sync: ['__federation_expose_PageHero.2.css'], async: ['shared.3.css'] }) },
      ],
    });
    expect(manifest.exposes.map((expose) => [expose.name, expose.assets.css])).toEqual([
      ['LinkCards', { sync: [], async: ['shared.3.css'] }],
      ['NewsFeed', { sync: ['__federation_expose_NewsFeed.1.css'], async: [] }],
      ['PageHero', { sync: ['__federation_expose_PageHero.2.css'], async: ['shared.3.css'] }],
    ]);
  });
});

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build preset is CommonJS without type declarations
const { finalizeRemoteManifest, previousBuild } = require('./manifest.js') as {
  finalizeRemoteManifest(options: object): { site: { version: string; builtAt: string } };
  previousBuild(distDir: string): { version: string; builtAt: string } | null;
};

describe("a remote's rebuild of the same output", () => {
  /** A remote's output folder as webpack leaves it: its code, and the browser and server manifests. */
  function output(code: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-dist-'));
    fs.mkdirSync(path.join(dir, 'server'));
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), code);
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ id: 'news', name: 'news', metaData: { buildInfo: {} }, exposes: [] }));
    fs.writeFileSync(
      path.join(dir, 'server', 'mf-manifest.json'),
      JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'commonjs-module' } } }),
    );
    return dir;
  }
  const finalize = (dir: string, previous: { version: string; builtAt: string } | null) =>
    finalizeRemoteManifest({ distDir: dir, team: 'news', sections: ['NewsFeed'], packageVersion: '1.0.0', contractsVersion: '4.0.0', previous });

  it('keeps the earlier build time, so the manifest is the same file and the registry takes the rebuild as the same version', async () => {
    const first = output('console.log(1);');
    const published = finalize(first, null);
    expect(previousBuild(first)).toEqual({ version: published.site.version, builtAt: published.site.builtAt });
    // Later: the clock has moved on since the first build.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = output('console.log(1);');
    const rebuilt = finalize(again, previousBuild(first));
    expect(rebuilt.site.version).toBe(published.site.version);
    expect(fs.readFileSync(path.join(again, 'mf-manifest.json'), 'utf8')).toBe(fs.readFileSync(path.join(first, 'mf-manifest.json'), 'utf8'));
  });

  it('gives changed code a new version with its own build time', () => {
    const first = output('console.log(1);');
    const published = finalize(first, null);
    const changed = finalize(output('console.log(2);'), { version: published.site.version, builtAt: '2020-01-01T00:00:00.000Z' });
    expect(changed.site.version).not.toBe(published.site.version);
    expect(changed.site.builtAt).not.toBe('2020-01-01T00:00:00.000Z');
    expect(Date.parse(changed.site.builtAt)).toBeGreaterThan(Date.parse('2026-01-01'));
  });

  it('starts afresh without an earlier build', () => {
    expect(previousBuild(path.join(os.tmpdir(), 'no-such-remote-dist'))).toBeNull();
  });
});
