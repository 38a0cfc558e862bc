import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { DEPLOY_DIR } from './deploy-checks';
import { composeConfig, reviewCompose, type ComposeConfig } from './compose';

describe('the compose deployment (docker-compose -p site -f infra/deploy/docker/compose.yaml config)', () => {
  let config: ComposeConfig;

  beforeAll(() => {
    config = composeConfig();
  });

  test("is valid for Debian's docker-compose, and every service passes its configuration check with the environment compose gives it", () => {
    expect(Object.keys(config.services).sort()).toEqual(
      ['content-api', 'grafana', 'postgres', 'prometheus', 'proxy', 'registry', 'remote-host', 'remote-publisher', 'shell'].sort(),
    );
    expect(reviewCompose(config)).toEqual([]);
  });

  test('runs two replicas of every service, and the publisher calls the registry with a token it accepts', () => {
    for (const name of ['shell', 'content-api', 'registry', 'remote-host'])
      expect({ name, replicas: config.services[name]!.deploy?.replicas }).toEqual({ name, replicas: 2 });
    expect(config.services['remote-publisher']!.environment).toMatchObject({ REGISTRY_API_URL: 'http://registry:3003' });
  });

  test('Prometheus and Grafana are provisioned from infra/deploy/monitoring and infra/deploy/grafana', () => {
    const prometheus = config.services.prometheus!;
    expect(prometheus.volumes).toContain(`${path.join(DEPLOY_DIR, 'monitoring')}:/etc/prometheus/site:ro`);
    expect(prometheus.entrypoint?.join(' ')).toContain('--config.file=/etc/prometheus/site/prometheus.yml');
    // prometheus.yml reads the token from this file: the entrypoint writes it there.
    expect(prometheus.entrypoint?.join(' ')).toContain('> /etc/prometheus/operator-token');
    const grafana = config.services.grafana!;
    expect(grafana.volumes).toContain(`${path.join(DEPLOY_DIR, 'grafana', 'provisioning')}:/etc/grafana/provisioning:ro`);
    const dashboards = parse(fs.readFileSync(path.join(DEPLOY_DIR, 'grafana', 'provisioning', 'dashboards', 'site.yml'), 'utf8')) as {
      providers: Array<{ options: { path: string } }>;
    };
    expect(grafana.volumes).toContain(`${path.join(DEPLOY_DIR, 'grafana', 'dashboards')}:${dashboards.providers[0]!.options.path}:ro`);
    const datasource = fs.readFileSync(path.join(DEPLOY_DIR, 'grafana', 'provisioning', 'datasources', 'prometheus.yml'), 'utf8');
    expect(datasource).toContain('url: http://prometheus:9090');
  });

  test('the compose file of before is refused: the publisher had no registry or token, the registry no platform token', () => {
    // docker-compose 1.29 refuses its top-level `name:` outright; without it, the topology is what is wrong.
    const before = fs.readFileSync(path.join(__dirname, 'fixtures', 'compose-without-publisher.yaml'), 'utf8').replace(/^name: .*\n/m, '');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'compose-before-')), 'compose.yaml');
    fs.writeFileSync(file, before);
    try {
      expect(reviewCompose(composeConfig(file))).toEqual(
        expect.arrayContaining([
          'compose service remote-publisher: refuses to start: site-remotes cannot start, its configuration is wrong:\n  - SITE_REMOTES_TOKEN is not set and there is no local platform token at /data/operator-token',
          'compose service shell: the registry does not accept its token: its fleet reports or publishes are refused',
        ]),
      );
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
