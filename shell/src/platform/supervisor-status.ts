import fs from 'node:fs';

export interface SupervisedService {
  name: string;
  state: string;
  pid: number | null;
  restarts: number;
  lastExit: { code: number | null; signal: string | null; at: string } | null;
  startedAt: string | null;
}

/**
 * The services `npm start` supervises, as its supervisor last wrote them (SUPERVISOR_STATUS_FILE); an empty list when
 * the shell runs under another process manager.
 */
export function readSupervisorStatus(file: string | null): SupervisedService[] {
  if (!file) return [];
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { services?: SupervisedService[] };
    return Array.isArray(parsed.services) ? parsed.services : [];
  } catch {
    return [];
  }
}
