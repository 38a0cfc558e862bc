import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { writeRemoteBuild } from '@site/test-support/remote-builds';
import { createRegistryServer } from './registry-server';
import { RegistryApi } from './client';
import { runCli } from './cli';
import { closeStore, readBuildFiles, type RegistryPaths } from './operations';
import { hashToken } from './tokens';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENGINES = ['sqlite', 'postgres'] as const;
const TOKENS = { platform: 'platform-secret', news: 'news-secret' };
let schemas = 0;

async function dropSchema(schema: string): Promise<void> {
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(schema)} CASCADE`);
  } finally {
    await client.end();
  }
}

/** Code that barely compresses (random hex), so that its gzip size grows with its length. */
function code(bytes: number): string {
  return `window.__section=${JSON.stringify(crypto.randomBytes(Math.ceil(bytes / 2)).toString('hex'))};\n`;
}

/** A built remote with one section (NewsFeed): its expose's first-load chunk and stylesheet, and a lazy chunk. */
function build(dir: string, version: string, sectionCode: string, lazyCode = code(40_000)): string {
  return writeRemoteBuild(dir, {
    version,
    sections: [{ name: 'NewsFeed', js: [`feed.${version}.js`], css: [`feed.${version}.css`], asyncJs: [`lazy.${version}.js`] }],
    // The lazy chunk loads only after the first render: not the section's first load, however big.
    files: { [`feed.${version}.js`]: sectionCode, [`feed.${version}.css`]: '.feed{color:red}', [`lazy.${version}.js`]: lazyCode },
  });
}

const gzipped = (text: string) => zlib.gzipSync(text, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe.each(ENGINES)('size budget at publish (real HTTP, state on %s)', (engine) => {
  let dir: string;
  let schema: string;
  let app: ReturnType<typeof createRegistryServer>;
  let base: string;
  const paths = (): RegistryPaths => ({
    cdnDir: path.join(dir, 'cdn'),
    stateFile: path.join(dir, 'registry', 'registry.db'),
    ...(engine === 'postgres' ? { databaseUrl: TEST_DATABASE_URL, databaseSchema: schema } : {}),
  });
  const news = () => new RegistryApi(base, TOKENS.news);

  /** `site-remotes deploy <dist> [flags]` as the news team runs it: its output, or the refusal it exits with. */
  async function deploy(args: string[]): Promise<{ output: string; error: string | null }> {
    const lines: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((...items: unknown[]) => void lines.push(items.join(' ')));
    try {
      await runCli(['--registry', base, 'deploy', ...args], { SITE_REMOTES_TOKEN: TOKENS.news, SITE_REMOTES_WAIT_MS: '0' });
      return { output: lines.join('\n'), error: null };
    } catch (error) {
      return { output: lines.join('\n'), error: (error as Error).message };
    } finally {
      log.mockRestore();
    }
  }

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-size-'));
    schema = `registry_size_${process.pid}_${++schemas}`;
    app = createRegistryServer({
      paths: paths(),
      remotesPublicUrl: 'http://cdn.example/remotes/',
      tokens: { platform: hashToken(TOKENS.platform), teams: { news: hashToken(TOKENS.news) } },
      canary: { intervalMs: 60_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await app.close();
    await closeStore(paths());
    if (engine === 'postgres') await dropSchema(schema);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("records each section's gzip first-load JS and CSS, measured from the uploaded files", async () => {
    const feed = code(30_000);
    await news().publish('news', readBuildFiles(build(dir, '1.0.0-aaaaaaaaaa', feed)));
    const { versions } = await (await fetch(`${base}/api/remotes/news`, { headers: { authorization: `Bearer ${TOKENS.news}` } })).json();
    expect(versions[0].sizes).toEqual({ NewsFeed: { js: gzipped(feed), css: gzipped('.feed{color:red}') } });
  });

  it('refuses a release growing a section past 5 KB and 10 %, naming the section and both figures; accepts it with --accept-size-growth, recorded in the audit log', async () => {
    const stable = code(20_000);
    const grown = code(32_000);
    expect((await deploy([build(dir, '1.0.0-aaaaaaaaaa', stable)])).error).toBeNull();

    const refused = await deploy([build(dir, '1.1.0-bbbbbbbbbb', grown)]);
    expect(refused.error).toContain('registry refused (409)');
    expect(refused.error).toContain(`section NewsFeed ${kb(gzipped(stable))} → ${kb(gzipped(grown))}`);
    expect(refused.error).toContain('--accept-size-growth');
    const afterRefusal = await news().list();
    expect(afterRefusal.remotes.news?.current).toBe('1.0.0-aaaaaaaaaa');
    expect(afterRefusal.remotes.news?.versions.map((item) => item.version)).toEqual(['1.0.0-aaaaaaaaaa']);
    const refusedEntry = (await news().audit('news')).entries.find((entry) => entry.action === 'publish' && entry.outcome === 'refused');
    expect(refusedEntry?.detail).toContain('section NewsFeed');

    const accepted = await deploy([build(dir, '1.1.0-bbbbbbbbbb', grown), '--accept-size-growth', 'the feed now embeds the map library']);
    expect(accepted.error).toBeNull();
    expect(accepted.output).toContain('deployed news@1.1.0-bbbbbbbbbb');
    expect((await news().list()).remotes.news?.current).toBe('1.1.0-bbbbbbbbbb');
    const acceptance = (await news().audit('news')).entries.find(
      (entry) => entry.action === 'publish' && entry.outcome === 'ok' && entry.to === '1.1.0-bbbbbbbbbb',
    );
    expect(acceptance?.actor).toBe('news');
    expect(acceptance?.detail).toContain('"the feed now embeds the map library"');
    expect(acceptance?.detail).toContain(`section NewsFeed ${kb(gzipped(stable))} → ${kb(gzipped(grown))}`);
  });

  it('lets a release through that grows a section by less than 5 KB, or by more than 5 KB but less than 10 %, or only in lazily loaded code', async () => {
    const api = news();
    const publishLive = async (version: string, section: string, lazy?: string) => {
      const { version: published } = await api.publish('news', readBuildFiles(build(dir, version, section, lazy)));
      await api.activate('news', published);
    };
    // About 105 KB of gzip code at first: 10 % of it is more than 5 KB.
    await publishLive('1.0.0-aaaaaaaaaa', code(200_000));
    await publishLive('1.0.1-aaaaaaaaaa', code(214_000)); // about +7 KB: more than 5 KB, less than 10 %
    await publishLive('1.0.2-aaaaaaaaaa', code(218_000)); // about +2 KB
    await publishLive('1.0.3-aaaaaaaaaa', code(218_000), code(400_000)); // the lazy chunk grows, not the first load
    const sizes = (await api.list()).remotes.news?.versions.map((item) => item.sizes?.NewsFeed?.js ?? 0) ?? [];
    expect(sizes[1]! - sizes[0]!).toBeGreaterThan(5 * 1024);
    expect(sizes[1]! - sizes[0]!).toBeLessThan(sizes[0]! / 10);
    const { entries } = await api.audit('news');
    expect(entries.filter((entry) => entry.action === 'publish' && entry.outcome === 'ok').map((entry) => entry.to)).toEqual([
      '1.0.3-aaaaaaaaaa',
      '1.0.2-aaaaaaaaaa',
      '1.0.1-aaaaaaaaaa',
      '1.0.0-aaaaaaaaaa',
    ]);
  });
});
