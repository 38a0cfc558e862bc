import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement, type FunctionComponent } from 'react';
import { init } from '@module-federation/enhanced/runtime';
import * as coreContracts from '@site/contracts';
import { CONTRACTS_VERSION, type RemoteManifest, type SectionModule } from '@site/contracts';
import { NEWS_CONTRACT } from '@site/contracts/news';
import { createRegistryServer, createStaticHost, deployBuild } from '@site/registry';
import { RemoteStats } from '../platform/remote-stats';
import { RegistryClient } from './registry-client';
import { ServerFederation } from './server-federation';
import { listen } from '../testing/remote-builds';

/** The news team's next minor contract version: what the test's change of the team's shapes is published as. */
const BUMPED = NEWS_CONTRACT.version.replace(/^(\d+)\.(\d+)\.\d+$/, (_, major: string, minor: string) => `${major}.${Number(minor) + 1}.0`);

const repoRoot = path.resolve(__dirname, '../../..');
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

// The shell's own core contracts, provided to remotes as the federation singleton, as the built shell does; nothing
// else is shared here, so a remote that requested its team's entry from the shared scope would fail to load.
(globalThis as { __non_webpack_require__?: NodeRequire }).__non_webpack_require__ = require;
const contractsPackageVersion = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared-contracts/package.json'), 'utf8')) as { version: string }).version;
init({
  name: 'shell_team_contract_test',
  remotes: [],
  shared: {
    '@site/contracts': {
      version: contractsPackageVersion,
      lib: () => coreContracts,
      shareConfig: { singleton: true, requiredVersion: `^${contractsPackageVersion}` },
    },
  },
});

/** A section of the news team that reads the optional field its team contract gained. */
const SECTION = `import { parseContract } from '@site/contracts';
import { NEWS_CONTRACT, NewsItemSchema, type NewsItem } from '@site/contracts/news';

type Item = NewsItem & { readingMinutes?: number };

export async function load(_context: unknown, descriptor: { props: { item?: unknown } }): Promise<Item> {
  return parseContract('news item', NewsItemSchema, descriptor.props.item) as Item;
}

export default function NewsReadingTime({ data }: { data: Item }) {
  return \`\${data.title}: \${data.readingMinutes ?? '?'} min (news contract \${NEWS_CONTRACT.version})\`;
}
`;

const item = { id: 1, title: 'Open day', link: '/news/1', date: '2026-11-23', type: 'News', isFeatured: false, featureSort: 'NotSet' };

describe("a team's own data contract", () => {
  let dir: string;
  let remoteDir: string;
  let manifest: RemoteManifest;
  let staticHost: FastifyInstance;
  let registry: FastifyInstance;
  let client: RegistryClient;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'team-contract-'));
    // The news team's copy of the contracts package: one optional field added to a news item, a minor version of
    // its own contract; the core (and so CONTRACTS_VERSION) is untouched.
    const contractsCopy = path.join(dir, 'node_modules/@site/contracts');
    fs.cpSync(path.join(repoRoot, 'shared-contracts/src'), path.join(contractsCopy, 'src'), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, 'shared-contracts/package.json'), path.join(contractsCopy, 'package.json'));
    const shapes = path.join(contractsCopy, 'src/news/news.ts');
    const original = fs.readFileSync(shapes, 'utf8');
    const changed = original.replace(
      '  lead: Type.Optional(Type.String()),\n',
      '  lead: Type.Optional(Type.String()),\n  readingMinutes: Type.Optional(Type.Integer({ minimum: 1 })),\n',
    );
    expect(changed).not.toBe(original);
    fs.writeFileSync(shapes, changed);
    fs.writeFileSync(path.join(contractsCopy, 'src/news/contract.json'), JSON.stringify({ team: 'news', version: BUMPED }));
    // The package's build then writes its browser build (the `browser` export condition) from the changed sources.
    fs.symlinkSync(path.join(repoRoot, 'node_modules/@sinclair'), path.join(dir, 'node_modules/@sinclair'));
    const { compileCheckers } = jest.requireActual<{
      compileCheckers(options: { srcDir: string; outDir: string; load(module: string): Record<string, unknown> }): unknown;
    }>(path.join(repoRoot, 'shared-contracts/scripts/compile-checkers.js'));
    compileCheckers({
      srcDir: path.join(contractsCopy, 'src'),
      outDir: path.join(contractsCopy, 'generated/browser'),
      load: (module) => jest.requireActual<Record<string, unknown>>(path.join(contractsCopy, 'src', module)),
    });

    // A news remote with one section, rebuilt with the team's build command and nothing else.
    remoteDir = path.join(dir, 'news');
    fs.mkdirSync(path.join(remoteDir, 'src/sections/NewsReadingTime'), { recursive: true });
    fs.mkdirSync(path.join(remoteDir, 'src/messages'), { recursive: true });
    fs.writeFileSync(path.join(remoteDir, 'package.json'), JSON.stringify({ name: '@site/remote-news-probe', version: '1.0.0', private: true }));
    fs.writeFileSync(path.join(remoteDir, 'remote.config.js'), "module.exports = { team: 'news' };\n");
    for (const locale of ['ru', 'en']) fs.writeFileSync(path.join(remoteDir, `src/messages/${locale}.json`), '{}');
    fs.writeFileSync(path.join(remoteDir, 'src/sections/NewsReadingTime/index.tsx'), SECTION);
    execFileSync(process.execPath, [path.join(repoRoot, 'infra/build-preset/bin/build-remote.js')], { cwd: remoteDir, stdio: 'pipe' });
    manifest = JSON.parse(fs.readFileSync(path.join(remoteDir, 'dist/mf-manifest.json'), 'utf8')) as RemoteManifest;

    const paths = { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') };
    staticHost = createStaticHost({ cdnDir: paths.cdnDir });
    const staticUrl = await listen(staticHost);
    registry = createRegistryServer({ paths, remotesPublicUrl: `${staticUrl}/remotes/`, tokens: { teams: {}, platform: null } });
    const registryUrl = await listen(registry);
    // The registry's gate checks the core contracts version only; the team's minor version does not stop the deploy.
    await deployBuild(paths, path.join(remoteDir, 'dist'));
    client = new RegistryClient({ registryUrl: `${registryUrl}/registry.json`, pollIntervalMs: 60_000, requestTimeoutMs: 2000, log: quiet });
  }, 180_000);

  afterAll(async () => {
    client?.stop();
    await registry?.close();
    await staticHost?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is recorded in the manifest with its own version beside the unchanged core contracts version', () => {
    expect(manifest.site.contractsVersion).toBe(CONTRACTS_VERSION);
    expect(manifest.site.teamContract).toEqual({ entry: '@site/contracts/news', version: BUMPED });
    expect(NEWS_CONTRACT.version).not.toBe(BUMPED);
  });

  it('is built into the remote: the browser bundle carries the new field and the shared scope requests only the core', () => {
    const shared = (manifest as unknown as { shared: Array<{ name: string }> }).shared.map((entry) => entry.name);
    expect(shared).toContain('@site/contracts');
    expect(shared.filter((name) => name.startsWith('@site/contracts/'))).toEqual([]);
    const browserJs = fs
      .readdirSync(path.join(remoteDir, 'dist'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => fs.readFileSync(path.join(remoteDir, 'dist', name), 'utf8'));
    expect(browserJs.some((code) => code.includes('readingMinutes'))).toBe(true);
  });

  it('renders the new optional field in a shell whose core contracts were not rebuilt, validated by the remote', async () => {
    const federation = new ServerFederation(client, new RemoteStats(), {
      loadTimeoutMs: 10_000,
      entryTimeoutMs: 10_000,
      breakerFailureThreshold: 3,
      breakerCooldownMs: 10_000,
      retryNewVersionAfterMs: 0,
      log: quiet,
    });
    await federation.start();
    const resolved = await federation.resolveSection(client.current, 'NewsReadingTime');
    if (!resolved.ok) throw new Error(resolved.message);
    const module = resolved.module as SectionModule<FunctionComponent<{ data: unknown }>>;
    const descriptor = (props: Record<string, unknown>) => ({ id: 'reading', name: 'NewsReadingTime', props });

    const data = await module.load!({} as never, descriptor({ item: { ...item, readingMinutes: 7 } }));
    expect(renderToStaticMarkup(createElement(module.default, { data }))).toBe(`Open day: 7 min (news contract ${BUMPED})`);
    // The remote's own schema checks the field (the shell's copy of the news shapes has no such field).
    await expect(module.load!({} as never, descriptor({ item: { ...item, readingMinutes: 0 } }))).rejects.toThrow(/readingMinutes/);
    // Data without the optional field still renders.
    const older = await module.load!({} as never, descriptor({ item }));
    expect(renderToStaticMarkup(createElement(module.default, { data: older }))).toBe(`Open day: ? min (news contract ${BUMPED})`);
  }, 60_000);
});
