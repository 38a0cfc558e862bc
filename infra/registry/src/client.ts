import type { AuditEntry, CanaryState, DeployedVersion, PreviewState } from './state';
import type { FleetReport } from '@site/contracts/fleet';
import type { Verdict } from './canary';

/** A preview as the registry lists it (its link's secret is given once, when it is made). */
export type PreviewInfo = Omit<PreviewState, 'tokenSha256'> & { active: boolean };

/** The registry's API as the CLI (and tests) use it: every call with a time budget and a clear failure. */
export class RegistryApi {
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
    private readonly timeoutMs = 10_000,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown, timeoutMs = this.timeoutMs): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const inner = (error as { cause?: { code?: string; errors?: Array<{ code?: string }>; message?: string } }).cause;
      const cause = inner?.code ?? inner?.errors?.[0]?.code ?? inner?.message ?? (error as Error).name;
      throw new Error(`registry ${this.baseUrl} is unreachable (${cause}): nothing was changed`);
    }
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as unknown) : null;
    if (!response.ok) {
      const message = (parsed as { message?: string } | null)?.message ?? text;
      throw Object.assign(new Error(`registry refused (${response.status}): ${message}`), { statusCode: response.status });
    }
    return parsed as T;
  }

  publish(remote: string, files: Map<string, Buffer>, acceptSizeGrowth?: string): Promise<{ remote: string; version: string; created: boolean }> {
    const body = {
      files: Object.fromEntries([...files].map(([name, content]) => [name, content.toString('base64')])),
      ...(acceptSizeGrowth ? { acceptSizeGrowth } : {}),
    };
    return this.call('POST', `/api/remotes/${encodeURIComponent(remote)}/versions`, body, 120_000);
  }

  activate(remote: string, version: string, canaryPercent?: number): Promise<{ revision: number; current: string; canary: CanaryState | null }> {
    return this.call('POST', `/api/remotes/${encodeURIComponent(remote)}/activate`, { version, ...(canaryPercent ? { canaryPercent } : {}) });
  }

  rollback(remote: string, to?: string): Promise<{ revision: number; current: string }> {
    return this.call('POST', `/api/remotes/${encodeURIComponent(remote)}/rollback`, to ? { to } : {});
  }

  register(remote: string, version: string, manifestUrl: string): Promise<{ revision: number }> {
    return this.call('POST', `/api/remotes/${encodeURIComponent(remote)}/register`, { version, manifestUrl });
  }

  retire(remote: string): Promise<{ revision: number }> {
    return this.call('DELETE', `/api/remotes/${encodeURIComponent(remote)}`);
  }

  transfer(section: string, remote: string): Promise<{ revision: number }> {
    return this.call('POST', `/api/sections/${encodeURIComponent(section)}/transfer`, { to: remote });
  }

  preview(remote: string, version: string, ttlSeconds?: number): Promise<PreviewInfo & { token: string }> {
    return this.call('POST', `/api/remotes/${encodeURIComponent(remote)}/previews`, { version, ...(ttlSeconds ? { ttlSeconds } : {}) });
  }

  previews(): Promise<{ previews: PreviewInfo[] }> {
    return this.call('GET', '/api/previews');
  }

  revokePreview(id: string): Promise<PreviewInfo> {
    return this.call('DELETE', `/api/previews/${encodeURIComponent(id)}`);
  }

  list(): Promise<{ revision: number; remotes: Record<string, { current: string; canary: CanaryState | null; versions: DeployedVersion[] }> }> {
    return this.call('GET', '/api/remotes');
  }

  audit(remote?: string): Promise<{ entries: AuditEntry[] }> {
    return this.call('GET', `/api/audit${remote ? `?remote=${encodeURIComponent(remote)}` : ''}`);
  }

  fleet(): Promise<{
    instances: Array<FleetReport & { fresh: boolean; reportedAt: string }>;
    remotes: Array<{ name: string; version: string; shells: number; behind: string[]; propagationMs: number | null }>;
    canaries: Record<string, Verdict>;
  }> {
    return this.call('GET', '/api/fleet');
  }

  /** Waits until every reporting shell serves the version; answers which did not. */
  async waitForPropagation(remote: string, version: string, timeoutMs: number): Promise<{ shells: number; behind: string[] }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const fleet = await this.fleet();
      const shells = fleet.instances.filter((shell) => shell.fresh);
      const behind = shells.filter((shell) => shell.live.find((item) => item.remote === remote)?.version !== version).map((shell) => shell.instance);
      if (behind.length === 0 || Date.now() >= deadline) return { shells: shells.length, behind };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Waits for the registry's verdict on a canary. */
  async waitForCanary(remote: string, version: string, timeoutMs: number): Promise<{ state: string; reason: string | null }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const fleet = await this.fleet();
      const verdict = fleet.canaries[remote];
      if (verdict && verdict.version === version && verdict.state !== 'watching') return { state: verdict.state, reason: verdict.reason };
      if (Date.now() >= deadline) return { state: 'still watching', reason: verdict?.reason ?? null };
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
