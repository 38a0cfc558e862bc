import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import {
  ApplicationFormSchema,
  CAPTCHA_TOKEN_FIELD,
  ContactFormSchema,
  FormAcceptedSchema,
  IDEMPOTENCY_KEY_HEADER,
  ResumeFormSchema,
  UPLOAD_MAX_TOTAL_BYTES,
  UPLOAD_TOO_LARGE_MESSAGE,
  VacancySubscriptionSchema,
} from '@site/contracts/forms';
import { validate, type Locale } from '@site/contracts';
import { uploadsDirOf } from '../config';
import { centreExists } from '../content/people';
import { HttpError, badRequest, notFound } from '../http/errors';
import { localeOf } from '../http/params';
import type { RouteContext } from '../routes/route-context';
import { verifyCaptcha } from './captcha';
import { assertEventTakesApplications } from './event-applications';
import { MEDIA_TYPE_OF_EXTENSION, allowedExtensionOf, contentMatchesExtension } from './file-signatures';
import { formMessage } from './messages';
import { CLIENT_ID_HEADER, type FormAttemptLimits } from './rate-limit';
import { formAttemptLimitsFor } from './rate-limit-postgres';
import { saveVacancySubscription } from './subscriptions';
import { discardStaged, findSubmissionByKey, storeSubmission, type StagedAttachment } from './submissions';
import { UploadBudget, receiveFile, sweepStaleUploads } from './upload-stream';
import { MAX_FILE_NAME_LENGTH, cleanFileName } from './file-names';

const FORM_SCHEMAS: Record<string, { schema: TSchema; acceptsFiles: boolean }> = {
  contact: { schema: ContactFormSchema, acceptsFiles: false },
  application: { schema: ApplicationFormSchema, acceptsFiles: true },
  resume: { schema: ResumeFormSchema, acceptsFiles: true },
};

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;
/** Room for the multipart boundaries and the text fields on top of the files' 50 MB. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/** Multipart and JSON values arrive as text: empty means absent, a ticked consent box means true. */
function normaliseFields(raw: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === CAPTCHA_TOKEN_FIELD) continue;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed === '') continue;
      fields[key] = key === 'consent' && ['true', 'on', '1', 'yes'].includes(trimmed.toLowerCase()) ? true : trimmed;
    } else if (value !== undefined && value !== null) {
      fields[key] = value;
    }
  }
  return fields;
}

function checkedPayload<T>(schema: TSchema, fields: Record<string, unknown>, locale: Locale): T {
  const result = validate(schema, fields);
  if (result.ok) return result.value as T;
  const issue = result.issues[0];
  const field = issue?.path.split('/')[1] ?? '';
  if (field === 'consent') throw badRequest(formMessage('consentRequired', locale));
  throw badRequest(`${formMessage('invalidField', locale)}: ${field || 'body'} (${issue?.message ?? 'invalid'})`);
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value))
    throw badRequest(`The ${IDEMPOTENCY_KEY_HEADER} header must be 8 to 128 letters, digits or _ . : -`);
  return value;
}

/** Reads a multipart submission: text fields into a record, files streamed to staging under the budget. */
async function readMultipart(request: FastifyRequest, locale: Locale, incomingDir: string, acceptsFiles: boolean) {
  // Ends the file being received at once when the client goes, so that its partial file is deleted at once.
  const onClientGone = () => {
    if (!request.raw.complete) currentFile?.destroy(new Error('the client closed the connection during the upload'));
  };
  let currentFile: Readable | undefined;
  request.raw.once('close', onClientGone);
  const fields: Record<string, string> = {};
  const staged: StagedAttachment[] = [];
  const budget = new UploadBudget();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!acceptsFiles) throw badRequest(locale === 'ru' ? 'Эта форма не принимает файлы' : 'This form does not accept files');
      const originalName = cleanFileName(part.filename);
      if (originalName.length > MAX_FILE_NAME_LENGTH) throw badRequest(formMessage('fileNameTooLong', locale));
      const extension = allowedExtensionOf(originalName);
      if (!extension) throw new HttpError(415, formMessage('fileType', locale));
      currentFile = part.file;
      const received = await receiveFile(part.file, incomingDir, budget);
      currentFile = undefined;
      staged.push({ tempPath: received.tempPath, originalName, extension, mediaType: MEDIA_TYPE_OF_EXTENSION[extension], size: received.size });
      if (part.file.truncated) throw new HttpError(413, UPLOAD_TOO_LARGE_MESSAGE);
      if (received.size === 0 || !contentMatchesExtension(received.head, extension)) throw new HttpError(415, formMessage('fileContent', locale));
    }
  } catch (error) {
    await discardStaged(staged);
    throw error;
  } finally {
    request.raw.removeListener('close', onClientGone);
  }
  return { fields, staged };
}

export async function registerFormRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  const { db, config } = context;
  // Shared by every replica on PostgreSQL, in memory on SQLite (one process).
  const limiter: FormAttemptLimits = formAttemptLimitsFor(app, context);
  const uploadsDir = uploadsDirOf(config);
  const incomingDir = path.join(uploadsDir, '.incoming');
  // Partials of a process that was killed go at start; those of uploads cut later, within one more window.
  const sweep = () =>
    sweepStaleUploads(incomingDir, config.uploadIdleTimeoutMs).then(
      (removed) => removed > 0 && app.log.info({ removed }, 'deleted partial uploads'),
      (error: unknown) => app.log.warn({ err: error }, 'could not sweep partial uploads'),
    );
  await sweepStaleUploads(incomingDir, 0, Date.now() - config.uploadIdleTimeoutMs);
  const sweeper = setInterval(() => void sweep(), config.uploadIdleTimeoutMs);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  const rawKeyOf = (request: FastifyRequest) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    return typeof key === 'string' ? key : undefined;
  };

  /** Every attempt counts, whatever its outcome; only the replay of a submission already stored is free. */
  async function enforceRateLimit(request: FastifyRequest, reply: FastifyReply, locale: Locale): Promise<void> {
    const waitSeconds = await limiter.attempt(request.ip, request.headers[CLIENT_ID_HEADER], rawKeyOf(request));
    if (waitSeconds > 0) {
      reply.header('retry-after', String(waitSeconds));
      throw new HttpError(429, formMessage('tooManyRequests', locale));
    }
  }

  const markStored = (request: FastifyRequest) => limiter.stored(request.ip, request.headers[CLIENT_ID_HEADER], rawKeyOf(request));

  async function checkCaptcha(request: FastifyRequest, token: unknown, kind: string, locale: Locale): Promise<number | undefined> {
    const verdict = await verifyCaptcha(config.captcha, typeof token === 'string' ? token : undefined, kind, request.ip);
    if (!verdict.ok) {
      request.log.warn({ kind, reason: verdict.reason }, 'captcha refused');
      throw new HttpError(403, formMessage('captchaFailed', locale));
    }
    return verdict.score;
  }

  const FormParams = Type.Object({ locale: Type.String({ maxLength: 16 }), kind: Type.String({ maxLength: 32 }) });
  app.post(
    '/:locale/forms/:kind',
    { schema: { params: FormParams, response: { 200: FormAcceptedSchema, 201: FormAcceptedSchema } } },
    async (request, reply) => {
      const locale = localeOf(request.params);
      const kind = (request.params as { kind: string }).kind;
      const form = FORM_SCHEMAS[kind];
      if (!form) throw notFound();
      await enforceRateLimit(request, reply, locale);
      const declaredLength = Number(request.headers['content-length'] ?? 0);
      if (declaredLength > UPLOAD_MAX_TOTAL_BYTES + MULTIPART_OVERHEAD_BYTES) {
        reply.header('connection', 'close');
        throw new HttpError(413, UPLOAD_TOO_LARGE_MESSAGE);
      }
      const idempotencyKey = idempotencyKeyOf(request);
      if (idempotencyKey) {
        const existing = await findSubmissionByKey(db, kind, idempotencyKey);
        if (existing) {
          await markStored(request);
          return reply
            .status(200)
            .header('idempotent-replayed', 'true')
            .send({ id: existing, message: formMessage('accepted', locale) });
        }
      }
      const { fields, staged } = request.isMultipart()
        ? await readMultipart(request, locale, incomingDir, form.acceptsFiles)
        : { fields: (request.body ?? {}) as Record<string, unknown>, staged: [] as StagedAttachment[] };
      try {
        if (typeof fields !== 'object' || Array.isArray(fields)) throw badRequest('The form body must be an object of fields');
        const payload = checkedPayload<Record<string, unknown>>(form.schema, normaliseFields(fields), locale);
        if (kind === 'application' && typeof payload.eventId === 'string') await assertEventTakesApplications(db, locale, payload.eventId);
        const captchaScore = await checkCaptcha(request, fields[CAPTCHA_TOKEN_FIELD], kind, locale);
        const stored = await storeSubmission(db, uploadsDir, {
          kind,
          locale,
          idempotencyKey,
          payload,
          clientIp: request.ip,
          captchaScore,
          attachments: staged,
        });
        await markStored(request);
        if (stored.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(stored.replayed ? 200 : 201).send({ id: stored.id, message: formMessage('accepted', locale) });
      } catch (error) {
        await discardStaged(staged);
        throw error;
      }
    },
  );

  const SubscriptionBody = Type.Composite([
    Type.Omit(VacancySubscriptionSchema, ['consent']),
    Type.Object({ consent: Type.Optional(Type.Unknown()), [CAPTCHA_TOKEN_FIELD]: Type.Optional(Type.String({ maxLength: 4096 })) }),
  ]);
  app.post(
    '/:locale/subscriptions/vacancies',
    { schema: { body: SubscriptionBody, response: { 200: FormAcceptedSchema, 201: FormAcceptedSchema } } },
    async (request, reply) => {
      const locale = localeOf(request.params);
      await enforceRateLimit(request, reply, locale);
      const body = request.body as Record<string, unknown>;
      const payload = checkedPayload<{ email: string; centreIds?: string[] }>(VacancySubscriptionSchema, normaliseFields(body), locale);
      for (const centreId of payload.centreIds ?? []) {
        if (!(await centreExists(db, locale, centreId))) throw badRequest(`Unknown centre: ${centreId}`);
      }
      await checkCaptcha(request, body[CAPTCHA_TOKEN_FIELD], 'subscription', locale);
      const saved = await saveVacancySubscription(db, locale, payload.email, payload.centreIds ?? []);
      return reply.status(saved.created ? 201 : 200).send({ id: saved.id, message: formMessage('subscribed', locale) });
    },
  );
}
