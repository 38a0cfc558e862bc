import { createHash } from 'node:crypto';
import dns from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { checkContractsCompatibility, RemoteManifestSchema, validate, type RemoteManifest } from '@site/contracts';

/** What a live shell declares to the registry: the contracts it serves and the versions of its shared singletons. */
export interface HostDeclaration {
  instance: string;
  contractsVersion: string;
  /** Exact versions the shell provides (`react: 19.3.1`). */
  shared: Record<string, string>;
}

function parse(version: string): [number, number, number] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * Whether a provided version satisfies a required range as builds write them: `^x.y.z` (same major, or same minor
 * below 1.0), `~x.y.z`, an exact version, or `*`. Anything else is not understood and therefore refused.
 */
function satisfies(provided: string, range: string): boolean {
  const trimmed = range.trim();
  if (trimmed === '*' || trimmed === '') return true;
  const have = parse(provided);
  const operator = /^[\^~]/.test(trimmed) ? trimmed[0] : '=';
  const want = parse(trimmed.replace(/^[\^~=]/, ''));
  if (!have || !want) return false;
  if (compare(have, want) < 0) return false;
  if (operator === '=') return compare(have, want) === 0;
  if (operator === '~') return have[0] === want[0] && have[1] === want[1];
  return want[0] > 0 ? have[0] === want[0] : have[1] === want[1];
}

/** The first shared singleton the shell provides in a version outside what the build requires, or null. */
export function checkShared(required: Array<{ name: string; requiredVersion?: string; version?: string }>, provided: Record<string, string>): string | null {
  for (const item of required) {
    const range = item.requiredVersion ?? (item.version ? `^${item.version}` : '*');
    const have = provided[item.name];
    // A shell that does not declare a singleton says nothing about it (older shells report only what they know).
    if (have === undefined) continue;
    if (!satisfies(have, range)) return `shared ${item.name} ${range} is not satisfied by the shell's ${have}`;
  }
  return null;
}

/** Where a team may register a version hosted elsewhere (`POST /api/remotes/<own>/register`). */
export interface ManifestHostPolicy {
  /** Hosts (`cdn.example.org`, or `host:port`) manifests may be registered from. */
  allowedHosts: string[];
  /** The registry's own static host (`REMOTES_PUBLIC_URL`): the platform's, allowed wherever it runs. */
  ownHost: string | null;
  /**
   * Loopback, private, link-local and other non-public addresses: refused unless set (local development only,
   * `REGISTRY_MANIFEST_ALLOW_PRIVATE=1`); the shells would otherwise fetch internal addresses for a team.
   */
  allowPrivate: boolean;
}

/** A refusal with the status the API answers (the registry's error handler sends it as it is). */
export class GateRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** `REGISTRY_MANIFEST_HOSTS` (comma-separated hosts or URLs) and `REGISTRY_MANIFEST_ALLOW_PRIVATE`. */
export function manifestHostPolicy(env: NodeJS.ProcessEnv, remotesPublicUrl: string): ManifestHostPolicy {
  const hosts = (env.REGISTRY_MANIFEST_HOSTS ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => hostOf(/^https?:\/\//.test(item) ? item : `http://${item}`))
    .filter((item): item is string => item !== null);
  return { allowedHosts: hosts, ownHost: hostOf(remotesPublicUrl), allowPrivate: /^(1|true|yes)$/i.test(env.REGISTRY_MANIFEST_ALLOW_PRIVATE ?? '') };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Whether an address is one the public internet routes to (not loopback, private, link-local, reserved…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * Checks a manifest URL before anything fetches it: http(s), on a configured host, and (unless private addresses
 * are allowed) naming and resolving to public addresses only.
 */
export async function checkManifestUrl(manifestUrl: string, policy: ManifestHostPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(manifestUrl);
  } catch {
    throw new GateRefusal(400, `${manifestUrl} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new GateRefusal(400, `${manifestUrl} is not an http(s) URL`);
  if (url.username || url.password) throw new GateRefusal(400, `${manifestUrl} carries credentials`);
  const host = url.host.toLowerCase();
  if (host === policy.ownHost) return url;
  if (!policy.allowedHosts.includes(host)) {
    throw new GateRefusal(403, `${url.host} is not a host manifests may be registered from (REGISTRY_MANIFEST_HOSTS)`);
  }
  if (policy.allowPrivate) return url;
  const name = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(name) ? [name] : await lookupAll(name);
  const internal = addresses.find((address) => !isPublicAddress(address));
  if (addresses.length === 0 || internal) {
    throw new GateRefusal(
      403,
      `${url.host} is ${internal ? `an internal address (${internal})` : 'not resolvable'}: manifests are registered from public hosts only`,
    );
  }
  return url;
}

async function lookupAll(hostname: string): Promise<string[]> {
  try {
    return (await dns.lookup(hostname, { all: true })).map((item) => item.address);
  } catch {
    return [];
  }
}

/** What the gate learnt of an external release: the same facts a publish records. */
export interface ExternalRelease {
  manifest: RemoteManifest;
  contractsVersion: string;
  sections: string[];
  shared: Record<string, string>;
  /** sha256 of the manifest and the server container, so shells check what they run as for a published version. */
  files: Record<string, string>;
}

const MAX_EXTERNAL_BYTES = 16 * 1024 * 1024;

async function fetchBody(url: string, timeoutMs: number): Promise<Buffer> {
  let response: Response;
  try {
    // No redirects: a redirect could lead to a host the allow-list never saw.
    response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new GateRefusal(422, `${url} could not be fetched: ${(error as Error).message}`);
  }
  if (response.status !== 200) throw new GateRefusal(422, `${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MAX_EXTERNAL_BYTES) throw new GateRefusal(422, `${url} is larger than ${MAX_EXTERNAL_BYTES} bytes`);
  return body;
}

/**
 * Fetches an external release (its manifest and server container) and runs the gate a publish runs: the build is
 * the remote it is registered as, in the version given, with contracts and shared singletons the live shells serve.
 * Section ownership is checked where the registration is stored (one transaction with the claim).
 */
export async function checkExternalRelease(
  remote: string,
  version: string,
  manifestUrl: string,
  options: { policy: ManifestHostPolicy; hosts: HostDeclaration[]; contractsVersion: string; timeoutMs?: number },
): Promise<ExternalRelease> {
  const url = await checkManifestUrl(manifestUrl, options.policy);
  const timeoutMs = options.timeoutMs ?? 5000;
  const manifestBody = await fetchBody(url.toString(), timeoutMs);
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestBody.toString('utf8'));
  } catch {
    throw new GateRefusal(400, `${manifestUrl} is not JSON`);
  }
  const result = validate(RemoteManifestSchema, parsed);
  if (!result.ok) throw new GateRefusal(400, `${manifestUrl} is not a remote manifest: ${result.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`);
  const manifest = result.value;
  if (manifest.site.team !== remote || manifest.name !== remote) throw new GateRefusal(400, `${manifestUrl} is remote ${manifest.site.team}, not ${remote}`);
  if (manifest.site.version !== version) throw new GateRefusal(400, `${manifestUrl} is version ${manifest.site.version}, not ${version}`);
  const shared = (manifest as { shared?: Array<{ name: string; requiredVersion?: string; version?: string }> }).shared ?? [];
  const declared = options.hosts.length > 0 ? options.hosts : [{ instance: 'registry', contractsVersion: options.contractsVersion, shared: {} }];
  for (const host of declared) {
    const compatibility = checkContractsCompatibility(manifest.site.contractsVersion, host.contractsVersion);
    if (!compatibility.compatible) throw new GateRefusal(409, `refusing ${remote}@${version}: ${compatibility.reason} (shell ${host.instance})`);
    const problem = checkShared(shared, host.shared);
    if (problem) throw new GateRefusal(409, `refusing ${remote}@${version}: ${problem} (shell ${host.instance})`);
  }
  // The server container sits beside the manifest, as in a published folder; its hash is what shells will check.
  const serverEntryUrl = new URL('server/remoteEntry.js', url).toString();
  const serverEntry = await fetchBody((await checkManifestUrl(serverEntryUrl, options.policy)).toString(), timeoutMs);
  return {
    manifest,
    contractsVersion: manifest.site.contractsVersion,
    sections: manifest.site.sections.map((section) => section.name),
    shared: Object.fromEntries(shared.map((item) => [item.name, item.requiredVersion ?? `^${item.version}`])),
    files: {
      'mf-manifest.json': createHash('sha256').update(manifestBody).digest('hex'),
      'server/remoteEntry.js': createHash('sha256').update(serverEntry).digest('hex'),
    },
  };
}

/**
 * The contracts and shared singletons a recorded version needs, checked again against the live shells when it is
 * made live (activate, canary): the fleet may have moved on since its publish.
 */
export function checkRecordedVersion(
  remote: string,
  version: { version: string; contractsVersion?: string; shared?: Record<string, string> } | undefined,
  hosts: HostDeclaration[],
): void {
  if (!version) return;
  for (const host of hosts) {
    if (version.contractsVersion) {
      const compatibility = checkContractsCompatibility(version.contractsVersion, host.contractsVersion);
      if (!compatibility.compatible) throw new GateRefusal(409, `refusing ${remote}@${version.version}: ${compatibility.reason} (shell ${host.instance})`);
    }
    const required = Object.entries(version.shared ?? {}).map(([name, requiredVersion]) => ({ name, requiredVersion }));
    const problem = checkShared(required, host.shared);
    if (problem) throw new GateRefusal(409, `refusing ${remote}@${version.version}: ${problem} (shell ${host.instance})`);
  }
}
