import { escapeHtml } from '../lib/html';
import type { PlatformStatus, RegistryView } from './routes';
import { renderTimelineCharts } from './timeline-svg';
import { releasePath } from './release-page';

/** A version, linked to its release page (sections, sizes, canary, errors and vitals). */
function releaseLink(remote: string, version: string): string {
  return `<a href="${escapeHtml(releasePath(remote, version))}">${escapeHtml(version)}</a>`;
}

function fleetSection(view: RegistryView): string {
  if (!view.fleet) return `<h2>Fleet</h2><p class="bad">${escapeHtml(view.error ?? 'unknown')}</p>`;
  const shells = view.fleet.instances
    .map(
      (
        shell,
      ) => `<tr data-instance="${escapeHtml(shell.instance)}"><th scope="row">${escapeHtml(shell.instance)}</th><td class="${shell.fresh ? 'ok' : 'bad'}">${shell.fresh ? 'reporting' : 'silent'} <small>(${escapeHtml(shell.reportedAt)})</small></td>
        <td>${shell.pollAgeMs === null ? '–' : `${(shell.pollAgeMs / 1000).toFixed(1)} s`}${shell.registryError ? `<br><small class="bad">${escapeHtml(shell.registryError)}</small>` : ''}</td>
        <td>${shell.live.map((item) => `${escapeHtml(item.remote)}@${escapeHtml(item.version)}${item.health === 'up' ? '' : ` (${escapeHtml(item.health)})`}${item.pending ? ` <small>waiting: ${escapeHtml(item.pending)}</small>` : ''}`).join('<br>')}</td></tr>`,
    )
    .join('');
  const remotes = view.fleet.remotes
    .map((remote) => {
      const verdict = view.fleet!.canaries[remote.name];
      return `<tr data-fleet-remote="${escapeHtml(remote.name)}"><th scope="row">${escapeHtml(remote.name)}</th><td>${releaseLink(remote.name, remote.version)}</td>
        <td>${remote.behind.length ? `<span class="bad">behind: ${remote.behind.map(escapeHtml).join(', ')}</span>` : `all ${remote.shells} shells`}${remote.propagationMs !== null ? ` in ${(remote.propagationMs / 1000).toFixed(1)} s` : ''}</td>
        <td>${remote.canary ? `${releaseLink(remote.name, remote.canary.version)} for ${remote.canary.percent}%` : '–'}${verdict ? `<br><small>${escapeHtml(verdict.version)}: ${escapeHtml(verdict.state)}: ${escapeHtml(verdict.reason)}</small>` : ''}</td></tr>`;
    })
    .join('');
  const audit = view.audit
    .map(
      (entry) =>
        `<tr><td>${escapeHtml(entry.at)}</td><td>${escapeHtml(entry.actor)}</td><td>${escapeHtml(entry.action)}</td><td>${escapeHtml(entry.remote)}</td><td>${escapeHtml(entry.from ?? '–')} → ${escapeHtml(entry.to ?? '–')}</td><td class="${entry.outcome === 'ok' ? 'ok' : 'bad'}">${escapeHtml(entry.outcome)}</td><td>${escapeHtml(entry.detail ?? '')}</td></tr>`,
    )
    .join('');
  return `<h2>Fleet</h2><table><thead><tr><th>Shell</th><th>Reports</th><th>Registry poll age</th><th>Live versions</th></tr></thead><tbody>${shells}</tbody></table>
<h2>Propagation and canaries</h2><table><thead><tr><th>Remote</th><th>Registry version</th><th>Served by</th><th>Canary</th></tr></thead><tbody>${remotes}</tbody></table>
<h2>Audit log</h2><table><thead><tr><th>Time</th><th>Team</th><th>Action</th><th>Remote</th><th>Versions</th><th>Outcome</th><th>Detail</th></tr></thead><tbody>${audit}</tbody></table>`;
}

/** A self-refreshing HTML dashboard of the remotes, for the platform team on call. */
export function renderDashboard(status: PlatformStatus, registry?: RegistryView): string {
  const rows = status.remotes
    .map((remote) => {
      const latency = remote.stats.p50LatencyMs === null ? '–' : `${Math.round(remote.stats.p50LatencyMs)} / ${Math.round(remote.stats.p95LatencyMs ?? 0)} ms`;
      const lastError = remote.stats.lastError
        ? `${escapeHtml(remote.stats.lastError.message)} <small>(${escapeHtml(remote.stats.lastError.at)})</small>`
        : '–';
      return `<tr data-remote="${escapeHtml(remote.name)}">
        <th scope="row">${escapeHtml(remote.name)}</th>
        <td>${releaseLink(remote.name, remote.version)}</td>
        <td class="${remote.health === 'up' ? 'ok' : 'bad'}">${escapeHtml(remote.health)}${remote.problem ? `<br><small>${escapeHtml(remote.problem)}</small>` : ''}</td>
        <td>${escapeHtml(remote.contractsVersion ?? '–')} ${remote.compatible ? '✓' : '✗'}</td>
        <td>${remote.sections.map(escapeHtml).join(', ')}</td>
        <td>${escapeHtml(remote.circuit)}</td>
        <td>${remote.stats.loads} / ${remote.stats.errors} / ${remote.stats.timeouts} / ${remote.stats.refused}</td>
        <td>${latency}</td>
        <td>${lastError}</td>
      </tr>`;
    })
    .join('');
  const services = status.services
    .map(
      (service) => `<tr data-service="${escapeHtml(service.name)}"><th scope="row">${escapeHtml(service.name)}</th>
        <td class="${service.state === 'running' ? 'ok' : 'bad'}">${escapeHtml(service.state)}</td><td>${service.pid ?? '–'}</td><td>${service.restarts}</td>
        <td>${service.lastExit ? `${escapeHtml(service.lastExit.signal ?? `code ${service.lastExit.code}`)} <small>(${escapeHtml(service.lastExit.at)})</small>` : '–'}</td></tr>`,
    )
    .join('');
  const timelines = status.timelines
    .map((timeline) => {
      const charts = renderTimelineCharts(timeline);
      return `<tr data-timeline="${escapeHtml(timeline.remote)}"><th scope="row">${escapeHtml(timeline.remote)}</th><td>${charts.errors}</td><td>${charts.lcp}</td></tr>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="10">
<title>Platform: remotes</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#2f312e}table{border-collapse:collapse;width:100%}th,td{border:1px solid #c9ccc6;padding:.4rem .6rem;text-align:left;vertical-align:top}.ok{color:#0a6b2d}.bad{color:#b3261e;font-weight:700}small{color:#5d605b}</style>
</head><body><h1>Remotes</h1>
<p>Shell contracts ${escapeHtml(status.contractsVersion)} · registry revision ${status.registry.revision} · last poll ${escapeHtml(status.registry.lastPollAt ?? 'never')}${status.registry.lastError ? ` · <span class="bad">${escapeHtml(status.registry.lastError)}</span>` : ''} · heap ${(status.process.heapUsedBytes / 1048576).toFixed(1)} MiB</p>
${status.registry.conflicts.length ? `<p class="bad">${status.registry.conflicts.map(escapeHtml).join('<br>')}</p>` : ''}
<table><thead><tr><th>Remote</th><th>Deployed version</th><th>Health</th><th>Contracts</th><th>Sections</th><th>Circuit</th><th>Loads / errors / timeouts / refused</th><th>Latency p50 / p95</th><th>Last error</th></tr></thead>
<tbody>${rows}</tbody></table>
<h2>Last hour</h2><p><small>Per minute: server render error rate and browser errors; LCP p75 of page loads with the remote's sections; dashed marks: a version's first render.</small></p>
<table><thead><tr><th>Remote</th><th>Error rates</th><th>LCP p75</th></tr></thead><tbody>${timelines}</tbody></table>
${services ? `<h2>Services</h2><table><thead><tr><th>Service</th><th>State</th><th>PID</th><th>Restarts</th><th>Last unexpected exit</th></tr></thead><tbody>${services}</tbody></table>` : ''}
${registry ? fleetSection(registry) : ''}
<p><a href="/_platform/remotes.json">JSON</a> · <a href="/_platform/fleet.json">fleet and audit JSON</a> · <a href="/metrics">Prometheus metrics</a></p></body></html>`;
}
