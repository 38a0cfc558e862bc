import path from 'node:path';

type CaptchaMode = 'v3' | 'enterprise';

export interface CaptchaConfig {
  /** False only when explicitly disabled (CAPTCHA_DISABLED=true), for local work. */
  enabled: boolean;
  mode: CaptchaMode;
  verifyUrl: string;
  secret: string | undefined;
  /** Enterprise assessments name the site key of the token. */
  siteKey: string | undefined;
  minScore: number;
  /** Expected action per form kind; a token for another action is refused. Empty: any action. */
  expectedActions: Record<string, string>;
  timeoutMs: number;
}

export interface RateLimitConfig {
  /**
   * Submissions one IP address may make per window across all form endpoints: high, because a campus or a
   * dormitory puts many students behind one address.
   */
  max: number;
  /** Submissions one browser (its client id) may make per window: low, it is one person. */
  clientMax: number;
  windowMs: number;
}

export interface ContentApiConfig {
  host: string;
  port: number;
  /** This replica's own folder: the SQLite file when there is no PostgreSQL. */
  dataDir: string;
  /**
   * The folder every replica sees at once (SHARED_DATA_DIR, a ReadWriteMany volume in a cluster): form uploads and
   * the image cache, which any replica may be asked for. Unset: the data folder, as `npm start`'s one process needs.
   */
  sharedDataDir?: string;
  /** PostgreSQL connection string; SQLite file `dataDir/content.sqlite` when absent. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use (tests and benches isolate themselves in a fresh one). */
  databaseSchema: string | undefined;
  /** An explicit SQLite file (tests); defaults to `dataDir/content.sqlite`. */
  sqliteFile: string | undefined;
  adminToken: string | undefined;
  captcha: CaptchaConfig;
  rateLimit: RateLimitConfig;
  /** The day the seed's relative dates hang on (YYYY-MM-DD); today by default, so upcoming events exist. */
  seedReferenceDate: string | undefined;
  /** The university's time zone: "today" and event days are computed in it. */
  timeZone: string;
  /** Seconds a GET answer may be cached by clients and proxies. */
  cacheMaxAgeSeconds: number;
  logger: boolean;
  /** One log line per request; off by default (the shell's proxy and the reverse proxy keep access logs). */
  logRequests: boolean;
  /** Whose X-Forwarded-For names the client (rate limit, captcha remote IP); see trustProxyFrom. */
  trustProxy: boolean | string;
  /** A request body sending fewer than `uploadMinBytesPerSecond` over a window of `uploadIdleTimeoutMs` is cut. */
  uploadIdleTimeoutMs: number;
  uploadMinBytesPerSecond: number;
  /** Hosts a stored redirect may send visitors to (absolute https/http targets); paths on the site always may. */
  redirectHosts: string[];
}

const REPO_ROOT = path.resolve(__dirname, '../../..');
const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

function numberFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`${name} must be a number, got "${value}"`);
  return parsed;
}

/**
 * How the API stops on SIGTERM: readiness answers 503 for SHUTDOWN_DELAY_MS (0 by default: Kubernetes' preStop
 * pause does that wait), then requests in flight get at most DRAIN_TIMEOUT_MS before the process exits.
 */
export function lifecycleFromEnv(env: NodeJS.ProcessEnv = process.env): { drainTimeoutMs: number; shutdownDelayMs: number } {
  const drainTimeoutMs = numberFrom(env.DRAIN_TIMEOUT_MS, 30_000, 'DRAIN_TIMEOUT_MS');
  const shutdownDelayMs = numberFrom(env.SHUTDOWN_DELAY_MS, 0, 'SHUTDOWN_DELAY_MS');
  if (drainTimeoutMs < 0 || shutdownDelayMs < 0) throw new Error('DRAIN_TIMEOUT_MS and SHUTDOWN_DELAY_MS must not be negative');
  return { drainTimeoutMs, shutdownDelayMs };
}

/** `contact=submit_contact,resume=submit_resume`, or one action name for every form. */
function parseExpectedActions(value: string | undefined): Record<string, string> {
  if (!value) return {};
  if (!value.includes('=')) return { '*': value.trim() };
  const actions: Record<string, string> = {};
  for (const pair of value.split(',')) {
    const [kind, action] = pair.split('=').map((part) => part.trim());
    if (kind && action) actions[kind] = action;
  }
  return actions;
}

/** Reads the configuration from the environment (see the package README for every variable). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ContentApiConfig {
  const mode = env.CAPTCHA_MODE === 'enterprise' ? 'enterprise' : 'v3';
  if (env.CAPTCHA_MODE && env.CAPTCHA_MODE !== 'v3' && env.CAPTCHA_MODE !== 'enterprise') {
    throw new Error(`CAPTCHA_MODE must be v3 or enterprise, got "${env.CAPTCHA_MODE}"`);
  }
  return {
    host: env.HOST || '127.0.0.1',
    port: numberFrom(env.PORT, 3002, 'PORT'),
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data')),
    ...(env.SHARED_DATA_DIR ? { sharedDataDir: path.resolve(env.SHARED_DATA_DIR) } : {}),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    sqliteFile: undefined,
    adminToken: env.CONTENT_ADMIN_TOKEN || undefined,
    captcha: {
      enabled: env.CAPTCHA_DISABLED !== 'true',
      mode,
      verifyUrl: env.CAPTCHA_VERIFY_URL || GOOGLE_SITEVERIFY_URL,
      secret: env.CAPTCHA_SECRET || undefined,
      siteKey: env.CAPTCHA_SITE_KEY || undefined,
      minScore: numberFrom(env.CAPTCHA_MIN_SCORE, 0.5, 'CAPTCHA_MIN_SCORE'),
      expectedActions: parseExpectedActions(env.CAPTCHA_ACTION),
      timeoutMs: numberFrom(env.CAPTCHA_TIMEOUT_MS, 5000, 'CAPTCHA_TIMEOUT_MS'),
    },
    rateLimit: {
      max: numberFrom(env.FORM_RATE_LIMIT_MAX, 300, 'FORM_RATE_LIMIT_MAX'),
      clientMax: numberFrom(env.FORM_CLIENT_RATE_LIMIT_MAX, 10, 'FORM_CLIENT_RATE_LIMIT_MAX'),
      windowMs: numberFrom(env.FORM_RATE_LIMIT_WINDOW_MS, 60_000, 'FORM_RATE_LIMIT_WINDOW_MS'),
    },
    seedReferenceDate: env.SEED_REFERENCE_DATE || undefined,
    timeZone: env.CONTENT_TIME_ZONE || 'Europe/Moscow',
    cacheMaxAgeSeconds: numberFrom(env.CACHE_MAX_AGE_SECONDS, 30, 'CACHE_MAX_AGE_SECONDS'),
    logger: env.CONTENT_API_LOG !== 'false',
    logRequests: env.LOG_REQUESTS === 'true',
    // The shell's proxy on this machine by default; in a cluster, the private network the shell is on.
    trustProxy: trustProxyFrom(env.TRUST_PROXY, 'loopback'),
    uploadIdleTimeoutMs: numberFrom(env.UPLOAD_IDLE_TIMEOUT_MS, 30_000, 'UPLOAD_IDLE_TIMEOUT_MS'),
    uploadMinBytesPerSecond: numberFrom(env.UPLOAD_MIN_BYTES_PER_SECOND, 2048, 'UPLOAD_MIN_BYTES_PER_SECOND'),
    redirectHosts: (env.REDIRECT_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  };
}

/**
 * Which proxies' X-Forwarded-For is believed (Fastify's trustProxy): `false`, `true` (every hop: only when nothing
 * but trusted proxies can reach the server), or addresses, CIDRs and the presets loopback, linklocal
 * and uniquelocal, comma-separated. The client address is the first one, from the right, that is not trusted.
 */
export function trustProxyFrom(value: string | undefined, fallback: string): boolean | string {
  const setting = value?.trim() || fallback;
  if (setting === 'false') return false;
  if (setting === 'true') return true;
  return setting;
}

export function sqliteFileOf(config: ContentApiConfig): string {
  return config.sqliteFile ?? path.join(config.dataDir, 'content.sqlite');
}

/** Accepted uploads, in the shared folder: whichever replica accepted one, every replica can read it. */
export function uploadsDirOf(config: ContentApiConfig): string {
  return path.join(config.sharedDataDir ?? config.dataDir, 'uploads');
}

/** Resized images, in the shared folder: one replica's work serves the others. */
export function mediaCacheDirOf(config: ContentApiConfig): string {
  return path.join(config.sharedDataDir ?? config.dataDir, 'media-cache');
}
