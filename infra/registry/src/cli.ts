import path from 'node:path';
import { closeStore, readBuildFiles, readBuildManifest } from './operations';
import { createRegistryServer } from './registry-server';
import { createStaticHost } from './static-host';
import { RegistryApi } from './client';
import { Lifecycle } from '@site/server-kit';
import { readPublisherConfig, readRegistryConfig, readStaticHostConfig } from './config';

export { registryPaths } from './config';

const USAGE = `usage: site-remotes [--registry <url>] <command>
  deploy <distDir>... [--canary <percent>] [--accept-size-growth <reason>]
                                      publish builds and make them live (or a canary for a share of visitors);
                                      a release growing a section's JavaScript past the size budget needs a reason
  deploy --preview <distDir> [--expires <24h|90m|30s>] [--site <url>]
                                      publish a build without making it live and print a secret link that shows
                                      it to the browser that opens it, on every shell, until it expires (24 h)
  preview list                        print the previews (active and lately ended)
  preview revoke <id>                 end a preview on every shell
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
SITE_REMOTES_TOKEN (without one, a local registry is used with the platform token in DATA_DIR/operator-token);
the site a preview link opens: --site or PUBLIC_ORIGIN (default http://localhost:3000)`;

function takeOption(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const [, value] = args.splice(index, 2);
  if (value === undefined) throw new Error(USAGE);
  return value;
}

function takeFlag(args: string[], name: string): boolean {
  const index = args.indexOf(name);
  if (index < 0) return false;
  args.splice(index, 1);
  return true;
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `24h`, `90m`, `30s`, `2d` or a number of seconds, in whole seconds. */
function parseDuration(text: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(text.trim());
  if (!match || Number(match[1]) === 0) throw new Error(`${JSON.stringify(text)} is not a duration (24h, 90m, 30s, 2d or seconds)`);
  return Number(match[1]) * DURATION_UNITS[match[2] || 's']!;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

const CLIENT_COMMANDS = new Set(['deploy', 'preview', 'rollback', 'register', 'retire', 'transfer', 'list', 'audit', 'fleet']);

export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const args = [...argv];
  const registryOption = takeOption(args, '--registry');
  const [command, ...rest] = args;
  if (command === 'serve-registry' || command === 'serve-static') return serve(command, env);
  if (!command || !CLIENT_COMMANDS.has(command)) throw new Error(USAGE);
  const publisher = readPublisherConfig(env, registryOption);
  const waitMs = publisher.waitMs;
  const api = () => new RegistryApi(publisher.registryUrl, publisher.token);
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
      if (takeFlag(rest, '--preview')) {
        const expires = takeOption(rest, '--expires');
        const site = takeOption(rest, '--site') ?? env.PUBLIC_ORIGIN ?? 'http://localhost:3000';
        const [dist] = rest;
        if (!dist || rest.length !== 1 || takeOption(rest, '--canary') !== undefined) throw new Error(USAGE);
        const ttlSeconds = expires === undefined ? undefined : parseDuration(expires);
        const client = api();
        const remote = readBuildManifest(path.resolve(dist)).site.team;
        const published = await client.publish(remote, readBuildFiles(path.resolve(dist)));
        const preview = await client.preview(remote, published.version, ttlSeconds);
        const link = new URL(`/_preview/${preview.token}`, site).toString();
        console.log(`${remote}@${published.version} published as preview ${preview.id}, not live; until ${preview.expiresAt}`);
        console.log(`  open in a browser: ${link}`);
        console.log(`  end it: site-remotes preview revoke ${preview.id}`);
        return;
      }
      const canary = takeOption(rest, '--canary');
      const acceptSizeGrowth = takeOption(rest, '--accept-size-growth');
      if (rest.length === 0 || acceptSizeGrowth?.trim() === '') throw new Error(USAGE);
      const client = api();
      for (const dist of rest) {
        const manifest = readBuildManifest(path.resolve(dist));
        const remote = manifest.site.team;
        const published = await client.publish(remote, readBuildFiles(path.resolve(dist)), acceptSizeGrowth);
        const startedAt = Date.now();
        const activated = await client.activate(remote, published.version, canary ? Number(canary) : undefined);
        if (activated.canary) {
          console.log(
            `${remote}@${published.version} is a canary for ${activated.canary.percent}% of visitors (live: ${activated.current}); the registry promotes or rolls it back by itself`,
          );
          const verdict = await client.waitForCanary(remote, published.version, publisher.canaryWaitMs);
          console.log(`  canary ${verdict.state}${verdict.reason ? `: ${verdict.reason}` : ''} after ${seconds(Date.now() - startedAt)}`);
          if (verdict.state !== 'promoted') process.exitCode = 1;
          continue;
        }
        console.log(`deployed ${remote}@${published.version} (registry revision ${activated.revision})`);
        await reportPropagation(client, remote, published.version, startedAt);
      }
      return;
    }
    case 'preview': {
      const [action, id] = rest;
      if (action === 'list' && rest.length === 1) {
        for (const preview of (await api().previews()).previews) {
          const state = preview.active
            ? `until ${preview.expiresAt}`
            : preview.revokedAt
              ? `revoked ${preview.revokedAt} by ${preview.revokedBy}`
              : `expired ${preview.expiresAt}`;
          console.log(`${preview.id}\t${preview.remote}@${preview.version}\t${state}\tby ${preview.actor}`);
        }
        return;
      }
      if (action === 'revoke' && id && rest.length === 2) {
        const preview = await api().revokePreview(id);
        console.log(`preview ${preview.id} of ${preview.remote}@${preview.version} revoked: the shells end it on their next registry poll`);
        return;
      }
      throw new Error(USAGE);
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
    default:
      throw new Error(USAGE);
  }
}

/** Runs the registry or the static host with the configuration checked at start (a wrong one stops it, named). */
async function serve(command: 'serve-registry' | 'serve-static', env: NodeJS.ProcessEnv): Promise<void> {
  if (command === 'serve-registry') {
    const config = readRegistryConfig(env);
    const lifecycle = new Lifecycle();
    const app = createRegistryServer({
      lifecycle,
      paths: config.paths,
      remotesPublicUrl: config.remotesPublicUrl,
      tokens: config.tokens,
      canary: config.canary,
      manifestHosts: config.manifestHosts,
      sizeBudget: config.sizeBudget,
    });
    await app.listen({ port: config.port, host: config.host });
    // SIGTERM: not ready, drain, then close the store (the SQLite handle or the PostgreSQL pool).
    lifecycle.stopOnSignal(app, {
      name: 'registry',
      drainTimeoutMs: config.drainTimeoutMs,
      shutdownDelayMs: config.shutdownDelayMs,
      closeResources: () => closeStore(config.paths),
    });
    console.log(`registry listening on http://${config.host}:${config.port}/registry.json`);
    return;
  }
  const config = readStaticHostConfig(env);
  const lifecycle = new Lifecycle();
  const app = createStaticHost({ cdnDir: config.cdnDir, lifecycle });
  await app.listen({ port: config.port, host: config.host });
  lifecycle.stopOnSignal(app, { name: 'static host', drainTimeoutMs: config.drainTimeoutMs, shutdownDelayMs: config.shutdownDelayMs });
  console.log(`static host listening on http://${config.host}:${config.port}/remotes/`);
}
