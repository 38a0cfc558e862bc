import type { ReleaseReport, ReleaseSection } from '@site/contracts/fleet';
import type { Verdict } from './canary';
import { freshReports } from './fleet';
import type { DeployedVersion, RegistryState, RegistryStore } from './state';
import { mergeVitals, p75Display } from './vitals-judge';

type SectionChange = ReleaseSection['change'];

const GOING_LIVE = new Set(['activate', 'canary', 'canary-promote', 'rollback', 'register']);

/**
 * A section is "changed" when its compressed first-load JavaScript or CSS differs from the previous version's: the
 * figures the registry measured from the uploaded files at publish, so a change of code shows whatever the hashes
 * of file names. A version without figures for a section (registered from elsewhere) compares as unchanged.
 */
function compareSections(current: DeployedVersion, previous: DeployedVersion | undefined): ReleaseSection[] {
  const names = current.sections ?? Object.keys(current.sizes ?? {});
  const before = previous?.sections ?? Object.keys(previous?.sizes ?? {});
  const report = (name: string, change: SectionChange): ReleaseSection => ({
    name,
    change,
    js: current.sizes?.[name]?.js ?? null,
    css: current.sizes?.[name]?.css ?? null,
    previousJs: previous?.sizes?.[name]?.js ?? null,
    previousCss: previous?.sizes?.[name]?.css ?? null,
  });
  const sections = names.map((name) => {
    if (!previous || !before.includes(name)) return report(name, 'added');
    const now = current.sizes?.[name];
    const then = previous.sizes?.[name];
    return report(name, now && then && (now.js !== then.js || now.css !== then.css) ? 'changed' : 'unchanged');
  });
  const removed = before.filter((name) => !names.includes(name)).map((name) => report(name, 'removed'));
  return [...sections, ...removed];
}

/** The release page's figures for `remote@version`, or null when the registry never had that version. */
export async function releaseReport(
  store: RegistryStore,
  state: RegistryState,
  verdicts: Record<string, Verdict>,
  remote: string,
  version: string,
): Promise<ReleaseReport | null> {
  const entry = state.remotes[remote];
  const index = entry?.history.findIndex((item) => item.version === version) ?? -1;
  if (!entry || index < 0) return null;
  const current = entry.history[index]!;
  const previous = index > 0 ? entry.history[index - 1] : undefined;
  // Oldest first: the audit log answers newest first.
  const audit = (await store.auditLog(1000, remote))
    .filter((item) => item.to === version || item.from === version || item.detail?.startsWith(`canary ${version} `))
    .reverse();
  const published = audit.find((item) => item.outcome === 'ok' && item.to === version && (item.action === 'publish' || item.action === 'register'));
  const live = audit.find((item) => item.outcome === 'ok' && item.to === version && GOING_LIVE.has(item.action));
  const verdict = verdicts[remote]?.version === version ? verdicts[remote] : undefined;
  const judged = [...audit]
    .reverse()
    .find(
      (item) =>
        item.outcome === 'ok' && (item.action === 'canary-promote' || item.action === 'canary-rollback') && item.detail?.startsWith(`canary ${version} `),
    );
  const canary = verdict
    ? {
        state: verdict.state,
        reason: verdict.reason,
        at: verdict.at,
        renders: verdict.renders,
        errorRate: verdict.errorRate,
        stableErrorRate: verdict.stableErrorRate,
      }
    : judged
      ? {
          state: judged.action === 'canary-promote' ? 'promoted' : 'rolled back',
          reason: judged.detail!.replace(/^canary \S+ (promoted|rolled back): /, ''),
          at: judged.at,
          renders: null,
          errorRate: null,
          stableErrorRate: null,
        }
      : null;
  const reports = await freshReports(store);
  const counters = reports.flatMap(({ report }) => report.counters).filter((item) => item.remote === remote && item.version === version);
  const total = (pick: (item: (typeof counters)[number]) => number | undefined) => counters.reduce((sum, item) => sum + (pick(item) ?? 0), 0);
  const vitals = [...mergeVitals(reports.map(({ report }) => report.vitals ?? [])).values()]
    .filter((item) => item.remote === remote && item.version === version)
    .map((item) => ({ section: item.section, metric: item.name, p75: p75Display(item.name, item.buckets), samples: item.buckets.at(-1) ?? 0 }))
    .sort((a, b) => `${a.section} ${a.metric}`.localeCompare(`${b.section} ${b.metric}`));
  return {
    remote,
    version,
    previous: previous?.version ?? null,
    manifest: current.manifest,
    contractsVersion: current.contractsVersion ?? null,
    previousContractsVersion: previous?.contractsVersion ?? null,
    publishedBy: published?.actor ?? null,
    publishedAt: published?.at ?? current.deployedAt,
    liveSince: live?.at ?? null,
    status: current.bad ? 'bad' : entry.current === version ? 'live' : entry.canary?.version === version ? 'canary' : 'not live',
    bad: current.bad ?? null,
    sections: compareSections(current, previous),
    canary,
    errors: {
      renders: total((item) => item.renders),
      renderErrors: total((item) => item.renderErrors),
      pageViews: total((item) => item.pageViews),
      browserErrors: total((item) => item.browserErrors),
    },
    vitals,
    audit,
  };
}
