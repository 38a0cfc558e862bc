import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { DEPLOY_DIR, run } from './deploy-checks';
import { composeConfig } from './compose';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { ofKind, renderKustomization } from './kubernetes';

const MONITORING = path.join(DEPLOY_DIR, 'monitoring');

interface ScrapeConfig {
  job_name: string;
  dns_sd_configs?: Array<{ names: string[]; type: string; port: number }>;
  static_configs?: unknown;
}

function scrapeJobs(file: string): Map<string, ScrapeConfig> {
  const config = parse(fs.readFileSync(path.join(MONITORING, file), 'utf8')) as { scrape_configs: ScrapeConfig[] };
  return new Map(config.scrape_configs.map((job) => [job.job_name, job]));
}

describe('Prometheus scrape configurations', () => {
  test.each(['prometheus.yml', 'prometheus-kubernetes.yml'])('%s passes promtool check config', (file) => {
    // The token files are mounted in production; here it is a file of the check's own.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promtool-'));
    try {
      fs.writeFileSync(path.join(dir, 'operator-token'), 'token');
      fs.writeFileSync(path.join(dir, 'dashboard-token'), 'password');
      fs.copyFileSync(path.join(MONITORING, 'alerts.yml'), path.join(dir, 'alerts.yml'));
      const text = fs
        .readFileSync(path.join(MONITORING, file), 'utf8')
        .replaceAll('/etc/prometheus/operator-token', path.join(dir, 'operator-token'))
        .replaceAll('/etc/prometheus/dashboard-token', path.join(dir, 'dashboard-token'));
      fs.writeFileSync(path.join(dir, file), text);
      expect(run('promtool', ['check', 'config', path.join(dir, file)])).toContain(`SUCCESS: ${path.join(dir, file)} is valid prometheus config file syntax`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('compose: every shell and every registry replica is scraped, found by the DNS name of its compose service', () => {
    const services = composeConfig().services;
    const jobs = scrapeJobs('prometheus.yml');
    for (const [job, port] of [
      ['shell', 3000],
      ['registry', 3003],
    ] as const) {
      expect(jobs.get(job)?.static_configs).toBeUndefined();
      expect(jobs.get(job)?.dns_sd_configs).toEqual([expect.objectContaining({ names: [job], type: 'A', port })]);
      expect(services[job]?.deploy?.replicas).toBeGreaterThan(1);
    }
  });

  test('Kubernetes: every shell and every registry pod is scraped through a headless Service that selects them', () => {
    const objects = renderKustomization();
    const jobs = scrapeJobs('prometheus-kubernetes.yml');
    for (const app of ['shell', 'registry']) {
      const [discovery] = jobs.get(app)?.dns_sd_configs ?? [];
      const [serviceName, namespace] = (discovery?.names[0] ?? '').split('.');
      const service = objects.find((object) => object.kind === 'Service' && object.metadata.name === serviceName);
      expect(service?.spec).toMatchObject({ clusterIP: 'None', selector: { app } });
      expect(namespace).toBe('university-site');
      const deployment = ofKind<IDeployment>(objects, 'Deployment').find((item) => item.metadata?.name === app);
      expect(deployment?.spec?.template.metadata?.labels).toMatchObject({ app });
      expect(deployment?.spec?.template.spec?.containers[0]?.ports).toContainEqual(expect.objectContaining({ containerPort: discovery?.port }));
    }
  });
});
