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
  /** The canonical origin for SEO links, e.g. https://www.example.edu; defaults to the request's. */
  publicOrigin: string | null;
  /** The captcha forms run in the browser; null runs without one. */
  captcha: CaptchaConfig | null;
  /**
   * Whose X-Forwarded-For names the visitor (Fastify's trustProxy): `false`, `true` (every hop), or addresses, CIDRs
   * and the presets loopback, linklocal and uniquelocal. By default the reverse proxies of a private network: a
   * visitor's own X-Forwarded-For is never believed, so the per-client rate limit cannot be dodged with it.
   */
  trustProxy: boolean | string;
  /** The token the operator pages (`/_platform`, `/metrics`) ask for; without one they are not served. */
  operatorToken: string | null;
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

function trustProxyFrom(value: string | undefined): boolean | string {
  const setting = value?.trim() || 'loopback,linklocal,uniquelocal';
  return setting === 'true' ? true : setting === 'false' ? false : setting;
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
    publicOrigin: env.PUBLIC_ORIGIN?.replace(/\/+$/, '') || null,
    captcha: captchaConfigFromEnv(env),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    operatorToken: env.OPERATOR_TOKEN?.trim() || null,
  };
}
