import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { toNumber } from '../db/database';

interface SubmissionRow {
  id: string;
  kind: string;
  locale: string;
  idempotency_key: string | null;
  payload: string;
  captcha_score: number | null;
  created_at: string;
}

interface AttachmentRow {
  submission_id: string;
  original_name: string;
  extension: string;
  media_type: string;
  size_bytes: unknown;
}

/**
 * What the intake holds, for the admissions and HR staff who process it (and for checking end to end what a
 * visitor's submission became): the latest submissions, newest first, filtered by form kind and email; the
 * vacancy subscriptions by email. Registered inside the admin scope, so behind its bearer token.
 */
export function registerIntakeReadRoutes(admin: FastifyInstance, db: Knex): void {
  admin.get('/admin/intake/submissions', async (request) => {
    const query = request.query as { kind?: string; email?: string; limit?: string };
    const limit = Math.min(200, Math.max(1, Number(query.limit) || 50));
    const builder = db('form_submissions')
      .select('*')
      .orderBy('created_at', 'desc')
      .limit(query.email ? 1000 : limit);
    if (query.kind) builder.where({ kind: query.kind });
    const rows = (await builder) as SubmissionRow[];
    const matching = rows
      .map((row) => ({ row, payload: JSON.parse(row.payload) as Record<string, unknown> }))
      .filter(({ payload }) => !query.email || payload.email === query.email)
      .slice(0, limit);
    const attachments = matching.length
      ? ((await db('form_attachments')
          .select('submission_id', 'original_name', 'extension', 'media_type', 'size_bytes')
          .whereIn(
            'submission_id',
            matching.map(({ row }) => row.id),
          )) as AttachmentRow[])
      : [];
    return {
      data: matching.map(({ row, payload }) => ({
        id: row.id,
        kind: row.kind,
        locale: row.locale,
        idempotencyKey: row.idempotency_key,
        payload,
        captchaScore: row.captcha_score,
        createdAt: row.created_at,
        attachments: attachments
          .filter((attachment) => attachment.submission_id === row.id)
          .map((attachment) => ({
            name: attachment.original_name,
            extension: attachment.extension,
            mediaType: attachment.media_type,
            size: toNumber(attachment.size_bytes),
          })),
      })),
    };
  });

  admin.get('/admin/intake/subscriptions', async (request) => {
    const { email } = request.query as { email?: string };
    const builder = db('vacancy_subscriptions').select('email', 'locale', 'centre_ids', 'created_at').orderBy('created_at', 'desc').limit(200);
    if (email) builder.where({ email });
    const rows = (await builder) as { email: string; locale: string; centre_ids: string; created_at: string }[];
    return {
      data: rows.map((row) => ({ email: row.email, locale: row.locale, centreIds: JSON.parse(row.centre_ids) as string[], createdAt: row.created_at })),
    };
  });
}
