import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { remoteBuildFiles } from '@site/test-support/remote-builds';
import { readRegistryConfig, readStaticHostConfig } from './config';
import { createRegistryServer } from './registry-server';
import { createStaticHost } from './static-host';
import { RegistryApi } from './client';
import { closeStore } from './operations';
import { publishFolderAtomically } from './publish-folder';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PLATFORM_TOKEN = 'shared-storage-platform';

function buildFiles(team: string, version: string): Map<string, Buffer> {
  return remoteBuildFiles({ team, version, files: { 'remoteEntry.js': `// browser ${version} ${'x'.repeat(64 * 1024)}` } });
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('a fleet of registries and remote hosts, each with its own data folder and one shared folder', () => {
  let root: string;
  const schema = `registry_shared_${process.pid}`;
  const apps: FastifyInstance[] = [];
  const envOf = (name: string) => ({
    DATA_DIR: path.join(root, name),
    SHARED_DATA_DIR: path.join(root, 'shared'),
    REGISTRY_DATABASE_URL: TEST_DATABASE_URL,
    REGISTRY_DATABASE_SCHEMA: schema,
    OPERATOR_TOKEN: PLATFORM_TOKEN,
    FLEET_TOKEN: 'shared-storage-fleet-token',
    REMOTES_PUBLIC_URL: 'http://cdn.example/remotes/',
  });

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-storage-'));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await closeStore(readRegistryConfig(envOf('registry-a')).paths);
    const client = new Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(schema)} CASCADE`);
    await client.end();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('a build published through one registry is live on the other and served whole by every remote host', async () => {
    const registries: string[] = [];
    for (const name of ['registry-a', 'registry-b']) {
      const config = readRegistryConfig(envOf(name));
      const app = createRegistryServer({
        paths: config.paths,
        remotesPublicUrl: config.remotesPublicUrl,
        tokens: config.tokens,
        canary: { intervalMs: 60_000 },
      });
      apps.push(app);
      registries.push(await listen(app));
    }
    const hosts: string[] = [];
    for (const name of ['host-a', 'host-b']) {
      const app = createStaticHost({ cdnDir: readStaticHostConfig(envOf(name)).cdnDir });
      apps.push(app);
      hosts.push(await listen(app));
    }

    const files = buildFiles('news', '3.0.0-sharedaaaa');
    const api = new RegistryApi(registries[0]!, PLATFORM_TOKEN);
    const published = await api.publish('news', files);
    await api.activate('news', published.version);

    const document = (await (await fetch(`${registries[1]}/registry.json`)).json()) as {
      remotes: Array<{ name: string; version: string; manifestUrl: string }>;
    };
    expect(document.remotes.find((remote) => remote.name === 'news')).toMatchObject({
      version: '3.0.0-sharedaaaa',
      manifestUrl: 'http://cdn.example/remotes/news/3.0.0-sharedaaaa/mf-manifest.json',
    });
    for (const host of hosts) {
      for (const [name, body] of files) {
        const response = await fetch(`${host}/remotes/news/3.0.0-sharedaaaa/${name}`);
        expect({ host, name, status: response.status }).toEqual({ host, name, status: 200 });
        expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
      }
    }
    // Nothing another replica must read went to a private folder.
    for (const name of ['registry-a', 'registry-b', 'host-a', 'host-b']) expect(fs.existsSync(path.join(root, name, 'cdn'))).toBe(false);
  });
});

describe('publishing a version folder', () => {
  let root: string;
  let host: FastifyInstance;
  let base: string;

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-folder-'));
    host = createStaticHost({ cdnDir: root });
    base = await listen(host);
  });

  afterEach(async () => {
    await host.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('leaves the whole folder and nothing else, replacing a folder left behind by an unfinished publish', async () => {
    const target = path.join(root, 'events', '1.0.0-aaaaaaaaaa');
    fs.mkdirSync(path.join(target, 'server'), { recursive: true });
    fs.writeFileSync(path.join(target, 'server', 'remoteEntry.js'), '// half');
    fs.writeFileSync(path.join(target, 'stale.js'), '// from before');
    const files = buildFiles('events', '1.0.0-aaaaaaaaaa');
    publishFolderAtomically(target, files);

    expect(fs.readdirSync(path.join(root, 'events'))).toEqual(['1.0.0-aaaaaaaaaa']);
    expect(fs.existsSync(path.join(target, 'stale.js'))).toBe(false);
    for (const [name, body] of files) {
      const response = await fetch(`${base}/remotes/events/1.0.0-aaaaaaaaaa/${name}`);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
    }
  });

  test('a folder being written is never served: its staging name is hidden from the remote host', async () => {
    const staging = path.join(root, 'events', '.staging-2.0.0-bbbbbbbbbb-1-abcd');
    fs.mkdirSync(staging, { recursive: true });
    fs.writeFileSync(path.join(staging, 'mf-manifest.json'), '{}');
    // Hidden names are refused (403), never served.
    expect((await fetch(`${base}/remotes/events/.staging-2.0.0-bbbbbbbbbb-1-abcd/mf-manifest.json`)).status).toBe(403);
    expect((await fetch(`${base}/remotes/events/2.0.0-bbbbbbbbbb/mf-manifest.json`)).status).toBe(404);
  });
});
