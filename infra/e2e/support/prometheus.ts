import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { repoRoot } from './platform-control';

// Debian's Prometheus: `npm test` installs it like Chromium and nginx, so the tests that use it always run.
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
const PROMETHEUS = path.join(path.dirname(PROMTOOL), 'prometheus');
export const MONITORING = path.join(repoRoot, 'infra/deploy/monitoring');

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require(path.join(repoRoot, 'infra/orchestrator/src/services.js')) as { freePort(): Promise<number> };

export function promtool(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(PROMTOOL, args, { cwd: MONITORING, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Replaces each pattern once (or everywhere for a global one); throws when a file no longer has the expected shape. */
function rewrite(file: string, text: string, replacements: Array<[string | RegExp, string]>): string {
  return replacements.reduce((current, [pattern, replacement]) => {
    const next = current.replace(pattern, replacement);
    if (next === current) throw new Error(`${file} changed shape: ${String(pattern)} not found`);
    return next;
  }, text);
}

interface PrometheusTargets {
  /** Base URL of the shell (one instance). */
  site: string;
  /** Base URL of the registry service. */
  registry: string;
  /** The platform token the registry answers /metrics with. */
  operatorToken: string;
  /** The dashboard password the shell answers /metrics with. */
  dashboardToken: string;
  /** Rewrites of the shipped alerts.yml, e.g. shorter `for:` durations so that a test sees an alert fire. */
  ruleChanges?: Array<[string | RegExp, string]>;
}

interface RunningPrometheus {
  /** The HTTP API, `http://127.0.0.1:<port>/api/v1`. */
  api: string;
  /** What Prometheus printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

export interface PrometheusAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: string;
}

/**
 * Debian's `prometheus` with the shipped scrape configuration and alert rules, pointed at one platform instead of
 * the compose network's names, scraping and evaluating every second.
 */
export async function startPrometheus(targets: PrometheusTargets): Promise<RunningPrometheus> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-prometheus-'));
  const tokenFile = path.join(work, 'operator-token');
  fs.writeFileSync(tokenFile, targets.operatorToken, { mode: 0o600 });
  const dashboardFile = path.join(work, 'dashboard-token');
  fs.writeFileSync(dashboardFile, targets.dashboardToken, { mode: 0o600 });
  const rulesFile = path.join(work, 'alerts.yml');
  fs.writeFileSync(rulesFile, rewrite('alerts.yml', fs.readFileSync(path.join(MONITORING, 'alerts.yml'), 'utf8'), targets.ruleChanges ?? []));
  const configFile = path.join(work, 'prometheus.yml');
  fs.writeFileSync(
    configFile,
    rewrite('prometheus.yml', fs.readFileSync(path.join(MONITORING, 'prometheus.yml'), 'utf8'), [
      [/scrape_interval: 15s/, 'scrape_interval: 1s'],
      [/evaluation_interval: 15s/, 'evaluation_interval: 1s'],
      [/- alerts\.yml/, `- ${rulesFile}`],
      [/credentials_file: \/etc\/prometheus\/operator-token/g, `credentials_file: ${tokenFile}`],
      [/credentials_file: \/etc\/prometheus\/dashboard-token/g, `credentials_file: ${dashboardFile}`],
      [/dns_sd_configs:\n(?: {6,}.*\n)+/, `static_configs:\n      - targets: ['${new URL(targets.site).host}']\n`],
      // The shell's DNS discovery came first; the registry's is the next one.
      [/dns_sd_configs:\n(?: {6,}.*\n)+/, `static_configs:\n      - targets: ['${new URL(targets.registry).host}']\n`],
    ]),
  );
  const checked = promtool('check', 'config', configFile);
  if (!checked.output.includes('SUCCESS')) throw new Error(`promtool check config failed:\n${checked.output}`);

  const port = await freePort();
  const output: string[] = [];
  const prometheus = spawn(
    PROMETHEUS,
    [`--config.file=${configFile}`, `--storage.tsdb.path=${path.join(work, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  prometheus.stdout.on('data', (chunk) => output.push(String(chunk)));
  prometheus.stderr.on('data', (chunk) => output.push(String(chunk)));
  return {
    api: `http://127.0.0.1:${port}/api/v1`,
    output: () => output.join(''),
    async stop() {
      if (prometheus.exitCode === null && prometheus.signalCode === null) {
        const exited = new Promise((resolve) => prometheus.once('exit', resolve));
        prometheus.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
