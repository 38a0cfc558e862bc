import { createHash } from 'node:crypto';
import path from 'node:path';
import vm from 'node:vm';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteManifest } from '@site/contracts';

export interface NodeEntryPluginOptions {
  /** Time limit for fetching one remote entry or manifest. */
  timeoutMs: number;
  /** Manifests the registry client already holds, served without a second request. */
  cachedManifest(url: string): RemoteManifest | null;
  /** The sha256 the registry recorded for a server container, checked before the code is run. */
  expectedSha256?(entryUrl: string): string | null;
}

/** Fetches a federated file with a time limit; a non-2xx answer is an error, never a body to evaluate. */
export async function fetchFederatedFile(url: string, timeoutMs: number, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  return response;
}

/**
 * Loads Node containers for the shell's federation runtime. Module Federation's own Node loader has no time
 * limit and evaluates the body of a 404 as JavaScript (a syntax error far from its cause); this one fails fast and clearly.
 */
// The federation runtime is one per process and keeps the first plugin of a name: the plugin reads the options of
// the latest federation started in this process (one in the shell; one per test in the tests).
let active: NodeEntryPluginOptions | null = null;

export function nodeEntryPlugin(initial: NodeEntryPluginOptions): ModuleFederationRuntimePlugin {
  active = initial;
  const current = () => active ?? initial;
  return {
    name: 'site-node-entry-loader',
    async fetch(url: string, init?: RequestInit) {
      const options = current();
      const manifest = options.cachedManifest(url);
      if (manifest) {
        return new Response(JSON.stringify(manifest), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return fetchFederatedFile(url, options.timeoutMs, init);
    },
    async loadEntry({ remoteInfo }) {
      if (typeof window !== 'undefined') return undefined;
      const options = current();
      const { entry, entryGlobalName } = remoteInfo;
      const response = await fetchFederatedFile(entry, options.timeoutMs);
      const source = await response.text();
      const expected = options.expectedSha256?.(entry) ?? null;
      if (expected) {
        const actual = createHash('sha256').update(source).digest('hex');
        // Never run code that is not what the team published: the loaded version stays live instead.
        if (actual !== expected)
          throw new Error(`${entry} fails integrity: sha256 ${actual.slice(0, 12)}… is not the ${expected.slice(0, 12)}… recorded at publish`);
      }
      const url = new URL(entry);
      const scriptModule = { exports: {} as Record<string, unknown> };
      const script = new vm.Script(`(function(exports, module, require, __dirname, __filename) {${source}\n})`, {
        filename: entry,
      });
      const run = script.runInThisContext() as (...args: unknown[]) => void;
      run(scriptModule.exports, scriptModule, remoteRequire, path.posix.dirname(url.pathname), path.posix.basename(url.pathname));
      const exported = scriptModule.exports;
      const container = (entryGlobalName && exported[entryGlobalName]) || exported;
      if (!container || typeof (container as { get?: unknown }).get !== 'function') {
        throw new Error(`${entry} did not export a federation container named "${entryGlobalName}"`);
      }
      return container as never;
    },
  };
}

/**
 * The file system as a remote container sees it: nothing there. Module Federation's Node runtime asks whether a chunk
 * exists on disk before it fetches it over HTTP; a container has no files of its own on the shell's machine.
 */
const NO_FILES = Object.freeze({
  existsSync: () => false,
  readFile: (file: string, ...rest: unknown[]) => {
    const callback = rest.at(-1);
    if (typeof callback === 'function') (callback as (error: Error) => void)(new Error(`remote code reads no files (${file})`));
  },
});

/**
 * The `require` a remote container gets: the modules its federation runtime asks for (path, vm; fs as an empty
 * file system), nothing else. Shared singletons (React, MobX, the design system) reach it through the federation's
 * share scope, not through `require`. This keeps a team's code from the shell's modules and files by the plain
 * route; code in this process can still find other routes (see the README's trust model), which is why the shell
 * holds no credential with platform rights.
 */
function remoteRequire(name: string): unknown {
  switch (name) {
    case 'path':
    case 'node:path':
      return path;
    case 'vm':
    case 'node:vm':
      return vm;
    case 'fs':
    case 'node:fs':
      return NO_FILES;
    default:
      throw new Error(`remote code may not require "${name}"`);
  }
}
