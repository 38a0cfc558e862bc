import path from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { ofKind, renderKustomization, reviewKubernetes, schemaProblems, type K8sObject } from './kubernetes';

const FIXTURES = path.join(__dirname, 'fixtures');

describe('the Kubernetes manifests (kubectl kustomize infra/deploy/kubernetes)', () => {
  let objects: K8sObject[];

  beforeAll(() => {
    objects = renderKustomization();
  });

  test('render, and every object is valid against the Kubernetes OpenAPI schema of its kind', () => {
    expect(objects.map((object) => `${object.kind} ${object.metadata.name}`).sort()).toEqual(
      [
        'ConfigMap site-config',
        'Deployment content-api',
        'Deployment registry',
        'Deployment remote-host',
        'Deployment shell',
        'HorizontalPodAutoscaler shell',
        'Ingress site',
        'Namespace university-site',
        'PersistentVolumeClaim content-data',
        'PersistentVolumeClaim remotes-data',
        'PodDisruptionBudget content-api',
        'PodDisruptionBudget registry',
        'PodDisruptionBudget remote-host',
        'PodDisruptionBudget shell',
        'Service content-api',
        'Service registry',
        'Service registry-pods',
        'Service remote-host',
        'Service shell',
        'Service shell-pods',
      ].sort(),
    );
    expect(schemaProblems(objects)).toEqual([]);
  });

  test('the schema check catches a wrong object', () => {
    const broken = structuredClone(ofKind<IDeployment>(objects, 'Deployment')[0]!);
    const port = broken.spec!.template.spec!.containers[0]!.ports![0]!;
    Object.assign(port, { containerPort: 'http' });
    const object = broken as unknown as K8sObject;
    expect(schemaProblems([object])).toEqual([expect.stringMatching(/^Deployment \w[\w-]*: .*containerPort must be integer/)]);
    expect(schemaProblems([{ ...object, kind: 'Deploymnet' }])).toEqual([`Deploymnet ${object.metadata.name}: apps/v1 has no kind Deploymnet`]);
  });

  test("every container passes its service's configuration check with the environment the manifests give it, writes only where it may, and meets the services it needs", () => {
    expect(reviewKubernetes(objects).problems).toEqual([]);
  });

  test('the shells keep their autoscaler, and the registry and remote hosts run as fleets on shared storage', () => {
    const deployments = new Map(ofKind<IDeployment>(objects, 'Deployment').map((deployment) => [deployment.metadata?.name, deployment.spec]));
    expect(deployments.get('registry')?.replicas).toBeGreaterThan(1);
    expect(deployments.get('remote-host')?.replicas).toBeGreaterThan(1);
    const autoscaler = objects.find((object) => object.kind === 'HorizontalPodAutoscaler')!;
    expect(autoscaler.spec).toMatchObject({ scaleTargetRef: { kind: 'Deployment', name: 'shell' }, minReplicas: 3 });
  });

  test('the single-process registry of before is refused: its data volume is read-only where it writes, and it has no database', () => {
    const before = renderKustomization({ 'remotes.yaml': path.join(FIXTURES, 'remotes-single-process.yaml') });
    const { problems } = reviewKubernetes(before);
    expect(problems).toEqual(
      expect.arrayContaining([
        'Deployment registry, container registry: writes into /data/cdn, which is mounted read-only',
        'Deployment registry, container registry: writes into /data/registry, which is mounted read-only',
        'Deployment registry, container registry: 2 replicas without a database URL, each on SQLite in its own data folder',
        'Deployment shell, container shell: the registry does not accept its token: its fleet reports or publishes are refused',
        'Deployment registry: no PodDisruptionBudget selects its pods',
        'Deployment registry, container registry: no liveness probe',
      ]),
    );
  });
});
