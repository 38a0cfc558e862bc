import type { RegistryDocument } from '@site/contracts';
import type { CanaryJudge } from './canary';
import { fleetView } from './fleet';
import type { RegistryStore } from './state';

type Sample = [Record<string, string>, number];

function exposition(metrics: Array<{ name: string; help: string; type: 'gauge' | 'counter'; samples: Sample[] }>): string {
  const lines: string[] = [];
  for (const { name, help, type, samples } of metrics) {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const [labels, value] of samples) {
      const rendered = Object.entries(labels)
        .map(([key, v]) => `${key}="${v.replace(/["\\\n]/g, '_')}"`)
        .join(',');
      lines.push(`${name}{${rendered}} ${value}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * What only the registry knows, in Prometheus' text format: the fleet (shells reporting, shells behind the live
 * version, propagation of the last change), the canaries and the judge's automatic verdicts. The shells' own
 * `/metrics` carry their render and browser errors; alert rules join the two.
 */
export async function registryMetrics(store: RegistryStore, document: RegistryDocument, judge: CanaryJudge): Promise<string> {
  const fleet = await fleetView(store, document, judge);
  const fresh = fleet.instances.filter((row) => row.fresh).length;
  const verdicts = fleet.canaries;
  const canaries = document.remotes.filter((remote) => remote.canary);
  // Every live remote starts at 0, so increase() sees a remote's first automatic rollback.
  const outcomes = new Map(document.remotes.map((remote) => [remote.name, { promoted: 0, rolledBack: 0 }]));
  for (const [remote, counts] of Object.entries(await store.verdictCounts())) outcomes.set(remote, counts);
  return exposition([
    { name: 'site_registry_revision', help: 'Revision of the registry document', type: 'gauge', samples: [[{}, document.revision]] },
    {
      name: 'site_fleet_shells',
      help: 'Shells that reported to the registry, fresh (within 30 s) or stale',
      type: 'gauge',
      samples: [
        [{ state: 'fresh' }, fresh],
        [{ state: 'stale' }, fleet.instances.length - fresh],
      ],
    },
    {
      name: 'site_fleet_shells_behind',
      help: 'Fresh shells not serving the live version of a remote',
      type: 'gauge',
      samples: fleet.remotes.map((remote) => [{ remote: remote.name, version: remote.version }, remote.behind.length]),
    },
    {
      name: 'site_fleet_propagation_seconds',
      help: 'Time from the last deploy or rollback of a remote until every fresh shell served it',
      type: 'gauge',
      samples: fleet.remotes
        .filter((remote) => remote.propagationMs !== null)
        .map((remote) => [{ remote: remote.name, version: remote.version }, remote.propagationMs! / 1000]),
    },
    {
      name: 'site_registry_live_version',
      help: 'Versions the registry names live (role stable, or canary): a shell serving any other version serves one the registry retired',
      type: 'gauge',
      samples: document.remotes.flatMap((remote) => [
        [{ remote: remote.name, version: remote.version, role: 'stable' }, 1] as Sample,
        ...(remote.canary ? [[{ remote: remote.name, version: remote.canary.version, role: 'canary' }, 1] as Sample] : []),
      ]),
    },
    {
      name: 'site_canary_percent',
      help: "Share of visitors served a remote's canary version (0 when none)",
      type: 'gauge',
      samples: document.remotes.map((remote) => [{ remote: remote.name, version: remote.canary?.version ?? '' }, remote.canary?.percent ?? 0]),
    },
    {
      name: 'site_canary_error_rate',
      help: 'Render and browser errors per render of a watched canary, across the fleet',
      type: 'gauge',
      samples: canaries.flatMap((remote) => {
        const verdict = verdicts[remote.name];
        return verdict && verdict.version === remote.canary!.version
          ? ([
              [{ remote: remote.name, version: verdict.version, role: 'canary' }, verdict.errorRate],
              [{ remote: remote.name, version: remote.version, role: 'stable' }, verdict.stableErrorRate],
            ] as Sample[])
          : [];
      }),
    },
    {
      name: 'site_canary_judge_leader',
      help: "Whether this registry replica is the fleet's canary judge (1) or a standby (0)",
      type: 'gauge',
      samples: [[{}, judge.isLeader() ? 1 : 0]],
    },
    {
      name: 'site_canary_rollbacks_total',
      help: 'Canaries the judge rolled back by itself (from the audit log: the same on every registry replica)',
      type: 'counter',
      samples: [...outcomes].map(([remote, counts]) => [{ remote }, counts.rolledBack]),
    },
    {
      name: 'site_canary_promotions_total',
      help: 'Canaries the judge promoted by itself (from the audit log: the same on every registry replica)',
      type: 'counter',
      samples: [...outcomes].map(([remote, counts]) => [{ remote }, counts.promoted]),
    },
  ]);
}
