import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkSectionModule } from '@site/contracts';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createMonolithBuild, MONOLITH_REMOTES } = require('./monolith.js') as {
  createMonolithBuild(options: { shellDir: string }): { distDir: string; sections: string[]; configs: Array<{ name: string; plugins: object[] }> };
  MONOLITH_REMOTES: string[];
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { discoverSections } = require('./sections.js') as { discoverSections(rootDir: string): string[] };

const repoRoot = path.resolve(__dirname, '../../..');

describe('the monolith comparison build', () => {
  // The generated modules go to a scratch shell folder; they point at the real remotes' and shell's sources.
  const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'monolith-shell-'));
  fs.mkdirSync(path.join(shellDir, 'src', 'federation'), { recursive: true });
  // The catalog and the modules it imports from its own folder.
  for (const file of ['catalog.ts', 'subresource-integrity.ts'])
    fs.copyFileSync(path.join(repoRoot, 'shell/src/federation', file), path.join(shellDir, 'src/federation', file));
  // The page's inline scripts, which the shell's server build compiles from their modules.
  fs.cpSync(path.join(repoRoot, 'shell/src/inline-scripts'), path.join(shellDir, 'src/inline-scripts'), { recursive: true });
  const build = createMonolithBuild({ shellDir });
  afterAll(() => fs.rmSync(shellDir, { recursive: true, force: true }));

  test('carries every section of every remote, and no federation plugin', () => {
    const expected = MONOLITH_REMOTES.flatMap((team) => discoverSections(path.join(repoRoot, 'remotes', team)).map((name) => `${team}/${name}`));
    expect(build.sections.sort()).toEqual(expected.sort());
    expect(build.configs.map((config) => config.name)).toEqual(['monolith:browser', 'monolith:server']);
    for (const config of build.configs) expect(config.plugins.some((plugin) => plugin.constructor.name === 'ModuleFederationPlugin')).toBe(false);
  });

  test("loadRemote answers each section's module from the sources, as the federated container would", async () => {
    const runtime = (await import(path.join(shellDir, '.monolith', 'federation-runtime.ts'))) as { loadRemote(id: string): Promise<unknown> };
    for (const id of ['news/PageHero', 'events/EventsUpcoming', 'forms/ContactForm', 'education/ProgramsList', 'search/SearchResults']) {
      const module = (await runtime.loadRemote(id)) as { messages?: { ru: object; en: object } };
      expect(checkSectionModule(module, id.split('/')[1] ?? '')).toBeNull();
      expect(Object.keys(module.messages?.ru ?? {}).length).toBeGreaterThan(0);
    }
    await expect(runtime.loadRemote('news/NoSuchSection')).rejects.toThrow('section news/NoSuchSection is not in the monolith build');
  });

  test("the catalog keeps what the registry names but none of the remote hosts' files", async () => {
    const catalog = (await import(path.join(shellDir, '.monolith', 'catalog.ts'))) as typeof import('../../../shell/src/federation/catalog');
    const record = catalog.buildRemoteRecord({ name: 'news', version: '1.0.0', manifestUrl: 'http://remotes.test/news/mf-manifest.json' } as never, null);
    expect(record).toMatchObject({ name: 'news', assets: {}, browserEntryUrl: null });
    expect(typeof catalog.RemoteCatalog).toBe('function');
  });
});
