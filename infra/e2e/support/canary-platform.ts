import type { APIRequestContext } from '@playwright/test';
import type { AuditEntry } from '@site/contracts/fleet';
import { liveNewsVersion, newsVersionSeenBy, putOwnPage } from './news-release';
import { startOwnPlatform, type OwnPlatform } from './own-platform';

// A platform of its own for the specs that release canaries of the news remote: its tokens, the canary judge's
// settings (changed between tests by restarting the registry, which is much cheaper than another platform) and the
// pages the canaries are looked at on.

/** Buckets below the canary's percentage get the canary: 10 is a canary visitor at 50 %, 80 a stable one. */
export const CANARY_BUCKET = 10;
export const STABLE_BUCKET = 80;

/** The canary judge's settings: renders a verdict on errors needs, how long a healthy canary waits, beacons for speed. */
export interface CanaryPolicy {
  minRenders: number;
  windowMs: number;
  vitalsMinSamples?: number;
  /** The Web Vitals the judge compares (all three when left out). */
  vitalsMetrics?: Array<'LCP' | 'INP' | 'CLS'>;
}

function policyEnv(policy: CanaryPolicy): Record<string, string> {
  return {
    CANARY_MIN_RENDERS: String(policy.minRenders),
    CANARY_WINDOW_MS: String(policy.windowMs),
    ...(policy.vitalsMinSamples === undefined ? {} : { CANARY_VITALS_MIN_SAMPLES: String(policy.vitalsMinSamples) }),
    ...(policy.vitalsMetrics === undefined ? {} : { CANARY_VITALS_METRICS: policy.vitalsMetrics.join(',') }),
  };
}

export interface CanaryPlatform extends OwnPlatform {
  operatorToken: string;
  dashboardToken: string;
  /** Restarts the registry with the judge's new settings; its state (versions, canaries, audit log) stays. */
  judgeWith(policy: CanaryPolicy): Promise<void>;
  /** Saves a page of news sections at `/<slug>`. */
  putPage(slug: string, title: string, components: Array<{ id: string; name: string; props: Record<string, unknown> }>): Promise<void>;
  /** The version of the news remote the shell serves to everyone. */
  liveNewsVersion(): Promise<string>;
  /** The registry's audit log of the news remote, newest first. */
  audit(): Promise<AuditEntry[]>;
}

/** The version of the news remote that rendered `/<slug>` for this visitor. */
export const newsVersionOn = (context: APIRequestContext, slug: string) => newsVersionSeenBy(context, `/${slug}`);

/**
 * Starts a platform whose canary judge works by `policy`; pages are re-rendered at most every half second, so that
 * visitors' traffic makes renders to judge.
 */
export async function startCanaryPlatform(name: string, policy: CanaryPolicy): Promise<CanaryPlatform> {
  const operatorToken = `e2e-${name}-operator-token`;
  const dashboardToken = `e2e-${name}-dashboard-token`;
  const adminToken = `e2e-${name}-admin-token`;
  const platform = await startOwnPlatform(name, {
    OPERATOR_TOKEN: operatorToken,
    DASHBOARD_TOKEN: dashboardToken,
    CONTENT_ADMIN_TOKEN: adminToken,
    PAGE_CACHE_FRESH_MS: '500',
    ...policyEnv(policy),
  });
  return {
    ...platform,
    operatorToken,
    dashboardToken,
    judgeWith: (next) => platform.restartService('registry', policyEnv(next)),
    putPage: (slug, title, components) => putOwnPage(platform, adminToken, { slug, title, components }),
    liveNewsVersion: () => liveNewsVersion(platform, dashboardToken),
    async audit() {
      const response = await fetch(`${platform.registry}/api/audit?remote=news`, { headers: { authorization: `Bearer ${operatorToken}` } });
      if (!response.ok) throw new Error(`the audit log answered ${response.status}`);
      return ((await response.json()) as { entries: AuditEntry[] }).entries;
    },
  };
}
