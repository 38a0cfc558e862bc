import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CONTRACTS_VERSION, type RemoteManifest } from '@site/contracts';

/** An exposed section of a remote build, with the files its first load takes and those it loads later. */
export interface BuildSection {
  name: string;
  js?: string[];
  css?: string[];
  asyncJs?: string[];
}

/** A shared module as a remote build's manifest declares it. */
export interface BuildShared {
  name: string;
  version: string;
  requiredVersion: string;
}

export interface RemoteBuildOptions {
  team?: string;
  version: string;
  /** Section names, or sections with their files (the files themselves go in `files`). */
  sections?: ReadonlyArray<string | BuildSection>;
  contractsVersion?: string;
  shared?: BuildShared[];
  builtAt?: string;
  /** More files of the build, or other contents for its entries (`remoteEntry.js`, `server/remoteEntry.js`). */
  files?: Record<string, string | Buffer>;
}

/** A remote build's `mf-manifest.json` in the shape the build preset writes, the site's own part included. */
export function remoteBuildManifest({
  team = 'news',
  version,
  sections = [],
  contractsVersion = CONTRACTS_VERSION,
  shared = [],
  builtAt = 'now',
}: RemoteBuildOptions): RemoteManifest {
  const exposed = sections.map((section): BuildSection => (typeof section === 'string' ? { name: section } : section));
  // Also what the contracts' type leaves out but the build preset writes (shared modules, build info).
  const manifest = {
    id: team,
    name: team,
    metaData: {
      name: team,
      globalName: team,
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' },
      buildInfo: { buildVersion: version, buildName: team },
      types: { path: '', name: '', zip: '', api: '' },
      prefetchInterface: false,
    },
    shared,
    remotes: [],
    exposes: exposed.map(({ name, js = [], css = [], asyncJs = [] }) => ({
      id: `${team}:${name}`,
      name,
      path: `./${name}`,
      assets: { js: { sync: js, async: asyncJs }, css: { sync: css, async: [] } },
    })),
    site: { team, version, contractsVersion, builtAt, sections: exposed.map(({ name }) => ({ name, expose: `./${name}` })) },
  };
  return manifest;
}

/**
 * The files of a remote build as a publish takes them (path → bytes): its manifest, its browser entry and its
 * server container (stand-ins unless `files` gives them), and any other files.
 */
export function remoteBuildFiles(options: RemoteBuildOptions): Map<string, Buffer> {
  const { team = 'news', version } = options;
  const files = new Map<string, Buffer>([
    ['mf-manifest.json', Buffer.from(JSON.stringify(remoteBuildManifest(options)))],
    ['remoteEntry.js', Buffer.from(`// browser ${version}`)],
    ['server/remoteEntry.js', Buffer.from(`// ${team} ${version}`)],
  ]);
  for (const [name, content] of Object.entries(options.files ?? {})) files.set(name, Buffer.from(content));
  return files;
}

/** Writes a build's files into `<dir>/builds/<team>-<version>`, as the build runner leaves a build folder, and gives its path. */
export function writeRemoteBuild(dir: string, options: RemoteBuildOptions): string {
  const folder = path.join(dir, 'builds', `${options.team ?? 'news'}-${options.version}`);
  for (const [name, content] of remoteBuildFiles(options)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), content);
  }
  return folder;
}

/** Code that barely compresses (random hex), so that its gzip size grows with its length. */
export function incompressibleCode(bytes: number): string {
  return `window.__section=${JSON.stringify(crypto.randomBytes(Math.ceil(bytes / 2)).toString('hex'))};\n`;
}
