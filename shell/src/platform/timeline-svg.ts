import { escapeHtml } from '../lib/html';
import type { RemoteTimeline, TimelinePoint } from './timeline';

const WIDTH = 300;
const HEIGHT = 60;
const PAD = 4;

const clock = (minute: number) => new Date(minute * 60_000).toISOString().slice(11, 16);

/** A polyline through the points that have a value; gaps (null) break the line into several. */
function lines(points: TimelinePoint[], value: (point: TimelinePoint) => number | null, max: number, colour: string, className: string): string {
  const step = (WIDTH - 2 * PAD) / Math.max(1, points.length - 1);
  const runs: string[][] = [[]];
  points.forEach((point, index) => {
    const v = value(point);
    if (v === null) {
      if (runs.at(-1)!.length) runs.push([]);
      return;
    }
    const x = PAD + index * step;
    const y = HEIGHT - PAD - (Math.min(v, max) / max) * (HEIGHT - 2 * PAD);
    runs.at(-1)!.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  });
  return runs
    .filter((run) => run.length)
    .map((run) =>
      run.length === 1
        ? `<circle class="${className}" cx="${run[0]!.split(',')[0]}" cy="${run[0]!.split(',')[1]}" r="1.5" fill="${colour}"/>`
        : `<polyline class="${className}" points="${run.join(' ')}" fill="none" stroke="${colour}" stroke-width="1.5"/>`,
    )
    .join('');
}

/** Vertical marks where a version first rendered within the hour, each with its version as a tooltip. */
function deployMarks(timeline: RemoteTimeline): string {
  const first = timeline.points[0]?.minute ?? 0;
  const step = (WIDTH - 2 * PAD) / Math.max(1, timeline.points.length - 1);
  return timeline.deploys
    .map(({ minute, version }) => {
      const x = (PAD + (minute - first) * step).toFixed(1);
      return `<line class="deploy" x1="${x}" x2="${x}" y1="0" y2="${HEIGHT}" stroke="#5d605b" stroke-dasharray="2 2"><title>${escapeHtml(version)} from ${clock(minute)}</title></line>`;
    })
    .join('');
}

function chart(id: string, title: string, description: string, body: string): string {
  return `<svg class="timeline" role="img" aria-labelledby="${id}-title ${id}-desc" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" xmlns="http://www.w3.org/2000/svg"><title id="${id}-title">${escapeHtml(title)}</title><desc id="${id}-desc">${escapeHtml(description)}</desc><rect width="${WIDTH}" height="${HEIGHT}" fill="#f6f7f4"/>${body}</svg>`;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/**
 * The last hour of a remote as two small server-rendered SVG charts, each with a title and a text description of
 * what it shows (for screen readers): error rates (server render errors as a share of renders, browser errors per
 * minute) and the LCP p75 of page loads with the remote's sections. Version marks are drawn on both.
 */
export function renderTimelineCharts(timeline: RemoteTimeline): { errors: string; lcp: string } {
  const id = `timeline-${timeline.remote.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  const { points } = timeline;
  const versions = timeline.deploys.length
    ? `Versions: ${timeline.deploys.map((d) => `${d.version} from ${clock(d.minute)}`).join(', ')}.`
    : 'No renders in the last hour.';
  const renders = points.reduce((sum, p) => sum + p.renders, 0);
  const renderErrors = points.reduce((sum, p) => sum + (p.renderErrorRate ?? 0) * p.renders, 0);
  const browserErrors = points.reduce((sum, p) => sum + p.browserErrors, 0);
  const worstRate = Math.max(0, ...points.map((p) => p.renderErrorRate ?? 0));
  const maxBrowser = Math.max(1, ...points.map((p) => p.browserErrors));
  const errors = chart(
    `${id}-errors`,
    `${timeline.remote}: error rates, last 60 minutes`,
    `Render error rate (red, scale 0–100%): ${Math.round(renderErrors)} of ${renders} server renders failed, worst minute ${percent(worstRate)}. ` +
      `Browser errors per minute (orange, scale 0–${maxBrowser}): ${browserErrors} in all. ${versions}`,
    deployMarks(timeline) +
      lines(points, (p) => p.renderErrorRate, 1, '#b3261e', 'render-errors') +
      lines(points, (p) => (p.renders || p.browserErrors ? p.browserErrors : null), maxBrowser, '#b86e00', 'browser-errors'),
  );
  const lcpValues = points.map((p) => p.lcpP75).filter((v): v is number => v !== null);
  const maxLcp = Math.max(4, ...lcpValues);
  const lastLcp = lcpValues.at(-1);
  const lcp = chart(
    `${id}-lcp`,
    `${timeline.remote}: LCP p75, last 60 minutes`,
    (lcpValues.length
      ? `LCP p75 per minute (blue, scale 0–${maxLcp.toFixed(1)} s; dotted line: the good threshold 2.5 s): latest ${lastLcp!.toFixed(2)} s, worst ${Math.max(...lcpValues).toFixed(2)} s.`
      : 'No LCP reported in the last hour.') + ` ${versions}`,
    `<line class="threshold" x1="0" x2="${WIDTH}" y1="${(HEIGHT - PAD - (2.5 / maxLcp) * (HEIGHT - 2 * PAD)).toFixed(1)}" y2="${(HEIGHT - PAD - (2.5 / maxLcp) * (HEIGHT - 2 * PAD)).toFixed(1)}" stroke="#0a6b2d" stroke-dasharray="1 3"/>` +
      deployMarks(timeline) +
      lines(points, (p) => p.lcpP75, maxLcp, '#1f5fa8', 'lcp'),
  );
  return { errors, lcp };
}
