import path from 'node:path';

/** A configuration that cannot start: every wrong or missing variable, each named with what is wrong. */
export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`${service} cannot start, its configuration is wrong:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** `npm start`'s data folder: `.data/` at the repository root. */
const LOCAL_DATA_DIR = path.resolve(__dirname, '../../../.data');

/**
 * Reads variables from one environment and collects what is wrong with them instead of stopping at the first, so
 * that one start names every problem. `finish` throws a ConfigError when there is any.
 */
export class EnvReader {
  readonly problems: string[] = [];

  constructor(readonly env: NodeJS.ProcessEnv) {}

  /** The trimmed value, or undefined when unset or empty. */
  text(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  integer(name: string, fallback: number, minimum: number): number {
    const value = this.text(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < minimum) {
      this.problems.push(`${name} must be a whole number of at least ${minimum}, not "${value}"`);
      return fallback;
    }
    return parsed;
  }

  /** An absolute URL with one of the given protocols (without the colon). */
  url(name: string, value: string | undefined, protocols: string[]): string | undefined {
    if (value === undefined) return undefined;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      this.problems.push(`${name} is not a URL: "${value}"`);
      return undefined;
    }
    if (!protocols.includes(url.protocol.replace(/:$/, ''))) {
      this.problems.push(`${name} must be a ${protocols.join(' or ')} URL, not "${url.protocol}…"`);
      return undefined;
    }
    return value;
  }

  finish(service: string): void {
    if (this.problems.length > 0) throw new ConfigError(service, this.problems);
  }
}

/** The port of a server: 0 (any free port) up to 65535. */
export function readPort(reader: EnvReader, fallback: number): number {
  const port = reader.integer('PORT', fallback, 0);
  if (port > 65535) reader.problems.push(`PORT must be at most 65535, not "${port}"`);
  return port;
}

export interface DataFolders {
  /** This process's own folder: nothing another replica must read is written here. */
  dataDir: string;
  /**
   * The folder every replica of the service, and every service that reads what it writes, sees at once (a
   * ReadWriteMany volume in a cluster). `npm start` runs one process of each service: by default the data folder.
   */
  sharedDataDir: string;
}

export function readDataFolders(reader: EnvReader): DataFolders {
  const dataDir = path.resolve(reader.text('DATA_DIR') ?? LOCAL_DATA_DIR);
  const sharedDataDir = path.resolve(reader.text('SHARED_DATA_DIR') ?? dataDir);
  return { dataDir, sharedDataDir };
}
