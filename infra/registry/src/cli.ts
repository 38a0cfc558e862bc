import fs from 'node:fs';
import path from 'node:path';
import { readBuildFiles, readBuildManifest, type RegistryPaths } from './operations';
import { createRegistryServer } from './registry-server';
import { createStaticHost } from './static-host';
import { loadTokenConfig } from './tokens';
import { RegistryApi } from './client';

const USAGE = `usage: site-remotes [--registry <url>] <command>
  deploy <distDir>... [--canary <percent>]   publish builds and make them live (or a canary for a share of visitors)
  rollback <remote> [--to <version>]  make an earlier good version live again
  register <remote> <version> <manifestUrl>   point the registry at a build hosted elsewhere
  retire <remote>                     remove a remote from the registry
  transfer <section> <remote>         give a section name to another remote (platform team)
  list                                print the live version and canary of every remote
  audit [<remote>]                    print the audit log
  fleet                               print every shell and the versions it serves
  serve-registry                      run the registry (PORT, REMOTES_PUBLIC_URL)
  serve-static                        run the static host for remote builds (PORT)
the registry API: --registry or REGISTRY_API_URL (default http://127.0.0.1:REGISTRY_PORT, 3003); the team token:
SITE_REMOTES_TOKEN (without one, a local registry is used with the platform token in DATA_DIR/operator-token)`;

export function dataDirOf(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR ?? path.join(__dirname, '../../../.data'));
}

export function registryPaths(env: NodeJS.ProcessEnv = process.env): RegistryPaths {
  const dataDir = dataDirOf(env);
  const databaseUrl = env.REGISTRY_DATABASE_URL || env.DATABASE_URL;
  // PostgreSQL pool settings: each a positive whole number when set.
  const database: NonNullable<RegistryPaths['database']> = {};
  const settings = {
    statementTimeoutMs: 'REGISTRY_DB_STATEMENT_TIMEOUT_MS',
    connectionTimeoutMs: 'REGISTRY_DB_CONNECT_TIMEOUT_MS',
    poolSize: 'REGISTRY_DB_POOL_SIZE',
  } as const;
  for (const [key, name] of Object.entries(settings) as Array<[keyof typeof settings, string]>) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive whole number, not ${JSON.stringify(value)}`);
    database[key] = parsed;
  }
  return {
    cdnDir: path.join(dataDir, 'cdn'),
    stateFile: path.join(dataDir, 'registry', 'registry.db'),
    ...(databaseUrl ? { databaseUrl, database } : {}),
  };
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/** The token the CLI sends: the team's from the environment, else the local platform token for a local registry. */
function tokenFor(registryUrl: string, env: NodeJS.ProcessEnv): string {
  if (env.SITE_REMOTES_TOKEN) return env.SITE_REMOTES_TOKEN.trim();
  const file = path.join(dataDirOf(env), 'operator-token');
  if (isLoopback(registryUrl) && fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  throw new Error('no team token: set SITE_REMOTES_TOKEN (a local registry also accepts DATA_DIR/operator-token)');
}

function takeOption(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const [, value] = args.splice(index, 2);
  if (value === undefined) throw new Error(USAGE);
  return value;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const args = [...argv];
  const registryUrl = (takeOption(args, '--registry') ?? env.REGISTRY_API_URL ?? `http://127.0.0.1:${env.REGISTRY_PORT ?? 3003}`).replace(/\/$/, '');
  const waitMs = Number(env.SITE_REMOTES_WAIT_MS ?? 60_000);
  const [command, ...rest] = args;
  const api = () => new RegistryApi(registryUrl, tokenFor(registryUrl, env));
  const reportPropagation = async (client: RegistryApi, remote: string, version: string, startedAt: number) => {
    const outcome = await client.waitForPropagation(remote, version, waitMs);
    if (outcome.shells === 0) console.log(`  no shell reports to the registry yet: nothing to wait for`);
    else if (outcome.behind.length === 0) console.log(`  live on ${outcome.shells}/${outcome.shells} shells in ${seconds(Date.now() - startedAt)}`);
    else {
      console.log(`  not followed within ${seconds(waitMs)} by: ${outcome.behind.join(', ')}`);
      process.exitCode = 1;
    }
  };
  switch (command) {
    case 'deploy': {
      const canary = takeOption(rest, '--canary');
      if (rest.length === 0) throw new Error(USAGE);
      const client = api();
      for (const dist of rest) {
        const manifest = readBuildManifest(path.resolve(dist));
        const remote = manifest.site.team;
        const published = await client.publish(remote, readBuildFiles(path.resolve(dist)));
        const startedAt = Date.now();
        const activated = await client.activate(remote, published.version, canary ? Number(canary) : undefined);
        if (activated.canary) {
          console.log(
            `${remote}@${published.version} is a canary for ${activated.canary.percent}% of visitors (live: ${activated.current}); the registry promotes or rolls it back by itself`,
          );
          const verdict = await client.waitForCanary(remote, published.version, Number(env.SITE_REMOTES_CANARY_WAIT_MS ?? 180_000));
          console.log(`  canary ${verdict.state}${verdict.reason ? `: ${verdict.reason}` : ''} after ${seconds(Date.now() - startedAt)}`);
          if (verdict.state !== 'promoted') process.exitCode = 1;
          continue;
        }
        console.log(`deployed ${remote}@${published.version} (registry revision ${activated.revision})`);
        await reportPropagation(client, remote, published.version, startedAt);
      }
      return;
    }
    case 'rollback': {
      const to = takeOption(rest, '--to');
      const [remote] = rest;
      if (!remote || rest.length !== 1) throw new Error(USAGE);
      const client = api();
      const startedAt = Date.now();
      const result = await client.rollback(remote, to);
      console.log(`${remote} rolled back to ${result.current} (registry revision ${result.revision})`);
      await reportPropagation(client, remote, result.current, startedAt);
      return;
    }
    case 'register': {
      const [remote, version, url] = rest;
      if (!remote || !version || !url) throw new Error(USAGE);
      const result = await api().register(remote, version, url);
      console.log(`${remote}@${version} registered at ${url} (registry revision ${result.revision})`);
      return;
    }
    case 'retire': {
      const [remote] = rest;
      if (!remote) throw new Error(USAGE);
      console.log(`${remote} retired (registry revision ${(await api().retire(remote)).revision})`);
      return;
    }
    case 'transfer': {
      const [section, remote] = rest;
      if (!section || !remote) throw new Error(USAGE);
      console.log(`section ${section} belongs to ${remote} (registry revision ${(await api().transfer(section, remote)).revision})`);
      return;
    }
    case 'list': {
      const { remotes } = await api().list();
      for (const [name, remote] of Object.entries(remotes)) {
        console.log(
          `${name}\t${remote.current}\t(${remote.versions.length} deployed)${remote.canary ? `\tcanary ${remote.canary.version} ${remote.canary.percent}%` : ''}`,
        );
      }
      return;
    }
    case 'audit': {
      const { entries } = await api().audit(rest[0]);
      for (const entry of entries.reverse()) {
        console.log(
          `${entry.at}\t${entry.actor}\t${entry.action}\t${entry.remote}\t${entry.from ?? '–'} → ${entry.to ?? '–'}\t${entry.outcome}${entry.detail ? `\t${entry.detail}` : ''}`,
        );
      }
      return;
    }
    case 'fleet': {
      const fleet = await api().fleet();
      for (const shell of fleet.instances) {
        console.log(`${shell.instance}\t${shell.fresh ? 'reporting' : 'silent'}\t${shell.live.map((item) => `${item.remote}@${item.version}`).join(' ')}`);
      }
      return;
    }
    case 'serve-registry': {
      const port = Number(env.PORT ?? 3003);
      const host = env.HOST ?? '127.0.0.1';
      const remotesPublicUrl = env.REMOTES_PUBLIC_URL ?? 'http://localhost:3001/remotes/';
      const canary = {
        ...(env.CANARY_WINDOW_MS ? { windowMs: Number(env.CANARY_WINDOW_MS) } : {}),
        ...(env.CANARY_MIN_RENDERS ? { minRenders: Number(env.CANARY_MIN_RENDERS) } : {}),
      };
      const app = createRegistryServer({ paths: registryPaths(env), remotesPublicUrl, tokens: loadTokenConfig(env, dataDirOf(env)), canary });
      await app.listen({ port, host });
      console.log(`registry listening on http://${host}:${port}/registry.json`);
      return;
    }
    case 'serve-static': {
      const port = Number(env.PORT ?? 3001);
      const host = env.HOST ?? '127.0.0.1';
      const app = createStaticHost({ cdnDir: registryPaths(env).cdnDir });
      await app.listen({ port, host });
      console.log(`static host listening on http://${host}:${port}/remotes/`);
      return;
    }
    default:
      throw new Error(USAGE);
  }
}
