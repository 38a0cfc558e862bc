import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { CSP_REPORT_PATH } from '../security/headers';
import { vitalsReportOf, type VitalsReport } from './web-vitals';

const MAX_DIRECTIVES = 40;

/** Counts of Content-Security-Policy violations the site's browsers reported, per violated directive. */
export class CspReports {
  private readonly counts = new Map<string, number>();

  record(directive: unknown): void {
    const name = typeof directive === 'string' ? (directive.trim().toLowerCase().split(/\s+/)[0] ?? '') : '';
    const key = /^[a-z-]{1,40}$/.test(name) ? name : 'other';
    if (!this.counts.has(key) && this.counts.size >= MAX_DIRECTIVES) return;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  snapshot(): Array<[string, number]> {
    return [...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b));
  }
}

/** One report (`report-uri`: `{"csp-report": {...}}`) or a Reporting API batch (`[{type, body}]`). */
function directivesOf(body: unknown): unknown[] {
  if (Array.isArray(body)) {
    return body
      .filter((report) => (report as { type?: unknown })?.type === 'csp-violation')
      .map((report) => (report as { body?: { effectiveDirective?: unknown } }).body?.effectiveDirective);
  }
  const report = (body as { 'csp-report'?: Record<string, unknown> } | null)?.['csp-report'];
  return report ? [report['effective-directive'] ?? report['violated-directive']] : [];
}

/**
 * The local endpoint browsers send CSP violation reports to: counted (they reach `/metrics`), never stored; small
 * bodies only, and always 204 so a report cannot tell anything back.
 */
interface SectionErrorReport {
  remote: string;
  section: string;
  version: string;
}

/** A browser's report of a section that failed in it (`{type: "section-error", remote, section, version}`), or null. */
function sectionErrorOf(body: unknown): SectionErrorReport | null {
  const report = body as { type?: unknown; remote?: unknown; section?: unknown; version?: unknown } | null;
  if (report?.type !== 'section-error') return null;
  const { remote, section, version } = report;
  if (typeof remote !== 'string' || typeof section !== 'string' || typeof version !== 'string') return null;
  if (remote.length > 40 || section.length > 64 || version.length > 80) return null;
  return { remote, section, version };
}

/** Reports one client address may send per minute; beyond it the endpoint answers 429 and counts nothing. */
const REPORTS_PER_CLIENT_PER_MINUTE = 120;

/**
 * The endpoint receives CSP reports, browsers' section errors and Web Vitals alike, rate-limited per client address.
 * A section error or a Web Vitals report counts only with the token of a page this shell served, naming the versions
 * it reports on, once per page view and kind (error reports, which decide canaries, also at most a few times per
 * address), and only for sections of versions this shell serves: browsers cannot grow the metrics' labels.
 */
export async function browserReports(app: FastifyInstance): Promise<void> {
  // Only sections of versions this shell serves count: labels stay bounded by the live catalog.
  const isLiveSection = (report: { remote: string; section: string; version: string }) => {
    const catalog = app.registry.current;
    const record = catalog.remotes.get(report.remote);
    if (record && (record.version === report.version || record.pending?.version === report.version)) return record.sections.includes(report.section);
    const canary = catalog.canaries.get(report.remote)?.record;
    return Boolean(canary && canary.version === report.version && canary.sections.includes(report.section));
  };
  const onSectionError = (report: SectionErrorReport, token: unknown, client: string) => {
    if (!isLiveSection(report)) return;
    const verdict = app.pageTokens.accept(token, `section-error:${report.remote}`, [`${report.remote}@${report.version}`], client, true);
    if (verdict.counted) app.remoteStats.recordBrowserError(report.remote, report.section, report.version, client);
  };
  const onWebVitals = (report: VitalsReport, token: unknown, client: string) => {
    if (!report.sections.every(isLiveSection)) return;
    const versions = [...new Set(report.sections.map((section) => `${section.remote}@${section.version}`))];
    if (app.pageTokens.accept(token, report.name, versions, client).counted) app.remoteStats.recordVitals(report, isLiveSection);
  };

  await app.register(rateLimit, { max: REPORTS_PER_CLIENT_PER_MINUTE, timeWindow: 60_000, cache: 10_000 });
  app.addContentTypeParser(['application/csp-report', 'application/reports+json'], { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(null, null);
    }
  });
  app.post(CSP_REPORT_PATH, { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const sectionError = sectionErrorOf(request.body);
    const vitals = sectionError ? null : vitalsReportOf(request.body);
    const token = (request.body as { token?: unknown } | null)?.token ?? null;
    if (sectionError) onSectionError(sectionError, token, request.ip);
    else if (vitals) onWebVitals(vitals, token, request.ip);
    else if ((request.body as { type?: unknown } | null)?.type === 'web-vitals') return reply.code(204).header('cache-control', 'no-store').send();
    else for (const directive of directivesOf(request.body)) app.cspReports.record(directive);
    return reply.code(204).header('cache-control', 'no-store').send();
  });
}
