import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_MAX_TOTAL_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '@site/contracts/forms';
import { HttpError } from '../http/errors';
import { SIGNATURE_BYTES } from './file-signatures';

/** Bytes of files already received in one submission, shared by all its files. */
export class UploadBudget {
  used = 0;

  constructor(readonly limit = UPLOAD_MAX_TOTAL_BYTES) {}
}

export interface ReceivedFile {
  tempPath: string;
  size: number;
  head: Buffer;
}

/**
 * Streams one uploaded file to a temporary file, counting against the submission's budget as bytes arrive:
 * the 51st megabyte is refused before it is written, and memory holds one chunk at a time.
 */
export async function receiveFile(source: NodeJS.ReadableStream, incomingDir: string, budget: UploadBudget): Promise<ReceivedFile> {
  await fs.promises.mkdir(incomingDir, { recursive: true });
  const tempPath = path.join(incomingDir, randomUUID());
  let size = 0;
  let head = Buffer.alloc(0);
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      budget.used += chunk.length;
      size += chunk.length;
      if (budget.used > budget.limit) {
        done(new HttpError(413, UPLOAD_TOO_LARGE_MESSAGE));
        return;
      }
      if (head.length < SIGNATURE_BYTES) head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await fs.promises.rm(tempPath, { force: true });
    throw error;
  }
  return { tempPath, size, head };
}

/**
 * Deletes partial files in the staging folder that have not grown for `staleAfterMs`: those of uploads cut or
 * aborted while this process was busy, or left by a process that was killed. A live upload (on this process or
 * another sharing the folder) writes all the time, so its file is never that old.
 */
export async function sweepStaleUploads(incomingDir: string, staleAfterMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(incomingDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(incomingDir, name);
    try {
      const stat = await fs.promises.stat(file);
      if (stat.isFile() && now - stat.mtimeMs >= staleAfterMs) {
        await fs.promises.rm(file, { force: true });
        removed += 1;
      }
    } catch {
      // Gone already: its upload finished or was discarded meanwhile.
    }
  }
  return removed;
}
