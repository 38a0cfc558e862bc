import fs from 'node:fs';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build preset is CommonJS without type declarations
const shared = require('./shared.js') as {
  SINGLETONS: string[];
  BROWSER_PROVIDED: string[];
  singletonKeyOf(moduleKey: string): string | undefined;
  sharedDependencies(options: { side: string; role: string }): Record<string, { version: string; requiredVersion: string }>;
  browserSharedModuleSource(): string;
};

/**
 * The shell's browser build has no federation plugin: it hands remotes its shared modules from a generated list
 * (BROWSER_PROVIDED). A remote that consumed a key missing from it would silently load its own copy (a second
 * React), so every key a built remote consumes must be on the list, with the version the remotes are built against.
 */

const repoRoot = path.resolve(__dirname, '../../..');
const REMOTES = ['news', 'events', 'education', 'forms', 'search'];

/** The shared keys a remote's browser build consumes, from its published manifest (after `npm run build`). */
function consumedKeys(team: string): string[] {
  const file = path.join(repoRoot, 'remotes', team, 'dist', 'mf-manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: run npm run build first`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { shared: Array<{ name: string }> };
  return manifest.shared.map((entry) => entry.name);
}

/** The generated module's exports, with `require` answering the request it was called with. */
function generatedShared(): Record<string, { version: string; lib: () => unknown; shareConfig: { singleton: boolean; requiredVersion: string } }> {
  const module = { exports: {} };
  new Function('module', 'require', shared.browserSharedModuleSource())(module, (request: string) => `module ${request}`);
  return module.exports as ReturnType<typeof generatedShared>;
}

test('every shared key a remote consumes in the browser is one the shell provides', () => {
  const consumed = new Set(REMOTES.flatMap(consumedKeys));
  // The JSX runtime is consumed by every remote: the manifests say what is consumed, so this list can fail.
  expect(consumed).toContain('react/jsx-runtime');
  expect([...consumed].filter((key) => !shared.BROWSER_PROVIDED.includes(key))).toEqual([]);
});

test('the provided keys are singletons of the federation, under the shared option of every build', () => {
  for (const key of shared.BROWSER_PROVIDED) expect(shared.singletonKeyOf(key)).toBeDefined();
  expect(shared.singletonKeyOf('react-dom/client')).toBe('react-dom/');
  expect(shared.singletonKeyOf('react-router')).toBeUndefined();
});

test('the generated module hands each provided module over as loaded, with the version the remotes are built against', () => {
  const provided = generatedShared();
  const remoteShared = shared.sharedDependencies({ side: 'browser', role: 'remote' });
  expect(Object.keys(provided)).toEqual(shared.BROWSER_PROVIDED);
  for (const [key, config] of Object.entries(provided)) {
    const expected = remoteShared[shared.singletonKeyOf(key)!]!;
    expect(config.version).toBe(expected.version);
    expect(config.shareConfig).toEqual({ singleton: true, requiredVersion: expected.requiredVersion });
    expect(config.lib()).toBe(`module ${key}`);
  }
});
