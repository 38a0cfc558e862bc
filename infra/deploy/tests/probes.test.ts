import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { init as initFederation } from '@module-federation/enhanced/runtime';
import { configFromEnv, createContentApi, type ContentApi } from '@site/content-api';
import { createRegistryServer, createStaticHost } from '@site/registry';
import { createShellServer, type ShellServer } from '../../../shell/src/server/app';
import { readConfig } from '../../../shell/src/server/config';
import { renderKustomization, reviewKubernetes, type Probe } from './kubernetes';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('the probes of the Kubernetes manifests ask endpoints each service really has', () => {
  let dir: string;
  let contentApi: ContentApi;
  let registry: FastifyInstance;
  let remoteHost: FastifyInstance;
  let shell: ShellServer;
  let probes: Probe[];
  const bases: Record<string, string> = {};

  beforeAll(async () => {
    probes = reviewKubernetes(renderKustomization()).probes;
    initFederation({ name: 'shell', remotes: [] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-probes-'));
    contentApi = await createContentApi({
      ...configFromEnv({}),
      host: '127.0.0.1',
      port: 0,
      dataDir: path.join(dir, 'api'),
      databaseUrl: undefined,
      logger: false,
    });
    bases['content-api'] = await listen(contentApi.app);
    remoteHost = createStaticHost({ cdnDir: path.join(dir, 'cdn') });
    bases['remote-host'] = await listen(remoteHost);
    registry = createRegistryServer({
      paths: { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') },
      remotesPublicUrl: `${bases['remote-host']}/remotes/`,
      tokens: { teams: {}, platform: null },
    });
    bases.registry = await listen(registry);
    const browserDir = path.join(dir, 'browser');
    fs.mkdirSync(browserDir);
    fs.writeFileSync(path.join(browserDir, 'shell-assets.json'), JSON.stringify({ js: [], css: [] }));
    const config = readConfig({ CONTENT_API_URL: bases['content-api'], REGISTRY_URL: `${bases.registry}/registry.json`, LOG_LEVEL: 'silent' }, browserDir);
    shell = await createShellServer({ ...config, browserDistDir: browserDir });
    bases.shell = await listen(shell.app);
  }, 60_000);

  afterAll(async () => {
    await shell?.close();
    await registry?.close();
    await remoteHost?.close();
    await contentApi?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('every HTTP probe answers 200 on a service whose dependencies are up', async () => {
    const asked = probes.filter((probe) => probe.path !== null);
    expect(new Set(asked.map((probe) => probe.kind))).toEqual(new Set(['shell', 'content-api', 'registry', 'remote-host']));
    for (const probe of asked) {
      const response = await fetch(`${bases[probe.kind]}${probe.path}`);
      expect({ ...probe, status: response.status }).toEqual({ ...probe, status: 200 });
    }
  });

  test("the shell's readiness probe is its /ready, which waits for the catalog and the content revision", () => {
    expect(probes.filter((probe) => probe.kind === 'shell' && probe.type === 'readiness')).toEqual([{ kind: 'shell', type: 'readiness', path: '/ready' }]);
  });
});
