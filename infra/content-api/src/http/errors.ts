import type { FastifyError, FastifyInstance } from 'fastify';
import { UPLOAD_TOO_LARGE_MESSAGE } from '@site/contracts/forms';

/** The message every 404 answer carries, for an unknown locale, slug, entity or route. */
const NOT_FOUND_MESSAGE = 'This page could not be found';

/** An error whose status and message are meant for the caller, as `{statusCode, message}`. */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

export const notFound = () => new HttpError(404, NOT_FOUND_MESSAGE);
export const badRequest = (message: string) => new HttpError(400, message);

/** Fastify and plugin error codes that are the caller's fault, with the status they deserve. */
const CLIENT_ERROR_CODES: Record<string, number> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_INVALID_MULTIPART_CONTENT_TYPE: 415,
  FST_PARTS_LIMIT: 413,
  FST_FILES_LIMIT: 413,
  FST_FIELDS_LIMIT: 413,
  FST_PROTO_VIOLATION: 400,
  FST_ERR_BAD_URL: 400,
};

function statusAndMessage(error: FastifyError): { statusCode: number; message: string } {
  if (error instanceof HttpError) return { statusCode: error.statusCode, message: error.message };
  if (error.validation) return { statusCode: 400, message: error.message };
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return { statusCode: 413, message: UPLOAD_TOO_LARGE_MESSAGE };
  const mapped = error.code ? CLIENT_ERROR_CODES[error.code] : undefined;
  if (mapped) return { statusCode: mapped, message: error.message };
  // Malformed multipart bodies surface as parser errors without a Fastify code.
  if (/^(Multipart|Unexpected end of form|Malformed part header|Unexpected end of multipart)/i.test(error.message)) {
    return { statusCode: 400, message: `Malformed multipart body: ${error.message}` };
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return { statusCode: status, message: error.message };
  return { statusCode: 500, message: 'Internal Server Error' };
}

/** Every error leaves as `{statusCode, message}`; causes of 5xx go to the log, never to the caller. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, message } = statusAndMessage(error);
    if (statusCode >= 500) request.log.error({ err: error, url: request.url }, 'request failed');
    else request.log.info({ statusCode, url: request.url, reason: error.message }, 'request refused');
    void reply.status(statusCode).header('cache-control', 'no-store').send({ statusCode, message });
  });
  app.setNotFoundHandler((_request, reply) => {
    void reply.status(404).header('cache-control', 'no-store').send({ statusCode: 404, message: NOT_FOUND_MESSAGE });
  });
}
