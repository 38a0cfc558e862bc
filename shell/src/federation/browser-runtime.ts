import * as runtimeCore from '@module-federation/runtime/core';
import { init, loadRemote, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import shared from 'virtual:site-browser-shared';

/**
 * The browser's Module Federation runtime: a chunk of its own, which the shell loads with the first remote section a
 * page needs (see BrowserFederation), so that pages whose sections are all static server HTML never download it.
 * The shell's browser build has no federation plugin (build-preset's shell.js): this module does what the plugin's
 * generated host code did, with React and the other shared singletons taken from the shell's own bundle.
 */

interface RuntimeGlobal {
  _FEDERATION_RUNTIME_CORE?: unknown;
  _FEDERATION_RUNTIME_CORE_FROM?: { name: string; version: string };
}

/**
 * Remotes are built with `externalRuntime` (build-preset's remote.js): their entries take the runtime's core from
 * this global instead of carrying a copy, as @module-federation/inject-external-runtime-core-plugin sets it up.
 */
function provideRuntimeToRemotes(name: string, version: string): void {
  const global = runtimeCore.Global as unknown as RuntimeGlobal;
  global._FEDERATION_RUNTIME_CORE = runtimeCore;
  global._FEDERATION_RUNTIME_CORE_FROM = { name, version };
}

/**
 * Creates the shell's federation host: the given remotes, the runtime plugins (integrity), and the shell's shared
 * modules, already loaded, so that under the loaded-first strategy every remote takes the shell's React, never its own.
 */
export function startFederation({ plugins, remotes }: { plugins: ModuleFederationRuntimePlugin[]; remotes: Array<{ name: string; entry: string }> }): void {
  const name = 'shell';
  const host = init({ name, remotes, shared, plugins, shareStrategy: 'loaded-first' });
  // Before any remote entry runs (they load after this returns), with the version of the runtime actually bundled.
  provideRuntimeToRemotes(name, host.version);
}

export { loadRemote };
