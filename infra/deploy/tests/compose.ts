import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEPLOY_DIR, imageEnv, parseYamlDocuments, run, serviceKindOf, topologyProblems, type Mount, type Placement } from './deploy-checks';

interface ComposeService {
  image?: string;
  build?: { target?: string };
  environment?: Record<string, string | null>;
  volumes?: string[];
  deploy?: { replicas?: number };
  stop_grace_period?: string;
  entrypoint?: string[];
  depends_on?: Record<string, unknown>;
}

export interface ComposeConfig {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** Values for the variables compose.yaml requires (`${NAME:?…}`): the test gives each a dummy. */
const REQUIRED_VARIABLES = {
  CONTENT_ADMIN_TOKEN: 'dummy-admin-token',
  CAPTCHA_SECRET: 'dummy-captcha-secret',
  CAPTCHA_SITE_KEY: 'dummy-captcha-site-key',
  OPERATOR_TOKEN: 'dummy-platform-token',
  FLEET_TOKEN: 'dummy-fleet-token',
  DASHBOARD_TOKEN: 'dummy-dashboard-password',
  DASHBOARD_TOKEN_SHA256: 'b'.repeat(64),
  GRAFANA_ADMIN_PASSWORD: 'dummy-grafana-password',
};

/**
 * `docker-compose config` (Debian's 1.29, as the platform team runs it) of a compose file: validated and with the
 * variables substituted. The file is read from a copy beside the original, so relative paths resolve the same.
 */
export function composeConfig(file = path.join(DEPLOY_DIR, 'docker', 'compose.yaml')): ComposeConfig {
  const copy = path.join(DEPLOY_DIR, 'docker', `.compose-under-test-${process.pid}.yaml`);
  fs.copyFileSync(file, copy);
  try {
    const env = { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...REQUIRED_VARIABLES };
    const [config] = parseYamlDocuments(run('docker-compose', ['-p', 'site', '-f', copy, 'config'], { env }));
    return config as unknown as ComposeConfig;
  } finally {
    fs.rmSync(copy, { force: true });
  }
}

function seconds(duration: string | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(duration ?? '');
  if (!match) return 10; // docker's default stop timeout
  return Number(match[1]) * ({ ms: 0.001, s: 1, m: 60 } as const)[match[2] as 'ms' | 's' | 'm'];
}

/** The same topology checks as for Kubernetes, on every service built from the platform's Dockerfile. */
export function reviewCompose(config: ComposeConfig): string[] {
  const problems: string[] = [];
  const placements: Placement[] = [];
  const named = new Set(Object.keys(config.volumes ?? {}));
  for (const [name, service] of Object.entries(config.services)) {
    const kind = service.build?.target ? serviceKindOf(service.build.target) : null;
    if (!kind) continue;
    const env: Record<string, string> = { ...imageEnv(service.build!.target!) };
    for (const [key, value] of Object.entries(service.environment ?? {})) env[key] = value ?? '';
    const mounts: Mount[] = (service.volumes ?? []).map((volume) => {
      const [source, target, mode] = volume.split(':');
      return {
        path: target ?? source!,
        readOnly: mode === 'ro',
        sharedVolume: named.has(source!) ? `volume ${source}` : null,
        manyWriters: named.has(source!),
      };
    });
    placements.push({ name: `compose service ${name}`, kind, replicas: service.deploy?.replicas ?? 1, env, mounts, rootReadOnly: false });
    const drain = env.DRAIN_TIMEOUT_MS ? Number(env.DRAIN_TIMEOUT_MS) / 1000 : 0;
    if (kind !== 'remote-publisher' && seconds(service.stop_grace_period) <= drain) {
      problems.push(`compose service ${name}: stop_grace_period ${service.stop_grace_period ?? '10s'} does not cover the drain of ${drain} s`);
    }
  }
  return [...problems, ...topologyProblems(placements, new Set(Object.keys(config.services)))];
}
