import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAME_PATTERN, type RegistryDocument } from '@site/contracts';

/**
 * Development builds of remotes: `npm run dev -w @site/remote-<team>` writes `<team>.json` into the folder a
 * development shell is given (`DEV_REMOTES_DIR`), naming the manifest its loopback server answers for the current
 * build. The shell serves that build in place of the registry's version of the remote, server render and browser
 * alike, until the file goes. Unsigned and unchecked, so a production shell refuses the setting: what visitors get
 * changes only through the registry.
 */
interface DevRemoteOverride {
  name: string;
  version: string;
  manifestUrl: string;
}

/** Where a development shell answers which development builds it serves (never in production). */
export const DEV_REMOTES_PATH = '/_dev/remotes';

/** `DEV_REMOTES_DIR`, resolved; refused when NODE_ENV=production. */
export function devRemotesDirFrom(env: NodeJS.ProcessEnv): string | null {
  const dir = env.DEV_REMOTES_DIR?.trim();
  if (!dir) return null;
  if (env.NODE_ENV === 'production')
    throw new Error('DEV_REMOTES_DIR serves unsigned local builds of remotes and is refused when NODE_ENV=production: deploy through the registry');
  return path.resolve(dir);
}

const TEAM = new RegExp(REMOTE_NAME_PATTERN);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A registration's override, or why it is not one: a development build is served from this machine only. */
export function parseDevOverride(text: string, file: string): DevRemoteOverride | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${file} is not JSON`;
  }
  const { name, version, manifestUrl } = (body ?? {}) as Record<string, unknown>;
  if (typeof name !== 'string' || !TEAM.test(name) || `${name}.json` !== path.basename(file)) return `${file} does not name the remote of its file name`;
  if (typeof version !== 'string' || !/^[0-9A-Za-z.+-]{1,80}$/.test(version)) return `${file} has no valid version`;
  let url: URL;
  try {
    url = new URL(String(manifestUrl));
  } catch {
    return `${file} has no manifest URL`;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return `${file}: a development build is served from loopback only, not ${url.origin}`;
  return { name, version, manifestUrl: url.toString() };
}

type Log = { warn(obj: object, msg: string): void };

/** The registrations in a development shell's folder, read on every registry poll and watched for changes. */
export class DevRemoteOverrides {
  private reported = new Set<string>();

  constructor(
    readonly dir: string,
    private readonly log: Log,
  ) {}

  /** The current registrations; a file that is not one is logged (once) and left out. */
  read(): DevRemoteOverride[] {
    let files: string[];
    try {
      files = fs.readdirSync(this.dir).filter((file) => file.endsWith('.json'));
    } catch {
      return [];
    }
    const overrides: DevRemoteOverride[] = [];
    const problems = new Set<string>();
    for (const file of files.sort()) {
      let text: string;
      try {
        text = fs.readFileSync(path.join(this.dir, file), 'utf8');
      } catch {
        continue; // removed meanwhile
      }
      const parsed = parseDevOverride(text, file);
      if (typeof parsed === 'string') problems.add(parsed);
      else overrides.push(parsed);
    }
    for (const problem of problems) if (!this.reported.has(problem)) this.log.warn({ dir: this.dir, problem }, 'development build ignored');
    this.reported = problems;
    return overrides;
  }

  /** Calls `onChange` whenever a registration is written or removed; answers the function that stops watching. */
  watch(onChange: () => void): () => void {
    fs.mkdirSync(this.dir, { recursive: true });
    const watcher = fs.watch(this.dir, { persistent: false }, () => onChange());
    watcher.on('error', (error) => this.log.warn({ dir: this.dir, err: error.message }, 'development builds no longer watched'));
    return () => watcher.close();
  }
}

/** The registry document with the development builds in place of the registry's versions (no canary, no hashes). */
export function withDevOverrides(document: RegistryDocument, overrides: readonly DevRemoteOverride[]): RegistryDocument {
  if (overrides.length === 0) return document;
  const byName = new Map(overrides.map((override) => [override.name, override]));
  const remotes = document.remotes.map((entry) => {
    const override = byName.get(entry.name);
    return override ? { name: entry.name, version: override.version, manifestUrl: override.manifestUrl } : entry;
  });
  for (const override of overrides) {
    if (!remotes.some((entry) => entry.name === override.name)) remotes.push({ ...override });
  }
  return { ...document, remotes };
}
