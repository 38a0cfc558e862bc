import { escapeHtml } from '../server/document';
import type { platformStatus } from './routes';

/** A self-refreshing HTML dashboard of the remotes, for the platform team on call. */
export function renderDashboard(status: ReturnType<typeof platformStatus>): string {
  const rows = status.remotes
    .map((remote) => {
      const latency = remote.stats.p50LatencyMs === null ? '–' : `${Math.round(remote.stats.p50LatencyMs)} / ${Math.round(remote.stats.p95LatencyMs ?? 0)} ms`;
      const lastError = remote.stats.lastError ? `${escapeHtml(remote.stats.lastError.message)} <small>(${escapeHtml(remote.stats.lastError.at)})</small>` : '–';
      return `<tr data-remote="${escapeHtml(remote.name)}">
        <th scope="row">${escapeHtml(remote.name)}</th>
        <td>${escapeHtml(remote.version)}</td>
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
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="10">
<title>Platform: remotes</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#2f312e}table{border-collapse:collapse;width:100%}th,td{border:1px solid #c9ccc6;padding:.4rem .6rem;text-align:left;vertical-align:top}.ok{color:#0a6b2d}.bad{color:#b3261e;font-weight:700}small{color:#5d605b}</style>
</head><body><h1>Remotes</h1>
<p>Shell contracts ${escapeHtml(status.contractsVersion)} · registry revision ${status.registry.revision} · last poll ${escapeHtml(status.registry.lastPollAt ?? 'never')}${status.registry.lastError ? ` · <span class="bad">${escapeHtml(status.registry.lastError)}</span>` : ''} · heap ${(status.process.heapUsedBytes / 1048576).toFixed(1)} MiB</p>
${status.registry.conflicts.length ? `<p class="bad">${status.registry.conflicts.map(escapeHtml).join('<br>')}</p>` : ''}
<table><thead><tr><th>Remote</th><th>Deployed version</th><th>Health</th><th>Contracts</th><th>Sections</th><th>Circuit</th><th>Loads / errors / timeouts / refused</th><th>Latency p50 / p95</th><th>Last error</th></tr></thead>
<tbody>${rows}</tbody></table>
${services ? `<h2>Services</h2><table><thead><tr><th>Service</th><th>State</th><th>PID</th><th>Restarts</th><th>Last unexpected exit</th></tr></thead><tbody>${services}</tbody></table>` : ''}
<p><a href="/_platform/remotes.json">JSON</a> · <a href="/metrics">Prometheus metrics</a></p></body></html>`;
}
