import path from 'node:path';
import { captchaConfigFromEnv, type CaptchaConfig } from '../forms/captcha';

export interface ShellConfig {
  host: string;
  port: number;
  /** Where the content API listens, for the server's own calls and the `/api/` proxy. */
  contentApiUrl: string;
  /** The API base the browser uses (same origin, proxied): spec point 7's configured REST path. */
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
  /** The token the operator pages (`/_platform`, `/metrics`) ask for; without one they are not served. */
  operatorToken: string | null;
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
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function integer(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? Math.floor(parsed) : fallback;
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
    port: integer(env.PORT, 3000),
    contentApiUrl: (env.CONTENT_API_URL ?? 'http://127.0.0.1:3002').replace(/\/+$/, ''),
    publicApiBase: env.PUBLIC_API_BASE ?? '/api/',
    registryUrl: env.REGISTRY_URL ?? 'http://127.0.0.1:3003/registry.json',
    registryPollMs: integer(env.REGISTRY_POLL_MS, 2000),
    remoteLoadTimeoutMs: integer(env.REMOTE_LOAD_TIMEOUT_MS, 1500),
    remoteEntryTimeoutMs: integer(env.REMOTE_ENTRY_TIMEOUT_MS, 3000),
    sectionLoadBudgetMs: integer(env.SECTION_LOAD_BUDGET_MS, 1500),
    breakerFailureThreshold: integer(env.BREAKER_FAILURES, 3),
    breakerCooldownMs: integer(env.BREAKER_COOLDOWN_MS, 10000),
    initCacheTtlMs: integer(env.INIT_CACHE_TTL_MS, 30000),
    ownLegacyHosts: list(env.OWN_LEGACY_HOSTS ?? 'old.ntu.example'),
    pdfRedirectHosts: list(env.PDF_REDIRECT_HOSTS),
    mediaHosts: list(env.MEDIA_HOSTS).map((host) => host.toLowerCase()),
    redirectHosts: list(env.REDIRECT_HOSTS).map((host) => host.toLowerCase()),
    analyticsCounterId: env.ANALYTICS_COUNTER_ID ?? '',
    analyticsEndpoint: env.ANALYTICS_ENDPOINT ?? '',
    browserDistDir: env.SHELL_BROWSER_DIST ?? path.join(distDir, 'browser'),
    publicOrigin: originFrom(env.PUBLIC_ORIGIN),
    allowedHosts: list(env.ALLOWED_HOSTS).map((host) => host.toLowerCase()).concat(localHosts(integer(env.PORT, 3000))),
    contentApiTimeoutMs: integer(env.CONTENT_API_TIMEOUT_MS, 1500),
    contentApiBreakerFailures: integer(env.CONTENT_API_BREAKER_FAILURES, 3),
    contentApiBreakerCooldownMs: integer(env.CONTENT_API_BREAKER_COOLDOWN_MS, 5000),
    contentRevisionPollMs: integer(env.CONTENT_REVISION_POLL_MS, 1000),
    pageCache: {
      enabled: flag(env.PAGE_CACHE, true),
      maxBytes: integer(env.PAGE_CACHE_MAX_MB, 64) * 1024 * 1024,
      freshMs: integer(env.PAGE_CACHE_FRESH_MS, 60_000),
      staleIfErrorMs: integer(env.PAGE_CACHE_STALE_IF_ERROR_MS, 24 * 60 * 60 * 1000),
      sharedMaxAgeSeconds: integer(env.PAGE_CACHE_SHARED_MAX_AGE_S, 5),
      sharedStaleWhileRevalidateSeconds: integer(env.PAGE_CACHE_SHARED_SWR_S, 60),
      retryAfterSeconds: integer(env.PAGE_RETRY_AFTER_S, 10),
    },
    captcha: captchaConfigFromEnv(env),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    logRequests: flag(env.LOG_REQUESTS, false),
    operatorToken: env.OPERATOR_TOKEN?.trim() || null,
  };
}
