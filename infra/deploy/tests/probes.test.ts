import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRegistryServer, createStaticHost } from '@site/registry';
import { startShellWithBackend, type ShellWithBackend } from '../../../shell/src/testing/shell-with-backend';
import { renderKustomization, reviewKubernetes, type Probe } from './kubernetes';

type Server = ReturnType<typeof createStaticHost>;

async function listen(app: Server): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return urlOf(app);
}

function urlOf(app: Server): string {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('the probes of the Kubernetes manifests ask endpoints each service really has', () => {
  let dir: string;
  let registry: Server;
  let remoteHost: Server;
  let site: ShellWithBackend;
  let probes: Probe[];
  const bases: Record<string, string> = {};

  beforeAll(async () => {
    probes = reviewKubernetes(renderKustomization()).probes;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-probes-'));
    remoteHost = createStaticHost({ cdnDir: path.join(dir, 'cdn') });
    bases['remote-host'] = await listen(remoteHost);
    registry = createRegistryServer({
      paths: { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') },
      remotesPublicUrl: `${bases['remote-host']}/remotes/`,
      tokens: { teams: {}, platform: null },
    });
    bases.registry = await listen(registry);
    site = await startShellWithBackend({ name: 'deploy-probes', env: { REGISTRY_URL: `${bases.registry}/registry.json` } });
    bases['content-api'] = urlOf(site.contentApi.app);
    bases.shell = await listen(site.shell.app);
    // A shell is ready once it has read the registry's catalog and the content revision (its first polls): wait for
    // that, as Kubernetes waits for the readiness probe before sending traffic.
    for (let attempt = 0; attempt < 100 && (await fetch(`${bases.shell}/ready`)).status !== 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);

  afterAll(async () => {
    await site?.close();
    await registry?.close();
    await remoteHost?.close();
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

  test('every readiness probe asks /ready (503 while a dependency is unreachable or the process is stopping), never the liveness /health', () => {
    const readiness = probes.filter((probe) => probe.type === 'readiness');
    expect(readiness.map((probe) => probe.kind).sort()).toEqual(['content-api', 'registry', 'remote-host', 'shell']);
    for (const probe of readiness) expect(probe).toEqual({ kind: probe.kind, type: 'readiness', path: '/ready' });
  });
});
