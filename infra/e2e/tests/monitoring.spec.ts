import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { operatorHeaders, repoRoot } from '../support/platform-control';
import { MONITORING, promtool, startPrometheus } from '../support/prometheus';

const GRAFANA = path.join(repoRoot, 'infra/deploy/grafana');

/** Every PromQL expression of the shipped Grafana dashboards, with the panel it belongs to. */
function dashboardExpressions(): Array<{ panel: string; expr: string }> {
  const folder = path.join(GRAFANA, 'dashboards');
  return fs.readdirSync(folder).flatMap((file) => {
    const dashboard = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as { panels: Array<{ title: string; targets?: Array<{ expr: string }> }> };
    return dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: `${file}: ${panel.title}`, expr: target.expr })));
  });
}

/** The registry's /metrics answers the platform token; the shell's, its dashboard password. */
const platformHeaders = () => ({ authorization: `Bearer ${process.env.E2E_OPERATOR_TOKEN}` });

async function exportedNames(request: APIRequestContext, url: string, headers = operatorHeaders()): Promise<Set<string>> {
  const response = await request.get(url, { headers });
  expect(response.status(), url).toBe(200);
  return new Set([...(await response.text()).matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!));
}

test.describe('monitoring', () => {
  test('the alert rules pass promtool check rules and their unit tests', () => {
    const check = promtool('check', 'rules', 'alerts.yml');
    expect(check.output).toContain('SUCCESS');
    expect(check.status).toBe(0);
    const unit = promtool('test', 'rules', 'alerts.test.yml');
    expect(unit.output).toContain('SUCCESS');
    expect(unit.status).toBe(0);
  });

  test('every metric the alert rules read is one the shell or the registry exports on /metrics', async ({ request }) => {
    const exported = new Set([
      ...(await exportedNames(request, '/metrics')),
      ...(await exportedNames(request, new URL('/metrics', process.env.REGISTRY_URL).toString(), platformHeaders())),
    ]);
    const rules = fs.readFileSync(path.join(MONITORING, 'alerts.yml'), 'utf8');
    const expressions = [...rules.matchAll(/expr: (\|\n(?: {10,}.*\n)+|.*)/g)].map((match) => match[1]!).join('\n');
    const read = new Set([...expressions.matchAll(/\b(site_[a-z_]+)\b/g)].map((match) => match[1]!));
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !exported.has(name))).toEqual([]);
  });

  test('every metric the Grafana dashboard reads is one the shell or the registry exports, from the provisioned data source', async ({ request }) => {
    const exported = new Set([
      ...(await exportedNames(request, '/metrics')),
      ...(await exportedNames(request, new URL('/metrics', process.env.REGISTRY_URL).toString(), platformHeaders())),
    ]);
    const expressions = dashboardExpressions();
    expect(expressions.length).toBeGreaterThan(20);
    const read = new Set(expressions.flatMap(({ expr }) => [...expr.matchAll(/\b(site_[a-z0-9_]+)\b/g)].map((match) => match[1]!)));
    expect(read.size).toBeGreaterThan(20);
    expect([...read].filter((name) => !exported.has(name))).toEqual([]);
    // The panels use the data source the provisioning creates, and the dashboards provider reads their folder.
    const datasource = fs.readFileSync(path.join(GRAFANA, 'provisioning/datasources/prometheus.yml'), 'utf8');
    const uid = /uid: (\S+)/.exec(datasource)?.[1];
    const dashboard = JSON.parse(fs.readFileSync(path.join(GRAFANA, 'dashboards/site-platform.json'), 'utf8')) as {
      panels: Array<{ type: string; datasource?: { uid: string } }>;
    };
    expect(
      dashboard.panels
        .filter((panel) => panel.type !== 'row')
        .map((panel) => panel.datasource?.uid)
        .filter((used) => used !== uid),
    ).toEqual([]);
    expect(fs.readFileSync(path.join(GRAFANA, 'provisioning/dashboards/site.yml'), 'utf8')).toMatch(/type: file[\s\S]*path: \S+/);
  });

  test('Prometheus with the shipped scrape configuration scrapes the shell with the dashboard password and the registry with the platform token and evaluates every rule', async ({
    request,
  }) => {
    const prometheus = await startPrometheus({
      site: process.env.SITE_URL!,
      registry: process.env.REGISTRY_URL!,
      operatorToken: process.env.E2E_OPERATOR_TOKEN!,
      dashboardToken: process.env.E2E_DASHBOARD_TOKEN!,
    });
    const { api } = prometheus;
    try {
      // Both targets up (the token file authorised the scrape; without it /metrics answers 401 and up is 0).
      await expect
        .poll(
          async () => {
            const response = await request.get(`${api}/targets`).catch(() => null);
            if (!response?.ok()) return 'prometheus not answering yet';
            const targets = (await response.json()).data.activeTargets as Array<{ labels: { job: string }; health: string; lastError: string }>;
            return targets
              .map((target) => `${target.labels.job}:${target.health}${target.lastError ? ` (${target.lastError})` : ''}`)
              .sort()
              .join(', ');
          },
          { timeout: 30_000, message: prometheus.output() },
        )
        .toBe('registry:up, shell:up');
      const query = async (promql: string) =>
        (await (await request.get(`${api}/query`, { params: { query: promql } })).json()).data.result as Array<{
          metric: Record<string, string>;
          value: [number, string];
        }>;
      await expect.poll(async () => (await query('site_registry_up{job="shell"}')).map((sample) => sample.value[1])).toEqual(['1']);
      await expect.poll(async () => (await query('site_fleet_shells{job="registry",state="fresh"} >= 1')).length).toBe(1);
      // Every rule evaluated without an error against what the platform really exports.
      await expect
        .poll(
          async () => {
            const groups = (await (await request.get(`${api}/rules`)).json()).data.groups as Array<{
              rules: Array<{ name: string; health: string; lastError?: string }>;
            }>;
            return groups
              .flatMap((group) => group.rules)
              .map((rule) => `${rule.name}:${rule.health}${rule.lastError ? ` ${rule.lastError}` : ''}`)
              .filter((line) => !line.endsWith(':ok'));
          },
          { timeout: 15_000 },
        )
        .toEqual([]);
      // Every expression of the Grafana dashboard is valid PromQL that Prometheus answers.
      for (const { panel, expr } of dashboardExpressions()) {
        const answer = await (await request.get(`${api}/query`, { params: { query: expr } })).json();
        expect(answer.status, `${panel}: ${expr}: ${answer.error ?? ''}`).toBe('success');
      }
      // A healthy platform pages nobody.
      const firing = ((await (await request.get(`${api}/alerts`)).json()).data.alerts as Array<{ labels: { alertname: string }; state: string }>).filter(
        (alert) => alert.state === 'firing',
      );
      expect(firing.map((alert) => alert.labels.alertname)).toEqual([]);
    } finally {
      await prometheus.stop();
    }
  });
});
