import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Actor } from './operations';

/** Team tokens as the registry keeps them: sha256 hashes only, by team (= remote name). */
export interface TokenConfig {
  teams: Record<string, string>;
  /** sha256 of the platform team's token (the operator token of the shells' dashboard and /metrics). */
  platform: string | null;
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token.trim()).digest('hex');
}

/**
 * Reads the token configuration: `REGISTRY_TEAM_TOKENS` (`news=<sha256>,events=<sha256>`) or the JSON file
 * `REGISTRY_TOKENS_FILE` (`{"news": "<sha256>"}`, default `<DATA_DIR>/registry/team-tokens.json`); the platform
 * team's token is `OPERATOR_TOKEN` (kept only as its hash) or `REGISTRY_PLATFORM_TOKEN_SHA256`.
 */
export function loadTokenConfig(env: NodeJS.ProcessEnv, dataDir: string): TokenConfig {
  const teams: Record<string, string> = {};
  const file = env.REGISTRY_TOKENS_FILE ?? path.join(dataDir, 'registry', 'team-tokens.json');
  if (fs.existsSync(file)) Object.assign(teams, JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>);
  for (const pair of (env.REGISTRY_TEAM_TOKENS ?? '').split(',').filter(Boolean)) {
    const [team, hash] = pair.split('=');
    if (team && hash) teams[team.trim()] = hash.trim().toLowerCase();
  }
  const platform = env.REGISTRY_PLATFORM_TOKEN_SHA256 ?? (env.OPERATOR_TOKEN ? hashToken(env.OPERATOR_TOKEN) : null);
  return { teams, platform };
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
