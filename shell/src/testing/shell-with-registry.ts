import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { init as initFederation } from '@module-federation/enhanced/runtime';
import { configFromEnv, createContentApi, type ContentApi } from '@site/content-api';
import { createRegistryServer, createStaticHost, deployBuild } from '@site/registry';
import { createShellServer, type ShellServer } from '../server/app';
import { readConfig } from '../server/config';
import { trackStart } from './left-behind';
import { remoteBuildManifest } from '@site/test-support/remote-builds';
import { listen } from './remote-builds';

export interface SectionBuild {
  team: string;
  version: string;
  /** The one section the remote exposes. */
  section: string;
  /** The Node container's source; by default one that renders nothing. */
  serverEntry?: string;
  /** Browser files: the remote's entry and the section's own script (listed as the section's script asset). */
  browser?: { entry: string; sectionScript: string };
}

/** A server the fixture started: a Fastify instance, or a service holding one as `app`. */
interface Closable {
  close(): Promise<unknown>;
  server?: Server;
  app?: { server: Server };
}

/** How long a part may take to close before its connections are cut, and then again before the fixture moves on. */
const CLOSE_GRACE_MS = 3_000;

const late = (ms: number) => new Promise<'late'>((resolve) => setTimeout(resolve, ms, 'late').unref());

/**
 * Closes one part within a bounded time. A server's close waits for its open connections; on a loaded CI machine one
 * close once outlasted the suite's 30 s hook (every test had passed), so connections still open after the grace
 * period are cut; a part that still does not finish is left to jest's exit.
 */
async function closeWithin(part: Closable): Promise<void> {
  const closing = part.close().then(() => 'closed' as const);
  if ((await Promise.race([closing, late(CLOSE_GRACE_MS)])) === 'closed') return;
  (part.server ?? part.app?.server)?.closeAllConnections();
  if ((await Promise.race([closing, late(CLOSE_GRACE_MS)])) === 'late') console.warn('a test server did not close after its connections were cut');
}

/** A remote build folder with one section: a manifest in the shape the build preset writes and a Node container. */
export function sectionBuild(dir: string, build: SectionBuild): string {
  const { team, version, section } = build;
  const dist = path.join(dir, `${team}-${version}`);
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  const scripts = build.browser ? [`${section}.js`] : [];
  if (build.browser) {
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), build.browser.entry);
    fs.writeFileSync(path.join(dist, `${section}.js`), build.browser.sectionScript);
  }
  fs.writeFileSync(
    path.join(dist, 'server', 'remoteEntry.js'),
    build.serverEntry ??
      `var modules = { "./${section}": { default: function ${section}() { return null; }, meta: { name: "${section}" } } };\nmodule.exports = { get: function (id) { return Promise.resolve(function () { return modules[id]; }); }, init: function () {} };\n`,
  );
  const manifest = remoteBuildManifest({ team, version, sections: [{ name: section, js: scripts }] });
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  return dist;
}

type RegistryOptions = Parameters<typeof createRegistryServer>[0];
type RegistryPaths = RegistryOptions['paths'];

export interface ShellWithRegistryOptions {
  /** Names the temporary folder. */
  name: string;
  adminToken: string;
  /** A page of the content API showing the build's section, and the build deployed before the shell starts. */
  page: { slug: string; title: string; componentId?: string };
  build: SectionBuild;
  /** The registry's settings besides its paths and public URL (no team or platform token by default). */
  registry?: Partial<Omit<RegistryOptions, 'paths' | 'remotesPublicUrl'>>;
  /** The shell's asset list (`shell-assets.json`). */
  shellAssets?: { js: string[]; css: string[]; federation?: string[]; sanitizer?: string[] };
  /** Shell settings over the defaults below (as environment variables, through the config module). */
  env: Record<string, string>;
  /** Runs once the build is deployed, before the shell starts (e.g. a canary published and activated). */
  beforeShell?: (setup: { dir: string; paths: RegistryPaths }) => Promise<void>;
}

export interface ShellWithRegistry {
  /** The temporary folder (remote builds may be written there). */
  dir: string;
  paths: RegistryPaths;
  contentApi: ContentApi;
  registry: ReturnType<typeof createRegistryServer>;
  shell: ShellServer;
  close(): Promise<void>;
}

/**
 * An in-process shell in front of a real content API (SQLite) holding one page, and of a real registry (its SQLite
 * state) and static host over HTTP with one remote build deployed: what the shell's delivery and canary tests need.
 */
export function startShellWithRegistry(options: ShellWithRegistryOptions): Promise<ShellWithRegistry> {
  return trackStart(launchShellWithRegistry(options));
}

async function launchShellWithRegistry(options: ShellWithRegistryOptions): Promise<ShellWithRegistry> {
  // The shell's webpack build creates the federation host; in-process the test does.
  initFederation({ name: 'shell', remotes: [] });
  // The Node loader evaluates containers the way the built shell does, with Node's require at hand.
  (globalThis as { __non_webpack_require__?: NodeRequire }).__non_webpack_require__ = require;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.name}-`));
  const paths = { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') };
  const browserDir = path.join(dir, 'browser');
  fs.mkdirSync(browserDir);
  fs.writeFileSync(path.join(browserDir, 'shell-assets.json'), JSON.stringify(options.shellAssets ?? { js: ['shell.js'], css: [] }));
  const started: Closable[] = [];
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      for (const part of started.reverse()) await closeWithin(part);
      fs.rmSync(dir, { recursive: true, force: true });
    })());
  try {
    const base = configFromEnv({});
    const contentApi = await createContentApi({
      ...base,
      host: '127.0.0.1',
      port: 0,
      dataDir: path.join(dir, 'api'),
      databaseUrl: undefined,
      adminToken: options.adminToken,
      captcha: { ...base.captcha, enabled: false },
      logger: false,
    });
    started.push(contentApi);
    const apiUrl = await listen(contentApi.app);
    const { slug, title, componentId = options.build.team } = options.page;
    const saved = await fetch(`${apiUrl}/admin/ru/pages/${slug}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.adminToken}` },
      body: JSON.stringify({ slug, title, components: [{ id: componentId, name: options.build.section, props: {} }] }),
    });
    if (saved.status >= 300) throw new Error(`the content API did not save the page: ${saved.status} ${await saved.text()}`);
    const staticHost: FastifyInstance = createStaticHost({ cdnDir: paths.cdnDir });
    started.push(staticHost);
    const staticUrl = await listen(staticHost);
    const registry = createRegistryServer({
      tokens: { teams: {}, platform: null },
      ...options.registry,
      paths,
      remotesPublicUrl: `${staticUrl}/remotes/`,
    });
    started.push(registry);
    const registryUrl = await listen(registry);
    await deployBuild(paths, sectionBuild(dir, options.build));
    await options.beforeShell?.({ dir, paths });
    const config = readConfig({ CONTENT_API_URL: apiUrl, REGISTRY_URL: `${registryUrl}/registry.json`, LOG_LEVEL: 'silent', ...options.env }, browserDir);
    const shell = await createShellServer({ ...config, browserDistDir: browserDir });
    started.push(shell);
    return { dir, paths, contentApi, registry, shell, close };
  } catch (error) {
    await close();
    throw error;
  }
}
