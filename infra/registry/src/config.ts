import fs from 'node:fs';
import path from 'node:path';
import type { CanaryPolicyInput } from './canary';
import { manifestHostPolicy, type ManifestHostPolicy } from './gates';
import { EnvReader, readDataFolders, readPort, type DataFolders } from './config-env';
import type { RegistryPaths } from './operations';
import { loadTokenConfig, type TokenConfig } from './tokens';
import { DEFAULT_SIZE_BUDGET, type SizeBudget } from './size-budget';
import type { VitalName } from '@site/contracts/fleet';
import { DEFAULT_VITALS_POLICY, VITAL_NAMES } from './vitals-judge';

export { ConfigError } from './config-env';

/** What a server does on SIGTERM: stop accepting, finish what is in flight for at most this long, then exit. */
const DEFAULT_DRAIN_TIMEOUT_MS = 10_000;
const SHA256_HEX = /^[0-9a-f]{64}$/i;

export interface RegistryConfig extends DataFolders {
  host: string;
  port: number;
  /** The registry database (SQLite in the data folder, or PostgreSQL) and the shared folder of published builds. */
  paths: RegistryPaths;
  /** Public URL of the static host's `/remotes/` folder, against which published manifest paths resolve. */
  remotesPublicUrl: string;
  tokens: TokenConfig;
  canary: CanaryPolicyInput;
  /** How much a publish may grow a section's first-load JavaScript (SIZE_BUDGET_JS_GROWTH_BYTES, _PERCENT). */
  sizeBudget: SizeBudget;
  /** Where `register` may fetch a manifest from (REGISTRY_MANIFEST_HOSTS; the static host's own host always). */
  manifestHosts: ManifestHostPolicy;
  drainTimeoutMs: number;
  /** How long it keeps accepting while its readiness answers 503 after SIGTERM (SHUTDOWN_DELAY_MS). */
  shutdownDelayMs: number;
  /** The folders this process writes into (a read-only mount there stops every publish). */
  writes: string[];
}

export interface StaticHostConfig extends DataFolders {
  host: string;
  port: number;
  /** The published builds it serves: `<sharedDataDir>/cdn`, written by the registry. */
  cdnDir: string;
  drainTimeoutMs: number;
  /** How long it keeps accepting while its readiness answers 503 after SIGTERM (SHUTDOWN_DELAY_MS). */
  shutdownDelayMs: number;
  /** Nothing: the static host only reads, so its shared volume may be mounted read-only. */
  writes: string[];
}

export interface PublisherConfig {
  /** The registry's publishing API (`--registry`, REGISTRY_API_URL, or the local registry). */
  registryUrl: string;
  /** The team's token (or the platform team's) the publishing API asks for. */
  token: string;
  /** How long `deploy` and `rollback` wait for every shell to follow. */
  waitMs: number;
  /** How long `deploy --canary` waits for the canary's verdict. */
  canaryWaitMs: number;
}

/**
 * Where the registry's data lives: its SQLite database in this process's own data folder (one registry process:
 * SQLite cannot be shared across hosts), or PostgreSQL (REGISTRY_DATABASE_URL, else DATABASE_URL) for a fleet of
 * registries; published builds in the shared folder, where every registry writes and every static host reads.
 */
function registryPathsFrom(reader: EnvReader, folders: DataFolders, databaseUrl: string | undefined): RegistryPaths {
  const databaseSchema = reader.text('REGISTRY_DATABASE_SCHEMA');
  // PostgreSQL pool settings: each a positive whole number when set.
  const optional = (name: string) => (reader.text(name) ? reader.integer(name, 0, 1) : undefined);
  const settings = {
    statementTimeoutMs: optional('REGISTRY_DB_STATEMENT_TIMEOUT_MS'),
    connectionTimeoutMs: optional('REGISTRY_DB_CONNECT_TIMEOUT_MS'),
    poolSize: optional('REGISTRY_DB_POOL_SIZE'),
  };
  const database = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  return {
    cdnDir: path.join(folders.sharedDataDir, 'cdn'),
    stateFile: path.join(folders.dataDir, 'registry', 'registry.db'),
    ...(databaseUrl ? { databaseUrl, database } : {}),
    ...(databaseUrl && databaseSchema ? { databaseSchema } : {}),
  };
}

function databaseUrlOf(reader: EnvReader): string | undefined {
  const name = reader.text('REGISTRY_DATABASE_URL') ? 'REGISTRY_DATABASE_URL' : 'DATABASE_URL';
  return reader.url(name, reader.text(name), ['postgres', 'postgresql']);
}

/** The registry's paths from an environment (the orchestrator deploys built remotes into the same database). */
/** CANARY_VITALS_METRICS: a comma-separated subset of LCP, INP and CLS (all three when unset). */
function readVitalNames(reader: EnvReader): readonly VitalName[] {
  const value = reader.text('CANARY_VITALS_METRICS');
  if (value === undefined) return DEFAULT_VITALS_POLICY.metrics;
  const names = value.split(',').map((name) => name.trim().toUpperCase());
  const unknown = names.filter((name) => !VITAL_NAMES.includes(name as VitalName));
  if (unknown.length > 0 || names.length === 0) {
    reader.problems.push(`CANARY_VITALS_METRICS must name some of ${VITAL_NAMES.join(', ')} separated by commas, not "${value}"`);
    return DEFAULT_VITALS_POLICY.metrics;
  }
  return [...new Set(names as VitalName[])];
}

export function registryPaths(env: NodeJS.ProcessEnv = process.env): RegistryPaths {
  const reader = new EnvReader(env);
  return registryPathsFrom(reader, readDataFolders(reader), databaseUrlOf(reader));
}

function readTokens(reader: EnvReader, dataDir: string): TokenConfig {
  for (const pair of (reader.text('REGISTRY_TEAM_TOKENS') ?? '').split(',').filter((item) => item.trim())) {
    const [team, hash, ...rest] = pair.split('=');
    if (!team?.trim() || !hash || rest.length > 0 || !SHA256_HEX.test(hash.trim())) {
      reader.problems.push(`REGISTRY_TEAM_TOKENS must be team=<sha256 hex> pairs separated by commas, not "${pair.trim()}"`);
    }
  }
  const platformHash = reader.text('REGISTRY_PLATFORM_TOKEN_SHA256');
  if (platformHash && !SHA256_HEX.test(platformHash)) reader.problems.push('REGISTRY_PLATFORM_TOKEN_SHA256 must be 64 hexadecimal digits');
  const tokensFile = reader.text('REGISTRY_TOKENS_FILE');
  if (tokensFile && !fs.existsSync(tokensFile)) reader.problems.push(`REGISTRY_TOKENS_FILE names a file that does not exist: ${tokensFile}`);
  try {
    return loadTokenConfig(reader.env, dataDir);
  } catch (error) {
    reader.problems.push(`the team tokens file cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    return { teams: {}, platform: null };
  }
}

/**
 * The registry's configuration from the environment, read once at start. Throws a ConfigError naming every wrong
 * variable. A registry on PostgreSQL is one of a fleet: it must know the fleet token, since every shell reports to
 * it with that token and the canary judge and `site-remotes deploy` read those reports, and the platform token its
 * operators and Prometheus use.
 */
export function readRegistryConfig(env: NodeJS.ProcessEnv = process.env): RegistryConfig {
  const reader = new EnvReader(env);
  const folders = readDataFolders(reader);
  const databaseUrl = databaseUrlOf(reader);
  const remotesPublicUrl = reader.url('REMOTES_PUBLIC_URL', reader.text('REMOTES_PUBLIC_URL') ?? 'http://localhost:3001/remotes/', ['http', 'https']);
  const tokens = readTokens(reader, folders.dataDir);
  if (databaseUrl && !tokens.platform) {
    reader.problems.push(
      'a registry on PostgreSQL needs the platform token its operators and Prometheus use: set OPERATOR_TOKEN or REGISTRY_PLATFORM_TOKEN_SHA256',
    );
  }
  if (databaseUrl && !tokens.fleet) {
    reader.problems.push('a registry on PostgreSQL needs the fleet token the shells report with: set FLEET_TOKEN or REGISTRY_FLEET_TOKEN_SHA256');
  }
  const windowMs = reader.text('CANARY_WINDOW_MS') ? reader.integer('CANARY_WINDOW_MS', 0, 1) : undefined;
  const minRenders = reader.text('CANARY_MIN_RENDERS') ? reader.integer('CANARY_MIN_RENDERS', 0, 1) : undefined;
  const minBrowserVisitors = reader.text('CANARY_MIN_BROWSER_VISITORS') ? reader.integer('CANARY_MIN_BROWSER_VISITORS', 0, 1) : undefined;
  const vitals = {
    maxRegressionPercent: reader.integer('CANARY_VITALS_REGRESSION_PERCENT', DEFAULT_VITALS_POLICY.maxRegressionPercent, 1),
    minSamples: reader.integer('CANARY_VITALS_MIN_SAMPLES', DEFAULT_VITALS_POLICY.minSamples, 1),
    metrics: readVitalNames(reader),
  };
  const config: RegistryConfig = {
    ...folders,
    host: reader.text('HOST') ?? '127.0.0.1',
    port: readPort(reader, 3003),
    paths: registryPathsFrom(reader, folders, databaseUrl),
    remotesPublicUrl: remotesPublicUrl ?? '',
    tokens,
    canary: {
      ...(windowMs !== undefined ? { windowMs } : {}),
      ...(minRenders !== undefined ? { minRenders } : {}),
      ...(minBrowserVisitors !== undefined ? { minBrowserVisitors } : {}),
      vitals,
    },
    manifestHosts: manifestHostPolicy(env, remotesPublicUrl ?? ''),
    sizeBudget: {
      growthBytes: reader.integer('SIZE_BUDGET_JS_GROWTH_BYTES', DEFAULT_SIZE_BUDGET.growthBytes, 0),
      growthPercent: reader.integer('SIZE_BUDGET_JS_GROWTH_PERCENT', DEFAULT_SIZE_BUDGET.growthPercent, 0),
    },
    drainTimeoutMs: reader.integer('DRAIN_TIMEOUT_MS', DEFAULT_DRAIN_TIMEOUT_MS, 0),
    shutdownDelayMs: reader.integer('SHUTDOWN_DELAY_MS', 0, 0),
    writes: [path.join(folders.sharedDataDir, 'cdn'), ...(databaseUrl ? [] : [path.join(folders.dataDir, 'registry')])],
  };
  reader.finish('the registry');
  return config;
}

/** The static host's configuration from the environment, read once at start; throws a ConfigError when wrong. */
export function readStaticHostConfig(env: NodeJS.ProcessEnv = process.env): StaticHostConfig {
  const reader = new EnvReader(env);
  const folders = readDataFolders(reader);
  const config: StaticHostConfig = {
    ...folders,
    host: reader.text('HOST') ?? '127.0.0.1',
    port: readPort(reader, 3001),
    cdnDir: path.join(folders.sharedDataDir, 'cdn'),
    drainTimeoutMs: reader.integer('DRAIN_TIMEOUT_MS', DEFAULT_DRAIN_TIMEOUT_MS, 0),
    shutdownDelayMs: reader.integer('SHUTDOWN_DELAY_MS', 0, 0),
    writes: [],
  };
  reader.finish('the remote host');
  return config;
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/**
 * The publisher's (`site-remotes` commands that call the registry) configuration, read once at start. The token is
 * SITE_REMOTES_TOKEN; without one, a registry on this machine is called with the local platform token in
 * DATA_DIR/operator-token (what `npm start` makes). A publisher in a container calls another host: it needs both.
 */
export function readPublisherConfig(env: NodeJS.ProcessEnv = process.env, registryOption?: string): PublisherConfig {
  const reader = new EnvReader(env);
  const { dataDir } = readDataFolders(reader);
  const registryName = registryOption ? '--registry' : 'REGISTRY_API_URL';
  const given = registryOption ?? reader.text('REGISTRY_API_URL');
  const registryPort = reader.integer('REGISTRY_PORT', 3003, 1);
  const registryUrl = (reader.url(registryName, given ?? `http://127.0.0.1:${registryPort}`, ['http', 'https']) ?? '').replace(/\/+$/, '');
  let token = reader.text('SITE_REMOTES_TOKEN') ?? '';
  if (!token && registryUrl) {
    const file = path.join(dataDir, 'operator-token');
    if (isLoopback(registryUrl) && fs.existsSync(file)) token = fs.readFileSync(file, 'utf8').trim();
    else if (isLoopback(registryUrl)) reader.problems.push(`SITE_REMOTES_TOKEN is not set and there is no local platform token at ${file}`);
    else reader.problems.push(`SITE_REMOTES_TOKEN is not set: the registry at ${registryUrl} needs a team token`);
  }
  const config: PublisherConfig = {
    registryUrl,
    token,
    waitMs: reader.integer('SITE_REMOTES_WAIT_MS', 60_000, 0),
    canaryWaitMs: reader.integer('SITE_REMOTES_CANARY_WAIT_MS', 180_000, 0),
  };
  reader.finish('site-remotes');
  return config;
}
