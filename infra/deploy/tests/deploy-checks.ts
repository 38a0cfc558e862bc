import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { configFromEnv, lifecycleFromEnv as contentApiLifecycle, mediaCacheDirOf, uploadsDirOf } from '../../content-api/src/config';
import { readPublisherConfig, readRegistryConfig, readStaticHostConfig } from '../../registry/src/config';
import { hashToken } from '../../registry/src/tokens';
import { lifecycleFromEnv as shellLifecycle, readConfig as readShellConfig } from '../../../shell/src/server/config';

export const DEPLOY_DIR = path.resolve(__dirname, '..');

/** Runs a tool of the platform team's machine; its output, or an error with what it printed. */
export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', cwd: options.cwd ?? DEPLOY_DIR, env: options.env ?? process.env });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

export function parseYamlDocuments(text: string): Array<Record<string, unknown>> {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw new Error(document.errors.map((error) => error.message).join('\n'));
      return document.toJS() as Record<string, unknown> | null;
    })
    .filter((value): value is Record<string, unknown> => value !== null);
}

/** The environment each image starts with (`ENV` of its Dockerfile stage and the stages it is built from). */
export function imageEnv(target: string): Record<string, string> {
  const stages = new Map<string, { parent: string; env: Record<string, string> }>();
  let current: { parent: string; env: Record<string, string> } | null = null;
  for (const line of fs.readFileSync(path.join(DEPLOY_DIR, 'docker', 'Dockerfile'), 'utf8').split('\n')) {
    const from = /^FROM\s+(\S+)\s+AS\s+(\S+)/i.exec(line);
    if (from) {
      current = { parent: from[1]!, env: {} };
      stages.set(from[2]!, current);
      continue;
    }
    const env = /^ENV\s+(.+)$/.exec(line);
    if (env && current) for (const pair of env[1]!.trim().split(/\s+/)) current.env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
  }
  const chain: Array<Record<string, string>> = [];
  for (let stage = stages.get(target); stage; stage = stages.get(stage.parent)) chain.unshift(stage.env);
  if (chain.length === 0) throw new Error(`the Dockerfile has no stage ${target}`);
  return Object.assign({}, ...chain) as Record<string, string>;
}

export type ServiceKind = 'shell' | 'content-api' | 'registry' | 'remote-host' | 'remote-publisher';
const SERVICE_KINDS: ServiceKind[] = ['shell', 'content-api', 'registry', 'remote-host', 'remote-publisher'];

export function serviceKindOf(target: string): ServiceKind | null {
  return (SERVICE_KINDS as string[]).includes(target) ? (target as ServiceKind) : null;
}

/** What a service's own configuration check makes of an environment: where it writes, what others read, whom it calls. */
interface CheckedService {
  kind: ServiceKind;
  /** Folders it writes into. */
  writes: string[];
  /** Folders other replicas (or another service) must read what it wrote from. */
  sharedWrites: string[];
  /** Folders it serves files from that another service writes. */
  sharedReads: string[];
  /** PostgreSQL, when configured (absent: SQLite in its own folder). */
  databaseUrl: string | undefined;
  /** URLs of other services it calls. */
  calls: string[];
  /** sha256 of the tokens it accepts (the registry: the platform team's, the shells' fleet token and the teams'). */
  acceptsTokens: string[];
  /** sha256 of the token it presents to the registry (shell, publisher). */
  presentsToken: string | null;
}

/** A service that writes, shares, calls and presents nothing: what each check below starts from. */
function nothingOf(kind: ServiceKind): CheckedService {
  return { kind, writes: [], sharedWrites: [], sharedReads: [], databaseUrl: undefined, calls: [], acceptsTokens: [], presentsToken: null };
}

/** Runs the service's configuration check (the one it runs at start) on an environment; throws what it refuses. */
function checkService(kind: ServiceKind, env: NodeJS.ProcessEnv): CheckedService {
  switch (kind) {
    case 'shell': {
      const config = readShellConfig(env);
      shellLifecycle(env);
      return {
        ...nothingOf(kind),
        calls: [config.contentApiUrl, config.registryUrl],
        presentsToken: config.fleetToken ? hashToken(config.fleetToken) : null,
      };
    }
    case 'content-api': {
      const config = configFromEnv(env);
      contentApiLifecycle(env);
      const shared = [uploadsDirOf(config), mediaCacheDirOf(config)];
      return {
        ...nothingOf(kind),
        writes: [...shared, ...(config.databaseUrl ? [] : [config.dataDir])],
        sharedWrites: shared,
        databaseUrl: config.databaseUrl,
      };
    }
    case 'registry': {
      const config = readRegistryConfig(env);
      return {
        ...nothingOf(kind),
        writes: config.writes,
        sharedWrites: [config.paths.cdnDir],
        databaseUrl: config.paths.databaseUrl,
        acceptsTokens: [
          ...(config.tokens.platform ? [config.tokens.platform] : []),
          ...(config.tokens.fleet ? [config.tokens.fleet] : []),
          ...Object.values(config.tokens.teams),
        ],
      };
    }
    case 'remote-host': {
      const config = readStaticHostConfig(env);
      return {
        ...nothingOf(kind),
        writes: config.writes,
        sharedReads: [config.cdnDir],
      };
    }
    case 'remote-publisher': {
      const config = readPublisherConfig(env);
      return {
        ...nothingOf(kind),
        calls: [config.registryUrl],
        presentsToken: hashToken(config.token),
      };
    }
  }
}

export interface Mount {
  path: string;
  readOnly: boolean;
  /** The volume every replica sees (a claim or a named volume), or null for the pod's or container's own. */
  sharedVolume: string | null;
  /** Whether every replica may write it at once (ReadWriteMany, or a compose named volume on one host). */
  manyWriters: boolean;
}

/** The mount a path is on (the deepest one), or null for the container's own file system. */
function mountOf(file: string, mounts: Mount[]): Mount | null {
  const matching = mounts.filter((mount) => file === mount.path || file.startsWith(`${mount.path.replace(/\/+$/, '')}/`));
  return matching.sort((a, b) => b.path.length - a.path.length)[0] ?? null;
}

/** Where a shared folder is: the volume and the path inside it, so two services can be seen to meet there. */
function sharedLocation(file: string, mounts: Mount[]): string | null {
  const mount = mountOf(file, mounts);
  return mount?.sharedVolume ? `${mount.sharedVolume}:${path.relative(mount.path, file) || '.'}` : null;
}

export interface Placement {
  /** `kubernetes Deployment registry, container registry` or `compose service registry`. */
  name: string;
  kind: ServiceKind;
  replicas: number;
  env: NodeJS.ProcessEnv;
  mounts: Mount[];
  rootReadOnly: boolean;
}

/**
 * The problems of a topology: each service's own check on its environment, writes into read-only mounts, state a
 * replica keeps alone while others need it, and services that do not meet (a remote host that does not serve the
 * folder the registry publishes into, a shell whose token the registry does not accept).
 */
export function topologyProblems(placements: Placement[], hostNames: Set<string>): string[] {
  const problems: string[] = [];
  const checked: Array<{ placement: Placement; service: CheckedService }> = [];
  for (const placement of placements) {
    let service: CheckedService;
    try {
      service = checkService(placement.kind, placement.env);
    } catch (error) {
      problems.push(`${placement.name}: refuses to start: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    checked.push({ placement, service });
    for (const folder of service.writes) {
      const mount = mountOf(folder, placement.mounts);
      if (mount?.readOnly) problems.push(`${placement.name}: writes into ${folder}, which is mounted read-only`);
      else if (!mount && placement.rootReadOnly) problems.push(`${placement.name}: writes into ${folder}, on its read-only root file system`);
    }
    if (placement.replicas > 1 && (placement.kind === 'registry' || placement.kind === 'content-api') && !service.databaseUrl) {
      problems.push(`${placement.name}: ${placement.replicas} replicas without a database URL, each on SQLite in its own data folder`);
    }
    if (placement.replicas > 1) {
      for (const folder of service.sharedWrites) {
        const mount = mountOf(folder, placement.mounts);
        if (!mount?.sharedVolume || !mount.manyWriters)
          problems.push(`${placement.name}: writes ${folder}, which its other replicas must read, into a folder of its own`);
      }
    }
    for (const url of service.calls) {
      const host = new URL(url).hostname;
      if (!hostNames.has(host)) problems.push(`${placement.name}: calls ${url}, and ${host} is no service of this deployment`);
    }
  }
  const published = new Set(
    checked
      .filter(({ service }) => service.kind === 'registry')
      .flatMap(({ placement, service }) => service.sharedWrites.map((file) => sharedLocation(file, placement.mounts))),
  );
  for (const { placement, service } of checked.filter((item) => item.service.kind === 'remote-host')) {
    for (const folder of service.sharedReads) {
      const location = sharedLocation(folder, placement.mounts);
      if (!location || !published.has(location)) problems.push(`${placement.name}: serves ${folder}, which is not where the registry publishes builds`);
    }
  }
  const accepted = new Set(checked.flatMap(({ service }) => service.acceptsTokens));
  for (const { placement, service } of checked.filter((item) => item.service.kind === 'shell' || item.service.kind === 'remote-publisher')) {
    if (!service.presentsToken || !accepted.has(service.presentsToken)) {
      problems.push(`${placement.name}: the registry does not accept its token: its fleet reports or publishes are refused`);
    }
  }
  return problems;
}
