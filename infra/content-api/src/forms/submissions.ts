import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Locale } from '@site/contracts';
import { isUniqueViolation } from '../db/database';
import type { AllowedExtension } from './file-signatures';

export interface StagedAttachment {
  tempPath: string;
  originalName: string;
  extension: AllowedExtension;
  mediaType: string;
  size: number;
}

export interface NewSubmission {
  kind: string;
  locale: Locale;
  idempotencyKey: string | undefined;
  payload: Record<string, unknown>;
  clientIp: string;
  captchaScore: number | undefined;
  attachments: StagedAttachment[];
}

export interface StoredSubmission {
  id: string;
  /** True when the idempotency key was already used: the first submission stands, nothing new was stored. */
  replayed: boolean;
}

export async function findSubmissionByKey(db: Knex, kind: string, idempotencyKey: string): Promise<string | null> {
  const row = (await db('form_submissions').select('id').where({ kind, idempotency_key: idempotencyKey }).first()) as { id: string } | undefined;
  return row?.id ?? null;
}

/**
 * Stores a submission and its files in one transaction. Files get generated names under the uploads
 * folder (never served); if the transaction fails or loses an idempotency race, its files are removed.
 */
export async function storeSubmission(db: Knex, uploadsDir: string, submission: NewSubmission): Promise<StoredSubmission> {
  const id = randomUUID();
  const createdAt = new Date().toISOString();
  const folder = path.join(uploadsDir, createdAt.slice(0, 7));
  const placed: string[] = [];
  try {
    if (submission.attachments.length > 0) await fs.promises.mkdir(folder, { recursive: true });
    const attachmentRows: Record<string, unknown>[] = [];
    for (const attachment of submission.attachments) {
      const storageName = randomUUID();
      const target = path.join(folder, storageName);
      await fs.promises.rename(attachment.tempPath, target);
      placed.push(target);
      attachmentRows.push({
        id: randomUUID(),
        submission_id: id,
        original_name: attachment.originalName.slice(0, 255),
        storage_name: path.join(createdAt.slice(0, 7), storageName),
        extension: attachment.extension,
        media_type: attachment.mediaType,
        size_bytes: attachment.size,
      });
    }
    await db.transaction(async (trx) => {
      await trx('form_submissions').insert({
        id,
        kind: submission.kind,
        locale: submission.locale,
        idempotency_key: submission.idempotencyKey ?? null,
        payload: JSON.stringify(submission.payload),
        client_ip: submission.clientIp,
        captcha_score: submission.captchaScore ?? null,
        created_at: createdAt,
      });
      if (attachmentRows.length > 0) await trx('form_attachments').insert(attachmentRows);
    });
    return { id, replayed: false };
  } catch (error) {
    await Promise.all(placed.map((file) => fs.promises.rm(file, { force: true })));
    if (submission.idempotencyKey && isUniqueViolation(error)) {
      const existing = await findSubmissionByKey(db, submission.kind, submission.idempotencyKey);
      if (existing) return { id: existing, replayed: true };
    }
    throw error;
  }
}

export async function discardStaged(attachments: { tempPath: string }[]): Promise<void> {
  await Promise.all(attachments.map((attachment) => fs.promises.rm(attachment.tempPath, { force: true })));
}
