import crypto from 'node:crypto';
import { CONTRACTS_VERSION, type RegistryDocument } from '@site/contracts';
import { RegistryApi } from './client';
import { runCli } from './cli';
import { readBuildFiles } from './operations';
import { hashToken } from './tokens';
import { writeRemoteBuild } from '@site/test-support/remote-builds';
import { STATE_ENGINES, registryPerTest } from './testing/registry-per-test';

const TOKENS = { platform: 'platform-secret', news: 'news-secret', events: 'events-secret' };

/** A built news remote with one section, made with the given contracts version. */
function build(dir: string, version: string, contractsVersion = CONTRACTS_VERSION): string {
  return writeRemoteBuild(dir, { version, sections: ['NewsFeed'], contractsVersion });
}

describe.each(STATE_ENGINES)('previews (real HTTP, state on %s)', (engine) => {
  const registry = registryPerTest(engine, {
    remotesPublicUrl: 'http://cdn.example/remotes/',
    tokens: { platform: hashToken(TOKENS.platform), teams: { news: hashToken(TOKENS.news), events: hashToken(TOKENS.events) } },
    canary: { intervalMs: 60_000 },
  });

  const news = () => new RegistryApi(registry.base, TOKENS.news);
  const document = async (): Promise<RegistryDocument> => (await fetch(`${registry.base}/registry.json`)).json() as Promise<RegistryDocument>;

  /** `site-remotes <args>` as the news team (or another) runs it: its output, or the refusal it exits with. */
  async function cli(args: string[], token = TOKENS.news): Promise<{ output: string; error: string | null }> {
    const lines: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((...items: unknown[]) => void lines.push(items.join(' ')));
    try {
      await runCli(['--registry', registry.base, ...args], { SITE_REMOTES_TOKEN: token, SITE_REMOTES_WAIT_MS: '0', PUBLIC_ORIGIN: 'https://www.example.edu' });
      return { output: lines.join('\n'), error: null };
    } catch (error) {
      return { output: lines.join('\n'), error: (error as Error).message };
    } finally {
      log.mockRestore();
    }
  }

  beforeEach(async () => {
    expect((await cli(['deploy', build(registry.dir, '1.0.0-aaaaaaaaaa')])).error).toBeNull();
  });

  it('publishes a version as a preview without making it live, prints a secret link, and lists only its hash to the shells', async () => {
    const { output, error } = await cli(['deploy', '--preview', build(registry.dir, '1.1.0-bbbbbbbbbb')]);
    expect(error).toBeNull();
    const id = /published as preview ([a-z0-9]+), not live; until (\S+)/.exec(output)?.[1];
    const until = /until (\S+)/.exec(output)?.[1];
    const token = /open in a browser: https:\/\/www\.example\.edu\/_preview\/([A-Za-z0-9_-]{43})$/m.exec(output)?.[1];
    expect(id).toBeDefined();
    expect(token).toBeDefined();
    // A day by default.
    expect(Math.abs(Date.parse(until!) - Date.now() - 24 * 3600 * 1000)).toBeLessThan(60_000);
    expect(output).toContain(`site-remotes preview revoke ${id}`);

    const listed = await news().list();
    expect(listed.remotes.news?.current).toBe('1.0.0-aaaaaaaaaa');
    expect(listed.remotes.news?.canary).toBeNull();
    const served = await document();
    expect(served.remotes.find((remote) => remote.name === 'news')?.version).toBe('1.0.0-aaaaaaaaaa');
    expect(served.previews).toEqual([
      expect.objectContaining({
        id,
        remote: 'news',
        version: '1.1.0-bbbbbbbbbb',
        manifestUrl: 'http://cdn.example/remotes/news/1.1.0-bbbbbbbbbb/mf-manifest.json',
        tokenSha256: crypto.createHash('sha256').update(token!).digest('hex'),
        expiresAt: until,
      }),
    ]);
    expect(JSON.stringify(served)).not.toContain(token);
    const audit = (await news().audit('news')).entries.find((entry) => entry.action === 'preview');
    expect(audit).toMatchObject({ actor: 'news', to: '1.1.0-bbbbbbbbbb', outcome: 'ok' });

    const list = await cli(['preview', 'list']);
    expect(list.output).toMatch(new RegExp(`^${id}\\tnews@1\\.1\\.0-bbbbbbbbbb\\tuntil ${until!.replace(/[.]/g, '\\.')}\\tby news$`, 'm'));
  });

  it('refuses a preview of an incompatible build as a deploy is refused, and shows nothing', async () => {
    const refused = await cli(['deploy', '--preview', build(registry.dir, '2.0.0-cccccccccc', '99.0.0')]);
    expect(refused.error).toContain('registry refused (409)');
    expect(refused.error).toContain('refusing news@2.0.0-cccccccccc');
    expect((await document()).previews).toBeUndefined();
    expect((await news().previews()).previews).toEqual([]);
    expect((await news().list()).remotes.news?.versions.map((item) => item.version)).toEqual(['1.0.0-aaaaaaaaaa']);
  });

  it("is revoked by its team or the platform, never by another team, and leaves the shells' document", async () => {
    const { output } = await cli(['deploy', '--preview', build(registry.dir, '1.1.0-bbbbbbbbbb'), '--expires', '2h']);
    const id = /published as preview ([a-z0-9]+)/.exec(output)![1]!;
    expect(Date.parse((await document()).previews![0]!.expiresAt) - Date.now()).toBeGreaterThan(2 * 3600 * 1000 - 60_000);

    const foreign = await cli(['preview', 'revoke', id], TOKENS.events);
    expect(foreign.error).toContain('registry refused (403)');
    expect((await document()).previews).toHaveLength(1);

    const revoked = await cli(['preview', 'revoke', id]);
    expect(revoked.output).toContain(`preview ${id} of news@1.1.0-bbbbbbbbbb revoked`);
    expect((await document()).previews).toBeUndefined();
    const [listed] = (await new RegistryApi(registry.base, TOKENS.platform).previews()).previews;
    expect(listed).toMatchObject({ id, active: false, revokedBy: 'news' });
    expect((await cli(['preview', 'list'])).output).toContain(`${id}\tnews@1.1.0-bbbbbbbbbb\trevoked`);
    expect((await cli(['preview', 'revoke', 'ffffffffffff'])).error).toContain('registry refused (404): there is no preview ffffffffffff');
    expect((await news().audit('news')).entries.map((entry) => entry.action)).toContain('preview-revoke');
  });

  it('ends by itself when it expires, and refuses a lifetime out of range', async () => {
    const { version } = await news().publish('news', readBuildFiles(build(registry.dir, '1.1.0-bbbbbbbbbb')));
    const made = await news().preview('news', version, 1);
    expect((await document()).previews?.map((preview) => preview.id)).toEqual([made.id]);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(made.expiresAt) - Date.now() + 50));
    expect((await document()).previews).toBeUndefined();
    expect((await news().previews()).previews[0]).toMatchObject({ id: made.id, active: false });
    expect((await cli(['deploy', '--preview', build(registry.dir, '1.1.0-bbbbbbbbbb'), '--expires', 'soon'])).error).toContain('"soon" is not a duration');
    await expect(news().preview('news', version, 31 * 86_400)).rejects.toThrow('registry refused (400): ttlSeconds must be an integer from 1 to 2592000');
  });
});
