import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Actor } from './operations';

/** Team tokens as the registry keeps them: sha256 hashes only, by team (= remote name). */
export interface TokenConfig {
  teams: Record<string, string>;
  /** sha256 of the platform team's token (`site-remotes`, Prometheus at the registry): every power. */
  platform: string | null;
  /**
   * sha256 of the shells' fleet token: it may only report to the fleet and read (fleet, audit, remotes). Shells run
   * teams' server code in their process, so they hold this one, never the platform token.
   */
  fleet?: string | null;
}

/**
 * The actor of the fleet token. Its name cannot be a remote's (a colon), so every check that lets a team act on its
 * own remote, or the platform team on every one, refuses it: publish, activate, canary, rollback, register, retire,
 * transfer.
 */
export const FLEET_ACTOR = 'fleet:shells';

/** Team names as token files may give them: remote names only, so no team token can pose as the fleet. */
const TEAM_NAME = /^[a-z][a-z0-9-]{1,31}$/;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token.trim()).digest('hex');
}

/**
 * Reads the token configuration: `REGISTRY_TEAM_TOKENS` (`news=<sha256>,events=<sha256>`) or the JSON file
 * `REGISTRY_TOKENS_FILE` (`{"news": "<sha256>"}`, default `<DATA_DIR>/registry/team-tokens.json`); the platform
 * team's token is `OPERATOR_TOKEN` (kept only as its hash) or `REGISTRY_PLATFORM_TOKEN_SHA256`; the shells' fleet
 * token is `FLEET_TOKEN` (hashed) or `REGISTRY_FLEET_TOKEN_SHA256`.
 */
export function loadTokenConfig(env: NodeJS.ProcessEnv, dataDir: string): TokenConfig {
  const teams: Record<string, string> = {};
  const file = env.REGISTRY_TOKENS_FILE ?? path.join(dataDir, 'registry', 'team-tokens.json');
  if (fs.existsSync(file)) Object.assign(teams, JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>);
  for (const pair of (env.REGISTRY_TEAM_TOKENS ?? '').split(',').filter(Boolean)) {
    const [team, hash] = pair.split('=');
    if (team && hash) teams[team.trim()] = hash.trim().toLowerCase();
  }
  for (const team of Object.keys(teams)) if (!TEAM_NAME.test(team)) delete teams[team];
  const platform = env.REGISTRY_PLATFORM_TOKEN_SHA256 ?? (env.OPERATOR_TOKEN ? hashToken(env.OPERATOR_TOKEN) : null);
  const fleet = env.REGISTRY_FLEET_TOKEN_SHA256 ?? (env.FLEET_TOKEN ? hashToken(env.FLEET_TOKEN) : null);
  return { teams, platform, fleet };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && crypto.timingSafeEqual(left, right);
}

/** The team a bearer token belongs to, or null. */
export function actorFor(authorization: string | undefined, config: TokenConfig): Actor | null {
  const match = /^bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!match) return null;
  const hash = hashToken(match[1]!);
  if (config.platform && sameHash(hash, config.platform)) return { name: 'platform' };
  if (config.fleet && sameHash(hash, config.fleet)) return { name: FLEET_ACTOR };
  for (const [team, expected] of Object.entries(config.teams)) if (sameHash(hash, expected)) return { name: team };
  return null;
}

/**
 * Local tokens for `npm start`: one per team in `<dataDir>/team-tokens/<team>` (owner-readable), their hashes in
 * `<dataDir>/registry/team-tokens.json`. Answers the tokens made now, so they are printed once.
 */
export function ensureLocalTeamTokens(dataDir: string, teams: string[]): Record<string, string> {
  const dir = path.join(dataDir, 'team-tokens');
  const hashesFile = path.join(dataDir, 'registry', 'team-tokens.json');
  fs.mkdirSync(dir, { recursive: true });
  fs.mkdirSync(path.dirname(hashesFile), { recursive: true });
  const hashes: Record<string, string> = fs.existsSync(hashesFile) ? (JSON.parse(fs.readFileSync(hashesFile, 'utf8')) as Record<string, string>) : {};
  const made: Record<string, string> = {};
  for (const team of teams) {
    const file = path.join(dir, team);
    if (!fs.existsSync(file)) {
      const token = `${team}_${crypto.randomBytes(24).toString('base64url')}`;
      fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
      made[team] = token;
    }
    hashes[team] = hashToken(fs.readFileSync(file, 'utf8'));
  }
  fs.writeFileSync(`${hashesFile}.tmp`, `${JSON.stringify(hashes, null, 2)}\n`);
  fs.renameSync(`${hashesFile}.tmp`, hashesFile);
  return made;
}
