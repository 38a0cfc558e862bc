import fs from 'node:fs';
import path from 'node:path';

export interface DeployedVersion {
  version: string;
  /** Path of the manifest under the static host (`news/1.0.0-abc/mf-manifest.json`), or an absolute URL for a remote hosted elsewhere. */
  manifest: string;
  deployedAt: string;
  contractsVersion?: string;
  sections?: string[];
}

export interface RemoteState {
  current: string;
  /** Every version ever deployed, oldest first; rollback picks from here. */
  history: DeployedVersion[];
}

export interface RegistryState {
  revision: number;
  updatedAt: string;
  remotes: Record<string, RemoteState>;
}

export const EMPTY_STATE: RegistryState = { revision: 0, updatedAt: new Date(0).toISOString(), remotes: {} };

/**
 * The registry's state file. Writes are atomic (temp file + rename) so a reader never sees half a document,
 * and every change bumps the revision the shell polls for.
 */
export class RegistryStateFile {
  constructor(readonly file: string) {}

  read(): RegistryState {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8')) as RegistryState;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(EMPTY_STATE);
      throw new Error(`registry state ${this.file} is unreadable: ${(error as Error).message}`);
    }
  }

  update(change: (state: RegistryState) => void): RegistryState {
    const state = this.read();
    change(state);
    state.revision += 1;
    state.updatedAt = new Date().toISOString();
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
    fs.renameSync(temporary, this.file);
    return state;
  }
}
