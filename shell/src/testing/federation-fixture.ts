import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createRegistryServer, createStaticHost } from '@site/registry';
import { RemoteStats } from '../platform/remote-stats';
import { RegistryClient } from '../federation/registry-client';
import { ServerFederation } from '../federation/server-federation';
import { listen } from './remote-builds';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A real registry and static host on loopback ports, with the shell's registry client and server federation over them. */
export interface FederationFixture {
  /** A temporary folder for remote builds; the registry's CDN folder and state file are inside. */
  dir: string;
  paths: { cdnDir: string; stateFile: string };
  staticHost: FastifyInstance;
  registry: FastifyInstance;
  client: RegistryClient;
  federation: ServerFederation;
  /** Stops the client and both servers (the static host unless a test stopped it) and removes the folder. */
  close(): Promise<void>;
}

/** Starts the fixture in a new folder named after `prefix`; `canary` is passed to the registry (its judge's settings). */
export async function startFederationFixture(prefix: string, canary?: { intervalMs: number }): Promise<FederationFixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const paths = { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') };
  const staticHost = createStaticHost({ cdnDir: paths.cdnDir });
  const staticUrl = await listen(staticHost);
  const registry = createRegistryServer({ paths, remotesPublicUrl: `${staticUrl}/remotes/`, tokens: { teams: {}, platform: null }, ...(canary && { canary }) });
  const registryUrl = await listen(registry);
  const client = new RegistryClient({ registryUrl: `${registryUrl}/registry.json`, pollIntervalMs: 60_000, requestTimeoutMs: 1000, log: quiet });
  const federation = new ServerFederation(client, new RemoteStats(), {
    loadTimeoutMs: 1000,
    entryTimeoutMs: 1000,
    breakerFailureThreshold: 3,
    breakerCooldownMs: 10_000,
    retryNewVersionAfterMs: 0,
    log: quiet,
  });
  return {
    dir,
    paths,
    staticHost,
    registry,
    client,
    federation,
    async close() {
      client.stop();
      await registry.close();
      if (staticHost.server.listening) await staticHost.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
