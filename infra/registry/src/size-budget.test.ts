import zlib from 'node:zlib';
import { incompressibleCode, writeRemoteBuild } from '@site/test-support/remote-builds';
import { RegistryApi } from './client';
import { runCli } from './cli';
import { readBuildFiles } from './operations';
import { hashToken } from './tokens';
import { STATE_ENGINES, registryPerTest } from './testing/registry-per-test';

const TOKENS = { platform: 'platform-secret', news: 'news-secret' };

/** A built remote with one section (NewsFeed): its expose's first-load chunk and stylesheet, and a lazy chunk. */
function build(dir: string, version: string, sectionCode: string, lazyCode = incompressibleCode(40_000)): string {
  return writeRemoteBuild(dir, {
    version,
    sections: [{ name: 'NewsFeed', js: [`feed.${version}.js`], css: [`feed.${version}.css`], asyncJs: [`lazy.${version}.js`] }],
    // The lazy chunk loads only after the first render: not the section's first load, however big.
    files: { [`feed.${version}.js`]: sectionCode, [`feed.${version}.css`]: '.feed{color:red}', [`lazy.${version}.js`]: lazyCode },
  });
}

const gzipped = (text: string) => zlib.gzipSync(text, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe.each(STATE_ENGINES)('size budget at publish (real HTTP, state on %s)', (engine) => {
  const registry = registryPerTest(engine, {
    remotesPublicUrl: 'http://cdn.example/remotes/',
    tokens: { platform: hashToken(TOKENS.platform), teams: { news: hashToken(TOKENS.news) } },
    canary: { intervalMs: 60_000 },
  });

  const news = () => new RegistryApi(registry.base, TOKENS.news);

  /** `site-remotes deploy <dist> [flags]` as the news team runs it: its output, or the refusal it exits with. */
  async function deploy(args: string[]): Promise<{ output: string; error: string | null }> {
    const lines: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((...items: unknown[]) => void lines.push(items.join(' ')));
    try {
      await runCli(['--registry', registry.base, 'deploy', ...args], { SITE_REMOTES_TOKEN: TOKENS.news, SITE_REMOTES_WAIT_MS: '0' });
      return { output: lines.join('\n'), error: null };
    } catch (error) {
      return { output: lines.join('\n'), error: (error as Error).message };
    } finally {
      log.mockRestore();
    }
  }

  it("records each section's gzip first-load JS and CSS, measured from the uploaded files", async () => {
    const feed = incompressibleCode(30_000);
    await news().publish('news', readBuildFiles(build(registry.dir, '1.0.0-aaaaaaaaaa', feed)));
    const { versions } = await (await fetch(`${registry.base}/api/remotes/news`, { headers: { authorization: `Bearer ${TOKENS.news}` } })).json();
    expect(versions[0].sizes).toEqual({ NewsFeed: { js: gzipped(feed), css: gzipped('.feed{color:red}') } });
  });

  it('refuses a release growing a section past 5 KB and 10 %, naming the section and both figures; accepts it with --accept-size-growth, recorded in the audit log', async () => {
    const stable = incompressibleCode(20_000);
    const grown = incompressibleCode(32_000);
    expect((await deploy([build(registry.dir, '1.0.0-aaaaaaaaaa', stable)])).error).toBeNull();

    const refused = await deploy([build(registry.dir, '1.1.0-bbbbbbbbbb', grown)]);
    expect(refused.error).toContain('registry refused (409)');
    expect(refused.error).toContain(`section NewsFeed ${kb(gzipped(stable))} → ${kb(gzipped(grown))}`);
    expect(refused.error).toContain('--accept-size-growth');
    const afterRefusal = await news().list();
    expect(afterRefusal.remotes.news?.current).toBe('1.0.0-aaaaaaaaaa');
    expect(afterRefusal.remotes.news?.versions.map((item) => item.version)).toEqual(['1.0.0-aaaaaaaaaa']);
    const refusedEntry = (await news().audit('news')).entries.find((entry) => entry.action === 'publish' && entry.outcome === 'refused');
    expect(refusedEntry?.detail).toContain('section NewsFeed');

    const accepted = await deploy([build(registry.dir, '1.1.0-bbbbbbbbbb', grown), '--accept-size-growth', 'the feed now embeds the map library']);
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
      const { version: published } = await api.publish('news', readBuildFiles(build(registry.dir, version, section, lazy)));
      await api.activate('news', published);
    };
    // About 105 KB of gzip code at first: 10 % of it is more than 5 KB.
    await publishLive('1.0.0-aaaaaaaaaa', incompressibleCode(200_000));
    await publishLive('1.0.1-aaaaaaaaaa', incompressibleCode(214_000)); // about +7 KB: more than 5 KB, less than 10 %
    await publishLive('1.0.2-aaaaaaaaaa', incompressibleCode(218_000)); // about +2 KB
    await publishLive('1.0.3-aaaaaaaaaa', incompressibleCode(218_000), incompressibleCode(400_000)); // the lazy chunk grows, not the first load
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
