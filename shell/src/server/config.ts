import path from 'node:path';
import { captchaConfigFromEnv, type CaptchaConfig } from '../forms/captcha';
import { hstsMaxAge } from '../security/headers';
import { captchaStandInEnabled } from '../forms/captcha-standin-settings';
import { readProxyLimits, type ProxyLimits } from './proxy-limits';
import { dashboardVerifierFrom, pageTokenKeyFrom } from './secrets';
import { devRemotesDirFrom } from '../federation/dev-overrides';

export interface ShellConfig {
  host: string;
  port: number;
  /** Where the content API listens, for the server's own calls and the `/api/` proxy. */
  contentApiUrl: string;
  /** The API base the browser uses (same origin, proxied): the configured REST path. */
  publicApiBase: string;
  registryUrl: string;
  registryPollMs: number;
  /** Time to load one section's module from its remote during SSR. */
  remoteLoadTimeoutMs: number;
  /** Time to fetch one remote entry or manifest. */
  remoteEntryTimeoutMs: number;
  /** Default time budget of a section's data loader during SSR. */
  sectionLoadBudgetMs: number;
  breakerFailureThreshold: number;
  breakerCooldownMs: number;
  initCacheTtlMs: number;
  /** Hosts of the product's older site: links to them stay in the same tab. */
  ownLegacyHosts: string[];
  /** Hosts a stored (backend) redirect may send visitors to; any other target must be a path on the site. */
  redirectHosts: string[];
  /** Hosts stored HTML and pages may load images from (https), besides the site's own /media/. */
  mediaHosts: string[];
  /** Hosts `/pdf-redirect` may send visitors to. */
  pdfRedirectHosts: string[];
  /** Site-analytics counter id; nothing is sent when empty. */
  analyticsCounterId: string;
  /** Where the browser sends page hits (a collector URL); nothing is sent when empty. */
  analyticsEndpoint: string;
  /** Browser build of the shell. */
  browserDistDir: string;
  /**
   * The canonical origin of absolute links (canonical, hreflang, og:url), e.g. https://www.example.edu. When unset,
   * the request's host is used only if it is on `allowedHosts`; anything else gets the first allowed host.
   */
  publicOrigin: string | null;
  /** Hosts (host[:port]) the site answers as when no public origin is set; never taken from an unchecked header. */
  allowedHosts: string[];
  /** Server-side time budget of one content API call. */
  contentApiTimeoutMs: number;
  contentApiBreakerFailures: number;
  contentApiBreakerCooldownMs: number;
  /** How often the content revision is read (an editor's change reaches the pages within about this long). */
  contentRevisionPollMs: number;
  pageCache: PageCacheConfig;
  /** The captcha forms run in the browser; null runs without one. */
  captcha: CaptchaConfig | null;
  /**
   * Whose X-Forwarded-For names the visitor (Fastify's trustProxy): `false`, `true` (every hop), or addresses, CIDRs
   * and the presets loopback, linklocal and uniquelocal. By default the reverse proxies of a private network: a
   * visitor's own X-Forwarded-For is never believed, so the per-client rate limit cannot be dodged with it.
   */
  trustProxy: boolean | string;
  /** pino level of the server log, and whether every request gets a line (the reverse proxy keeps the access log). */
  logLevel: string;
  logRequests: boolean;
  /**
   * sha256 of the dashboard password the operator pages (`/_platform`, `/metrics`) ask for; without one they are not
   * served. A credential of its own: it grants nothing at the registry.
   */
  dashboardVerifier: string | null;
  /** The fleet token: reports to the registry's fleet and reads it; it cannot publish, activate or roll back. */
  fleetToken: string | null;
  /** The key of the page tokens that make browsers' reports count. */
  pageTokenKey: Buffer;
  /** How the same-origin API proxy shares the content API between visitors. */
  proxyLimits: ProxyLimits;
  /** HSTS max-age sent over TLS; 0: none. */
  hstsMaxAgeSeconds: number;
  /** Where `npm start`'s supervisor writes the state of its services (for the dashboard), when it runs us. */
  supervisorStatusFile: string | null;
  /** The secret of the development captcha stand-in; null unless `npm start` runs without a provider (never in production). */
  captchaStandInSecret: string | null;
  /** This shell's name in the fleet view; by default derived from the host and port. */
  shellInstanceId: string | null;
  /**
   * The folder of development builds of remotes (`npm run dev -w @site/remote-<team>` registers there), served in
   * place of the registry's versions; null unless `npm start` runs for development (refused with NODE_ENV=production).
   */
  devRemotesDir: string | null;
}

export interface PageCacheConfig {
  enabled: boolean;
  /** Upper bound of the rendered pages kept in memory, compressed variants included. */
  maxBytes: number;
  /** How long a page is served without a new render when neither the content nor the remotes changed. */
  freshMs: number;
  /** How long a page may still be served while the content API (or a render) fails. */
  staleIfErrorMs: number;
  /** `s-maxage` for caches in front (nginx): short, since they cannot see the content revision. */
  sharedMaxAgeSeconds: number;
  /** `stale-while-revalidate` for caches in front. */
  sharedStaleWhileRevalidateSeconds: number;
  /** `Retry-After` of a 503 answered while the content API is unavailable. */
  retryAfterSeconds: number;
  /**
   * Per client address, the answers the cache did not hold (renders, redirects to a canonical address): at most
   * `missBurst` at once, refilled at `missPerSecond`. Over it a client still gets every cached page; a page nobody
   * has seen is answered 429 with Retry-After.
   */
  missBurst: number;
  missPerSecond: number;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A whole-number setting: unset means the default, anything else below `minimum` stops the start with its name. */
function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, minimum = 1): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < minimum) throw new Error(`${name} must be a whole number of at least ${minimum}, not "${value}"`);
  return parsed;
}

/**
 * How the shell stops on SIGTERM: /ready answers 503 for SHUTDOWN_DELAY_MS (0 by default: Kubernetes' preStop pause
 * does that wait), then renders and proxied calls in flight get at most DRAIN_TIMEOUT_MS before the process exits.
 */
export function lifecycleFromEnv(env: NodeJS.ProcessEnv = process.env): { drainTimeoutMs: number; shutdownDelayMs: number } {
  return { drainTimeoutMs: integerSetting(env, 'DRAIN_TIMEOUT_MS', 20_000, 0), shutdownDelayMs: integerSetting(env, 'SHUTDOWN_DELAY_MS', 0, 0) };
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return !/^(0|false|off|no)$/i.test(value.trim());
}

/** The origin from PUBLIC_ORIGIN: http or https only, no path; anything else stops the start with the reason. */
function originFrom(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_ORIGIN is not a URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_ORIGIN must be http or https: ${text}`);
  return url.origin;
}

function trustProxyFrom(value: string | undefined): boolean | string {
  const setting = value?.trim() || 'loopback,linklocal,uniquelocal';
  return setting === 'true' ? true : setting === 'false' ? false : setting;
}

/** The addresses a local run answers on: always allowed, so `npm start` needs no setting. */
function localHosts(port: number): string[] {
  return [`localhost:${port}`, `127.0.0.1:${port}`];
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, distDir = path.resolve(__dirname, '..')): ShellConfig {
  return {
    host: env.HOST ?? '127.0.0.1',
    port: integerSetting(env, 'PORT', 3000, 0),
    contentApiUrl: (env.CONTENT_API_URL ?? 'http://127.0.0.1:3002').replace(/\/+$/, ''),
    publicApiBase: env.PUBLIC_API_BASE ?? '/api/',
    registryUrl: env.REGISTRY_URL ?? 'http://127.0.0.1:3003/registry.json',
    registryPollMs: integerSetting(env, 'REGISTRY_POLL_MS', 2000),
    remoteLoadTimeoutMs: integerSetting(env, 'REMOTE_LOAD_TIMEOUT_MS', 1500),
    remoteEntryTimeoutMs: integerSetting(env, 'REMOTE_ENTRY_TIMEOUT_MS', 3000),
    sectionLoadBudgetMs: integerSetting(env, 'SECTION_LOAD_BUDGET_MS', 1500),
    breakerFailureThreshold: integerSetting(env, 'BREAKER_FAILURES', 3),
    breakerCooldownMs: integerSetting(env, 'BREAKER_COOLDOWN_MS', 10000),
    initCacheTtlMs: integerSetting(env, 'INIT_CACHE_TTL_MS', 30000),
    ownLegacyHosts: list(env.OWN_LEGACY_HOSTS ?? 'old.ntu.example'),
    pdfRedirectHosts: list(env.PDF_REDIRECT_HOSTS),
    mediaHosts: list(env.MEDIA_HOSTS).map((host) => host.toLowerCase()),
    redirectHosts: list(env.REDIRECT_HOSTS).map((host) => host.toLowerCase()),
    analyticsCounterId: env.ANALYTICS_COUNTER_ID ?? '',
    analyticsEndpoint: env.ANALYTICS_ENDPOINT ?? '',
    browserDistDir: env.SHELL_BROWSER_DIST ?? path.join(distDir, 'browser'),
    publicOrigin: originFrom(env.PUBLIC_ORIGIN),
    allowedHosts: list(env.ALLOWED_HOSTS)
      .map((host) => host.toLowerCase())
      .concat(localHosts(integerSetting(env, 'PORT', 3000, 0))),
    contentApiTimeoutMs: integerSetting(env, 'CONTENT_API_TIMEOUT_MS', 1500),
    contentApiBreakerFailures: integerSetting(env, 'CONTENT_API_BREAKER_FAILURES', 3),
    contentApiBreakerCooldownMs: integerSetting(env, 'CONTENT_API_BREAKER_COOLDOWN_MS', 5000),
    contentRevisionPollMs: integerSetting(env, 'CONTENT_REVISION_POLL_MS', 1000),
    pageCache: {
      enabled: flag(env.PAGE_CACHE, true),
      maxBytes: integerSetting(env, 'PAGE_CACHE_MAX_MB', 64) * 1024 * 1024,
      freshMs: integerSetting(env, 'PAGE_CACHE_FRESH_MS', 60_000),
      staleIfErrorMs: integerSetting(env, 'PAGE_CACHE_STALE_IF_ERROR_MS', 24 * 60 * 60 * 1000),
      sharedMaxAgeSeconds: integerSetting(env, 'PAGE_CACHE_SHARED_MAX_AGE_S', 5),
      sharedStaleWhileRevalidateSeconds: integerSetting(env, 'PAGE_CACHE_SHARED_SWR_S', 60),
      retryAfterSeconds: integerSetting(env, 'PAGE_RETRY_AFTER_S', 10),
      missBurst: integerSetting(env, 'PAGE_MISS_BURST', 120),
      missPerSecond: integerSetting(env, 'PAGE_MISS_PER_SECOND', 20),
    },
    captcha: captchaConfigFromEnv(env),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    logRequests: flag(env.LOG_REQUESTS, false),
    dashboardVerifier: dashboardVerifierFrom(env),
    fleetToken: env.FLEET_TOKEN?.trim() || null,
    pageTokenKey: pageTokenKeyFrom(env),
    proxyLimits: readProxyLimits(env),
    hstsMaxAgeSeconds: hstsMaxAge(env),
    supervisorStatusFile: env.SUPERVISOR_STATUS_FILE?.trim() || null,
    shellInstanceId: env.SHELL_INSTANCE_ID?.trim() || null,
    captchaStandInSecret: captchaStandInEnabled(env) ? env.CAPTCHA_STANDIN_SECRET?.trim() || null : null,
    devRemotesDir: devRemotesDirFrom(env),
  };
}
