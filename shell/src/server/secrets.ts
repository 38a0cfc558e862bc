import { createHash, randomBytes } from 'node:crypto';

/**
 * Variables that name a secret: the shell reads the ones it needs once, at start, and removes every one of them from
 * its environment before any team's server code runs in this process (remote containers are evaluated here).
 */
const SECRET_NAME = /(?:TOKEN|SECRET|PASSWORD|PASSPHRASE|_KEY)(?:_SHA256)?$|^DATABASE_URL$|^REGISTRY_DATABASE_URL$|^REGISTRY_TEAM_TOKENS$/;

/** Names that are not secrets although they look like one (a captcha site key is public: it is in every page). */
const PUBLIC_NAMES = new Set(['CAPTCHA_SITE_KEY']);

/** Deletes every secret-looking variable from the environment; answers the names it removed (for the start log). */
export function scrubSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  const removed = Object.keys(env).filter((name) => SECRET_NAME.test(name) && !PUBLIC_NAMES.has(name));
  for (const name of removed) delete env[name];
  return removed.sort();
}

/** sha256 (hex) of a dashboard password: the shell keeps only this, so its memory never holds the password itself. */
export function dashboardVerifier(token: string): string {
  return createHash('sha256').update(token.trim()).digest('hex');
}

/**
 * The dashboard's verifier: `DASHBOARD_TOKEN_SHA256` (what deployments give), else the hash of `DASHBOARD_TOKEN`.
 * Null: the operator pages are off.
 */
export function dashboardVerifierFrom(env: NodeJS.ProcessEnv): string | null {
  const hash = env.DASHBOARD_TOKEN_SHA256?.trim().toLowerCase();
  if (hash && /^[0-9a-f]{64}$/.test(hash)) return hash;
  const token = env.DASHBOARD_TOKEN?.trim();
  return token ? dashboardVerifier(token) : null;
}

/**
 * The key page tokens are signed with: `PAGE_TOKEN_KEY` (shared by a fleet's shells, so a beacon may reach another
 * replica than the page came from), else a random key of this process.
 */
export function pageTokenKeyFrom(env: NodeJS.ProcessEnv): Buffer {
  const given = env.PAGE_TOKEN_KEY?.trim();
  return given && given.length >= 16 ? Buffer.from(given, 'utf8') : randomBytes(32);
}
