'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const send = require('@fastify/send');
const webpack = require('webpack');
const { createRemoteBuild } = require('./remote');
const { mergeRemoteManifests, readBuildManifests, readTeamContract } = require('./manifest');
const { repoRoot } = require('./paths');

const MANIFEST = 'mf-manifest.json';
/** The first path segment of every address the development server answers: the build's version. */
const VERSION_SEGMENT = /^[0-9A-Za-z.+-]{1,80}$/;
/** Manifests of the last builds, answered while a shell or a browser still asks for them. */
const KEPT_MANIFESTS = 5;

/**
 * Where a development shell looks for development builds (`DEV_REMOTES_DIR`, which `npm start` sets to
 * `<data folder>/dev-remotes`): one `<team>.json` per remote, naming its manifest on the development server.
 */
function devRemotesDir(env = process.env) {
  if (env.DEV_REMOTES_DIR) return path.resolve(env.DEV_REMOTES_DIR);
  return path.join(path.resolve(env.DATA_DIR || path.join(repoRoot, '.data')), 'dev-remotes');
}

/**
 * Serves the development output folder on loopback. Every address starts with a build's version
 * (`/<version>/mf-manifest.json`, `/<version>/server/remoteEntry.js`): each build has addresses of its own, so the
 * shell's federation runtime loads each new Node container instead of reusing the one it holds.
 */
function createDevServer(outDir, manifests, onFile) {
  return http.createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('cache-control', 'no-cache');
    const notFound = () => response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') return response.writeHead(405, { allow: 'GET, HEAD' }).end();
    const [, version = '', ...rest] = new URL(request.url ?? '/', 'http://dev.local').pathname.split('/');
    const file = rest.join('/');
    if (!VERSION_SEGMENT.test(version) || !file) return notFound();
    if (file === MANIFEST) {
      const manifest = manifests.get(version);
      if (!manifest) return notFound();
      return response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(manifest);
    }
    onFile(version, file);
    send(request, `/${file}`, { root: outDir, dotfiles: 'deny', cacheControl: false, etag: false, lastModified: false }).then(
      ({ statusCode, headers, stream }) => {
        response.writeHead(statusCode, headers);
        stream.pipe(response);
      },
      () => notFound(),
    );
  });
}

/** Writes a file whole: a reader never sees half of it. */
function writeAtomically(file, text) {
  const temporary = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

/** Formats a duration for the developer. */
const ms = (value) => `${Math.round(value).toLocaleString('en')} ms`;

/**
 * The development loop of a remote: webpack in watch mode for its browser and Node containers (development mode,
 * into `dist-dev/`), a loopback server for that folder, and after every build a registration in the development
 * shell's folder (`devRemotesDir()`), which the shell watches: it loads the new build, server render and browser
 * alike, without a restart. After each build it waits until the shell at `siteUrl` serves it and reports the time
 * from the save. Nothing here is signed or published: only a shell started for development reads the folder.
 *
 * Resolves once the first build is registered, with `close()` (which takes the registration back).
 */
async function startRemoteDev({
  team,
  rootDir = process.cwd(),
  outDir = path.join(rootDir, 'dist-dev'),
  registerDir = devRemotesDir(),
  siteUrl = process.env.SITE_URL || 'http://127.0.0.1:3000',
  port = 0,
  log = (line) => console.log(line),
}) {
  const build = createRemoteBuild({ team, rootDir, mode: 'development', distDir: outDir });
  for (const config of build.configs) {
    // Kept between runs of the loop: a restart rebuilds only what changed since the last one.
    config.cache = { type: 'filesystem', cacheDirectory: path.join(rootDir, '.federation', 'dev-cache'), buildDependencies: { preset: [`${__dirname}/`] } };
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  const { CONTRACTS_VERSION } = require('@site/contracts');
  const teamContract = readTeamContract(team, rootDir);
  const packageVersion = JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')).version;

  const manifests = new Map();
  const server = createDevServer(outDir, manifests, () => undefined);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  fs.mkdirSync(registerDir, { recursive: true });
  const registration = path.join(registerDir, `${team}.json`);

  /** When the change being built was saved (the watcher's modification time), or null for the first build. */
  let savedAt = null;
  let buildStarted = Date.now();
  let current = null;
  let generation = 0;
  let siteNoted = false;

  const waitUntilServed = async (version, since, changed, mine) => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && mine === generation) {
      try {
        const response = await fetch(`${siteUrl}/_dev/remotes`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) {
          const body = await response.json();
          if (body.remotes?.some((remote) => remote.name === team && remote.version === version)) {
            log(`${team}: ${version} served by ${siteUrl} ${ms(Date.now() - since)} after the ${changed ? 'save' : 'start'}`);
            return;
          }
        } else {
          if (!siteNoted)
            log(`${team}: ${siteUrl}/_dev/remotes answered ${response.status}: is that shell started for development (npm start, not NODE_ENV=production)?`);
          siteNoted = true;
          return;
        }
      } catch {
        if (!siteNoted) log(`${team}: no shell answers at ${siteUrl} (set SITE_URL); the build is registered for any development shell that starts`);
        siteNoted = true;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    if (mine === generation) log(`${team}: ${version} not served by ${siteUrl} after 15 s; its log says why`);
  };

  const compiler = webpack(build.configs);
  compiler.hooks.invalid.tap('site-remote-dev', (fileName, changeTime) => {
    if (savedAt !== null) return;
    buildStarted = Date.now();
    savedAt = Math.min(typeof changeTime === 'number' && changeTime > 0 ? changeTime : buildStarted, buildStarted);
    log(`${team}: ${fileName ? path.relative(rootDir, fileName) : 'a file'} changed, rebuilding…`);
  });

  let firstBuild;
  const first = new Promise((resolve, reject) => {
    firstBuild = { resolve, reject };
  });
  const watching = compiler.watch({ aggregateTimeout: 20, ignored: ['**/node_modules/**', '**/dist/**', '**/dist-dev/**'] }, (error, stats) => {
    const since = savedAt ?? buildStarted;
    const changed = savedAt !== null;
    savedAt = null;
    const errors = error
      ? [error.message]
      : stats.toJson({ all: false, errors: true }).children.flatMap((child) => (child.errors ?? []).map((e) => `${child.name}: ${e.message}`));
    if (errors.length > 0) {
      log(`${team}: build failed; the shell keeps ${current ? current.version : 'the registry version'}\n${errors.join('\n\n')}`);
      if (!current) firstBuild.reject(new Error(`${team}: the first development build failed`));
      return;
    }
    const version = `${packageVersion}-dev.${crypto.createHash('sha256').update(stats.hash).digest('hex').slice(0, 10)}`;
    if (current?.version === version) {
      log(`${team}: rebuilt in ${ms(Date.now() - buildStarted)}, output unchanged`);
      return;
    }
    const manifest = mergeRemoteManifests({
      ...readBuildManifests(outDir),
      team,
      sections: build.sections,
      version,
      contractsVersion: CONTRACTS_VERSION,
      teamContract,
    });
    manifests.set(version, JSON.stringify(manifest));
    for (const old of [...manifests.keys()].slice(0, -KEPT_MANIFESTS)) manifests.delete(old);
    current = { version, manifestUrl: `${origin}/${version}/${MANIFEST}` };
    writeAtomically(registration, `${JSON.stringify({ name: team, ...current, pid: process.pid }, null, 2)}\n`);
    log(`${team}: ${version} built in ${ms(Date.now() - buildStarted)}${changed ? `, ${ms(Date.now() - since)} after the save` : ''}`);
    generation += 1;
    void waitUntilServed(version, since, changed, generation);
    firstBuild.resolve();
  });

  const close = async () => {
    generation += 1;
    await new Promise((resolve) => watching.close(resolve));
    await new Promise((resolve) => server.close(resolve));
    // Only its own registration: another dev loop of the same remote may have taken over the file.
    try {
      if (JSON.parse(fs.readFileSync(registration, 'utf8')).manifestUrl?.startsWith(`${origin}/`)) fs.rmSync(registration, { force: true });
    } catch {
      // Already gone.
    }
  };
  try {
    await first;
  } catch (error) {
    await close();
    throw error;
  }
  log(`${team}: development build at ${origin}/, registered in ${registration}; save a file under src/ to rebuild`);
  return { origin, registration, close };
}

module.exports = { startRemoteDev };
