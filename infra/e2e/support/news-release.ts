import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { OwnPlatform } from './own-platform';
import { copyDir, repoRoot } from './platform-control';

// Releases of the news remote as its team makes them (a build with an extra section, deployed with the
// `site-remotes` CLI), and visitors pinned to a canary bucket: the lifecycle specs on a platform of their own.

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildRemote } = require(path.join(repoRoot, 'infra/build-preset/src/index.js')) as {
  buildRemote(options: { team: string; rootDir: string; cacheDirectory?: string }): Promise<{ manifest: { site: { version: string } } }>;
};

const CLI = path.join(repoRoot, 'infra/registry/bin/site-remotes.js');

/**
 * Where the news releases of the run are built, one folder (with its webpack cache) per Playwright worker slot, so
 * that no two builds share one: webpack's filesystem cache knows modules by absolute path, so the second build in
 * the same folder redoes only what its sections change (measured: three releases 67.5 s of CPU one folder each
 * without a cache, 41.6 s here). The global setup removes the folders: each run builds from scratch, and the output
 * is the same as without a cache. Each release's `dist/` is copied out of the folder.
 */
const NEWS_BUILDS_DIR = path.join(repoRoot, 'test-results', 'e2e-news-builds');

export interface NewsRelease {
  dist: string;
  version: string;
}

/**
 * A news build with extra section folders from the fixtures, its `dist/` copied to `workDir`: a release the news
 * team could make (the news sources as they are, plus these sections).
 */
export async function newsBuildWith(workDir: string, ...sections: string[]): Promise<NewsRelease> {
  // Playwright's slot of this worker: tests in one slot run one after another.
  const slot = path.join(NEWS_BUILDS_DIR, `worker-${process.env.TEST_PARALLEL_INDEX ?? '0'}`);
  const folder = path.join(slot, 'news');
  fs.rmSync(path.join(folder, 'src/sections'), { recursive: true, force: true });
  copyDir(path.join(repoRoot, 'remotes/news'), folder, (name) => ['dist', '.federation', 'node_modules'].includes(name));
  for (const section of sections) {
    copyDir(path.join(__dirname, '../fixtures/sections', section), path.join(folder, 'src/sections', section));
  }
  const { manifest } = await buildRemote({ team: 'news', rootDir: folder, cacheDirectory: path.join(slot, 'cache') });
  const dist = path.join(workDir, `news-${sections.join('-')}`);
  copyDir(path.join(folder, 'dist'), dist);
  return { dist, version: manifest.site.version };
}

interface CliRun {
  code: number | null;
  output: string;
}

interface SiteRemotesRun {
  /** The exit code and the whole output, once the CLI ends. */
  done: Promise<CliRun>;
  /** Ends the CLI if it still runs (a deploy waiting for the registry's verdict). */
  stop(): void;
}

/**
 * `site-remotes <args>` as a team runs it against the platform's registry with `token`; `onOutput` sees the output
 * so far after each chunk. `env` adds to the CLI's environment.
 */
export function siteRemotes(
  platform: OwnPlatform,
  token: string,
  args: string[],
  options: { env?: Record<string, string>; onOutput?: (output: string) => void } = {},
): SiteRemotesRun {
  const child = spawn(process.execPath, [CLI, ...args, '--registry', platform.registry], {
    env: { ...process.env, ...options.env, SITE_REMOTES_TOKEN: token },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    options.onOutput?.(output);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const done = new Promise<CliRun>((resolve) => child.on('exit', (code) => resolve({ code, output })));
  return { done, stop: () => child.exitCode === null && child.signalCode === null && child.kill('SIGTERM') };
}

interface CanaryDeploy extends SiteRemotesRun {
  /** The CLI's output once it says the canary is live in the registry; rejects with its output if it ends before. */
  started: Promise<string>;
}

/** `site-remotes deploy <dist> --canary <percent>` as the news team runs it: it waits for the registry's verdict. */
export function deployCanary(platform: OwnPlatform, token: string, dist: string, percent: number, env: Record<string, string> = {}): CanaryDeploy {
  const LIVE = 'is a canary for';
  let live: (output: string) => void = () => undefined;
  const announced = new Promise<string>((resolve) => (live = resolve));
  const run = siteRemotes(platform, token, ['deploy', dist, '--canary', String(percent)], {
    env,
    onOutput: (output) => output.includes(LIVE) && live(output),
  });
  const ended = run.done.then(({ code, output }) => {
    if (output.includes(LIVE)) return output;
    throw new Error(`site-remotes deploy --canary ended (exit ${code}) before the canary was live:\n${output}`);
  });
  const started = Promise.race([announced, ended]);
  started.catch(() => undefined);
  return { ...run, started };
}

/** A visitor with a cookie jar, as a browser keeps one; `bucket` pins them to the canary or not, as the shell's cookie does. */
export async function bucketVisitor(site: string, bucket?: number): Promise<APIRequestContext> {
  const { hostname } = new URL(site);
  const cookies =
    bucket === undefined
      ? []
      : [{ name: 'site_bucket', value: String(bucket), domain: hostname, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' as const }];
  return playwrightRequest.newContext({ baseURL: site, storageState: { cookies, origins: [] } });
}

/** The status and the remote version a section's wrapper carries in a page's markup, or null when it is not there. */
export function sectionVersion(html: string, section: string): { status: string; version?: string } | null {
  const match = new RegExp(
    `<div data-section="${section}" data-section-id="[^"]*" data-section-status="([a-z]+)"(?: data-remote="[^"]*")?(?: data-remote-version="([^"]*)")?`,
  ).exec(html);
  return match ? { status: match[1]!, version: match[2] } : null;
}

/** The version of the news remote that rendered the page at `path` for this visitor. */
export async function newsVersionSeenBy(context: APIRequestContext, pagePath: string): Promise<string | undefined> {
  const response = await context.get(pagePath);
  if (response.status() !== 200) throw new Error(`${pagePath} answered ${response.status()}`);
  return sectionVersion(await response.text(), 'NewsLatest')?.version;
}

/** Creates or replaces a page of the platform's content API with its admin token. */
export async function putOwnPage(
  platform: OwnPlatform,
  adminToken: string,
  page: { slug: string; title: string; components: Array<{ id: string; name: string; props: Record<string, unknown> }> },
): Promise<void> {
  const response = await fetch(`${platform.api}/admin/ru/pages/${page.slug}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(page),
  });
  if (!response.ok) throw new Error(`could not save page ${page.slug}: ${response.status} ${await response.text()}`);
}

/** The version of the news remote the platform's shell serves to everyone. */
export async function liveNewsVersion(platform: OwnPlatform, dashboardToken: string): Promise<string> {
  const response = await fetch(`${platform.site}/_platform/remotes.json`, { headers: { authorization: `Bearer ${dashboardToken}` } });
  return ((await response.json()) as { remotes: Array<{ name: string; version: string }> }).remotes.find((remote) => remote.name === 'news')!.version;
}
