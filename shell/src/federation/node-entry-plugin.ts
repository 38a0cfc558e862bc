import path from 'node:path';
import vm from 'node:vm';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteManifest } from '@site/contracts';

export interface NodeEntryPluginOptions {
  /** Time limit for fetching one remote entry or manifest. */
  timeoutMs: number;
  /** Manifests the registry client already holds, served without a second request. */
  cachedManifest(url: string): RemoteManifest | null;
}

/** Fetches a federated file with a time limit; a non-2xx answer is an error, never a body to evaluate. */
export async function fetchFederatedFile(url: string, timeoutMs: number, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  return response;
}

/**
 * Loads Node containers for the shell's federation runtime. Module Federation's own Node loader has no time
 * limit and evaluates the body of a 404 as JavaScript (federation notes §6); this one fails fast and clearly.
 */
export function nodeEntryPlugin(options: NodeEntryPluginOptions): ModuleFederationRuntimePlugin {
  return {
    name: 'site-node-entry-loader',
    async fetch(url: string, init?: RequestInit) {
      const manifest = options.cachedManifest(url);
      if (manifest) {
        return new Response(JSON.stringify(manifest), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return fetchFederatedFile(url, options.timeoutMs, init);
    },
    async loadEntry({ remoteInfo }) {
      if (typeof window !== 'undefined') return undefined;
      const { entry, entryGlobalName } = remoteInfo;
      const response = await fetchFederatedFile(entry, options.timeoutMs);
      const source = await response.text();
      const url = new URL(entry);
      const scriptModule = { exports: {} as Record<string, unknown> };
      const script = new vm.Script(`(function(exports, module, require, __dirname, __filename) {${source}\n})`, {
        filename: entry,
      });
      const run = script.runInThisContext() as (...args: unknown[]) => void;
      run(scriptModule.exports, scriptModule, __non_webpack_require__, path.posix.dirname(url.pathname), path.posix.basename(url.pathname));
      const exported = scriptModule.exports as Record<string, unknown>;
      const container = (entryGlobalName && exported[entryGlobalName]) || exported;
      if (!container || typeof (container as { get?: unknown }).get !== 'function') {
        throw new Error(`${entry} did not export a federation container named "${entryGlobalName}"`);
      }
      return container as never;
    },
  };
}

declare const __non_webpack_require__: NodeRequire;
