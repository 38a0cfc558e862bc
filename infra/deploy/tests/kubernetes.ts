import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import type { IService } from 'kubernetes-models/v1/Service';
import { DEPLOY_DIR, imageEnv, parseYamlDocuments, run, serviceKindOf, topologyProblems, type Mount, type Placement } from './deploy-checks';

/** A rendered object: its kind decides which of the package's interfaces it has. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: object;
  data?: Record<string, string>;
}

export function ofKind<T>(objects: K8sObject[], kind: string): T[] {
  return objects.filter((object) => object.kind === kind) as unknown as T[];
}

/**
 * Values of the Secret keys the manifests read (the Secret is created out of band), each of the shape the real one
 * has. A manifest reading a key not listed here fails the test: add the key with a value of its shape.
 */
const SECRET_PLACEHOLDERS: Record<string, string> = {
  DATABASE_URL: 'postgres://content:placeholder@db.internal:5432/site',
  REGISTRY_DATABASE_URL: 'postgres://registry:placeholder@db.internal:5432/site',
  CONTENT_ADMIN_TOKEN: 'placeholder-admin-token',
  CAPTCHA_SECRET: 'placeholder-captcha-secret',
  CAPTCHA_SITE_KEY: 'placeholder-captcha-site-key',
  OPERATOR_TOKEN: 'placeholder-platform-token',
  FLEET_TOKEN: 'placeholder-fleet-token',
  DASHBOARD_TOKEN_SHA256: 'a'.repeat(64),
  REGISTRY_TEAM_TOKENS: `news=${'0'.repeat(64)},events=${'1'.repeat(64)}`,
};

/** `kubectl kustomize` of the manifests folder, optionally with some files replaced (to check a broken variant). */
export function renderKustomization(replace: Record<string, string> = {}): K8sObject[] {
  const source = path.join(DEPLOY_DIR, 'kubernetes');
  let dir = source;
  if (Object.keys(replace).length > 0) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kustomize-'));
    fs.cpSync(source, dir, { recursive: true });
    for (const [name, file] of Object.entries(replace)) fs.copyFileSync(file, path.join(dir, name));
  }
  try {
    return parseYamlDocuments(run('kubectl', ['kustomize', dir])) as unknown as K8sObject[];
  } finally {
    if (dir !== source) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Validates every object against the Kubernetes OpenAPI schema of its kind (kubernetes-models, offline). */
export function schemaProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const object of objects) {
    const label = `${object.kind} ${object.metadata?.name}`;
    let models: Record<string, new (data: unknown) => { validate(): void }>;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      models = require(`kubernetes-models/${object.apiVersion}`) as typeof models;
    } catch {
      problems.push(`${label}: unknown apiVersion ${object.apiVersion}`);
      continue;
    }
    const Model = models[object.kind];
    if (!Model) {
      problems.push(`${label}: ${object.apiVersion} has no kind ${object.kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}

function secretValue(key: string, problems: string[], where: string): string {
  const value = SECRET_PLACEHOLDERS[key];
  if (value === undefined) problems.push(`${where}: reads Secret key ${key}, which has no placeholder in SECRET_PLACEHOLDERS`);
  return value ?? '';
}

/** A container's environment as the pod gets it: the image's, envFrom, then env (ConfigMaps as rendered). */
function containerEnv(
  container: IContainer,
  image: Record<string, string>,
  configMaps: Map<string, Record<string, string>>,
  problems: string[],
  where: string,
) {
  const env: Record<string, string> = { ...image };
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) {
      const data = configMaps.get(from.configMapRef.name ?? '');
      if (!data) problems.push(`${where}: envFrom names ConfigMap ${from.configMapRef.name}, which is not rendered`);
      Object.assign(env, data ?? {});
    }
    if (from.secretRef) problems.push(`${where}: takes all of Secret ${from.secretRef.name} (envFrom): name the keys it needs with secretKeyRef`);
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) env[variable.name] = variable.value;
    const configRef = variable.valueFrom?.configMapKeyRef;
    if (configRef) {
      const value = configMaps.get(configRef.name ?? '')?.[configRef.key];
      if (value === undefined) problems.push(`${where}: ${variable.name} reads ConfigMap ${configRef.name} key ${configRef.key}, which is not rendered`);
      env[variable.name] = value ?? '';
    }
    const secretRef = variable.valueFrom?.secretKeyRef;
    if (secretRef) env[variable.name] = secretValue(secretRef.key, problems, where);
  }
  return env;
}

function matches(selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean {
  return Boolean(selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels?.[key] === value));
}

export interface Probe {
  kind: string;
  type: 'readiness' | 'liveness' | 'startup';
  path: string | null;
}

export interface KubernetesReview {
  problems: string[];
  probes: Probe[];
}

/**
 * Everything the Deployments must get right: the topology (each container's configuration check on its rendered
 * environment, volumes, shared storage, who calls whom), probes, preStop and grace periods covering the drain,
 * a PodDisruptionBudget each, resource requests.
 */
export function reviewKubernetes(objects: K8sObject[]): KubernetesReview {
  const problems: string[] = [];
  const probes: Probe[] = [];
  const configMaps = new Map(objects.filter((object) => object.kind === 'ConfigMap').map((object) => [object.metadata.name, object.data ?? {}]));
  const claims = new Map(ofKind<IPersistentVolumeClaim>(objects, 'PersistentVolumeClaim').map((claim) => [claim.metadata?.name, claim.spec]));
  const services = ofKind<IService>(objects, 'Service');
  const budgets = ofKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget');
  const autoscalers = ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
  const hostNames = new Set(services.map((service) => service.metadata?.name ?? ''));
  const placements: Placement[] = [];
  for (const deployment of ofKind<IDeployment>(objects, 'Deployment')) {
    const name = deployment.metadata?.name ?? '';
    const pod = deployment.spec?.template.spec;
    if (!pod) {
      problems.push(`Deployment ${name}: no pod template`);
      continue;
    }
    const labels = deployment.spec?.template.metadata?.labels;
    const autoscaled = autoscalers.some((autoscaler) => autoscaler.spec?.scaleTargetRef.name === name);
    const replicas = Math.max(deployment.spec?.replicas ?? 1, autoscaled ? 2 : 1);
    if (!budgets.some((budget) => matches(budget.spec?.selector?.matchLabels, labels)))
      problems.push(`Deployment ${name}: no PodDisruptionBudget selects its pods`);
    if (!services.some((service) => matches(service.spec?.selector, labels))) problems.push(`Deployment ${name}: no Service selects its pods`);
    const grace = pod.terminationGracePeriodSeconds ?? 30;
    const volumes = new Map((pod.volumes ?? []).map((volume) => [volume.name, volume]));
    for (const container of pod.containers) {
      const where = `Deployment ${name}, container ${container.name}`;
      const target = String(container.image)
        .replace(/^site\//, '')
        .replace(/:.*$/, '');
      const kind = serviceKindOf(target);
      if (!kind) {
        problems.push(`${where}: image ${container.image} is none of the platform's`);
        continue;
      }
      const env = containerEnv(container, imageEnv(target), configMaps, problems, where);
      const mounts: Mount[] = (container.volumeMounts ?? []).map((mount) => {
        const claim = volumes.get(mount.name)?.persistentVolumeClaim;
        return {
          path: mount.mountPath,
          readOnly: mount.readOnly === true || claim?.readOnly === true,
          sharedVolume: claim ? `claim ${claim.claimName}` : null,
          manyWriters: Boolean(claim && claims.get(claim.claimName)?.accessModes?.includes('ReadWriteMany')),
        };
      });
      placements.push({ name: where, kind, replicas, env, mounts, rootReadOnly: container.securityContext?.readOnlyRootFilesystem === true });

      const ports = new Set<string | number>((container.ports ?? []).flatMap((port) => [port.name ?? '', port.containerPort]));
      for (const type of ['readiness', 'liveness', 'startup'] as const) {
        const probe = container[`${type}Probe`];
        if (!probe) {
          if (type !== 'startup') problems.push(`${where}: no ${type} probe`);
          continue;
        }
        const action = probe.httpGet ?? probe.tcpSocket;
        if (!action || !ports.has(action.port)) problems.push(`${where}: the ${type} probe does not name one of its ports`);
        probes.push({ kind, type, path: probe.httpGet?.path ?? null });
      }
      if (!container.readinessProbe?.httpGet) problems.push(`${where}: the readiness probe must ask an HTTP endpoint`);
      const preStop = container.lifecycle?.preStop?.exec?.command;
      const preStopSeconds = preStop?.[0] === 'sleep' ? Number(preStop[1]) : NaN;
      if (!Number.isFinite(preStopSeconds) || preStopSeconds < 1) problems.push(`${where}: no preStop pause to leave the Service before SIGTERM`);
      const drainSeconds = env.DRAIN_TIMEOUT_MS ? Number(env.DRAIN_TIMEOUT_MS) / 1000 : 0;
      if (Number.isFinite(preStopSeconds) && grace <= preStopSeconds + drainSeconds) {
        problems.push(`${where}: terminationGracePeriodSeconds ${grace} does not cover preStop ${preStopSeconds} s + drain ${drainSeconds} s`);
      }
      if (!container.resources?.requests?.cpu || !container.resources?.requests?.memory) problems.push(`${where}: no CPU and memory requests`);
    }
  }
  problems.push(...topologyProblems(placements, hostNames));
  return { problems, probes };
}
