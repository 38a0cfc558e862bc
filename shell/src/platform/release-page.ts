import { validate } from '@site/contracts';
import { ReleaseReportSchema, type ReleaseReport } from '@site/contracts/fleet';
import { escapeHtml } from '../lib/html';

/**
 * The registry's answer to `/api/releases/:name/:version`, checked against the contract before it is rendered: the
 * report, or a 502 naming what is wrong with it (a registry of another version, a broken proxy in between).
 */
export function releaseFromRegistry(body: unknown): { release: ReleaseReport } | { status: 502; message: string } {
  const checked = validate(ReleaseReportSchema, body);
  if (checked.ok) return { release: checked.value };
  return { status: 502, message: `registry answered an invalid release report: ${checked.issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}` };
}

/** The dashboard address of a version's release page. */
export function releasePath(remote: string, version: string): string {
  return `/_platform/releases/${encodeURIComponent(remote)}/${encodeURIComponent(version)}`;
}

function kilobytes(bytes: number | null): string {
  return bytes === null ? '–' : `${(bytes / 1024).toFixed(1)} KB`;
}

/** `+1.2 KB (+8.0 %)`, or nothing when either side has no figure. */
function difference(now: number | null, before: number | null): string {
  if (now === null || before === null) return '–';
  const delta = now - before;
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
  const percent = before > 0 ? ` (${sign}${Math.abs((delta / before) * 100).toFixed(1)} %)` : '';
  return `${sign}${(Math.abs(delta) / 1024).toFixed(1)} KB${percent}`;
}

function percent(rate: number | null): string {
  return rate === null ? '–' : `${(rate * 100).toFixed(1)} %`;
}

/**
 * A version's release page for the platform team: its sections against the version published before it (added,
 * removed, changed in compressed first-load size) with both sizes, its contract version, who published it and when,
 * the canary verdict with its figures, and the errors and Web Vitals the fleet reported for it. Every name comes from
 * an upload or a team, so every one is escaped.
 */
export function renderReleasePage(release: ReleaseReport): string {
  const previous = release.previous ? escapeHtml(release.previous) : 'none (first version)';
  const sections = release.sections
    .map(
      (section) => `<tr data-section="${escapeHtml(section.name)}" data-change="${section.change}"><th scope="row">${escapeHtml(section.name)}</th>
        <td class="${section.change === 'unchanged' ? '' : 'changed'}">${section.change}</td>
        <td>${kilobytes(section.previousJs)}</td><td>${kilobytes(section.js)}</td><td>${difference(section.js, section.previousJs)}</td>
        <td>${kilobytes(section.previousCss)}</td><td>${kilobytes(section.css)}</td><td>${difference(section.css, section.previousCss)}</td></tr>`,
    )
    .join('');
  const canary = release.canary
    ? `<p data-canary="${escapeHtml(release.canary.state)}"><strong class="${release.canary.state === 'rolled back' ? 'bad' : 'ok'}">${escapeHtml(release.canary.state)}</strong> <small>(${escapeHtml(release.canary.at)})</small>${
        release.canary.renders === null
          ? ''
          : ` · ${release.canary.renders} renders · error rate ${percent(release.canary.errorRate)} against ${percent(release.canary.stableErrorRate)}`
      }<br>${escapeHtml(release.canary.reason)}</p>`
    : '<p data-canary="none">No canary verdict for this version.</p>';
  const vitals = release.vitals
    .map(
      (item) =>
        `<tr><th scope="row">${escapeHtml(item.section)}</th><td>${escapeHtml(item.metric)}</td><td>${item.metric === 'CLS' ? item.p75 : `${item.p75} ms`}</td><td>${item.samples}</td></tr>`,
    )
    .join('');
  const audit = release.audit
    .map(
      (entry) =>
        `<tr><td>${escapeHtml(entry.at)}</td><td>${escapeHtml(entry.actor)}</td><td>${escapeHtml(entry.action)}</td><td>${escapeHtml(entry.from ?? '–')} → ${escapeHtml(entry.to ?? '–')}</td><td class="${entry.outcome === 'ok' ? 'ok' : 'bad'}">${escapeHtml(entry.outcome)}</td><td>${escapeHtml(entry.detail ?? '')}</td></tr>`,
    )
    .join('');
  const { errors } = release;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Release ${escapeHtml(release.remote)}@${escapeHtml(release.version)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#2f312e}table{border-collapse:collapse;width:100%}th,td{border:1px solid #c9ccc6;padding:.4rem .6rem;text-align:left;vertical-align:top}.ok{color:#0a6b2d}.bad{color:#b3261e;font-weight:700}.changed{font-weight:700}small{color:#5d605b}</style>
</head><body><p><a href="/_platform">← Remotes</a></p><h1>${escapeHtml(release.remote)}@${escapeHtml(release.version)}</h1>
<dl>
<dt>Status</dt><dd data-status="${escapeHtml(release.status)}">${escapeHtml(release.status)}${release.bad ? ` <span class="bad">${escapeHtml(release.bad)}</span>` : ''}</dd>
<dt>Published</dt><dd data-published-by="${escapeHtml(release.publishedBy ?? '')}">by ${escapeHtml(release.publishedBy ?? 'unknown')} at ${escapeHtml(release.publishedAt)}</dd>
<dt>Live since</dt><dd>${escapeHtml(release.liveSince ?? 'never served')}</dd>
<dt>Contracts</dt><dd>${escapeHtml(release.contractsVersion ?? '–')} <small>(previous version: ${escapeHtml(release.previousContractsVersion ?? '–')})</small></dd>
<dt>Compared with</dt><dd>${release.previous ? `<a href="${escapeHtml(releasePath(release.remote, release.previous))}">${previous}</a>` : previous}</dd>
</dl>
<h2>Sections</h2><p><small>Compressed (gzip) first-load JavaScript and CSS measured at publish; changed: either size differs from the previous version's.</small></p>
<table><thead><tr><th>Section</th><th>Change</th><th>JS before</th><th>JS</th><th>JS difference</th><th>CSS before</th><th>CSS</th><th>CSS difference</th></tr></thead><tbody>${sections}</tbody></table>
<h2>Canary</h2>${canary}
<h2>Errors since it went live</h2><p data-errors>${errors.renderErrors} errors in ${errors.renders} server renders · ${errors.browserErrors} browser errors in ${errors.pageViews} page views <small>(shells reporting now)</small></p>
<h2>Web Vitals (p75, all shells)</h2>${vitals ? `<table><thead><tr><th>Section</th><th>Metric</th><th>p75</th><th>Samples</th></tr></thead><tbody>${vitals}</tbody></table>` : '<p>No beacons yet.</p>'}
<h2>Audit log</h2><table><thead><tr><th>Time</th><th>Team</th><th>Action</th><th>Versions</th><th>Outcome</th><th>Detail</th></tr></thead><tbody>${audit}</tbody></table>
<p><a href="${escapeHtml(releasePath(release.remote, release.version))}/json">JSON</a></p></body></html>`;
}
