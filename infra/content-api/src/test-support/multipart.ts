import { execFile } from 'node:child_process';
import http from 'node:http';
import { Readable } from 'node:stream';
import type { TestApi } from './test-api';

export type MultipartPart = { name: string; value: string } | { name: string; filename: string; contentType?: string; head: Buffer; size?: number };

const BOUNDARY = '----content-api-test-boundary-7MA4YWxkTrZu0gW';
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

/** The body as a stream generated on the fly, so a 50 MB file never sits in the test's memory. */
function* bodyChunks(parts: MultipartPart[]): Generator<Buffer> {
  for (const part of parts) {
    if ('value' in part) {
      yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`);
      continue;
    }
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    );
    yield part.head;
    let remaining = (part.size ?? part.head.length) - part.head.length;
    while (remaining > 0) {
      const slice = CHUNK.subarray(0, Math.min(CHUNK.length, remaining));
      remaining -= slice.length;
      yield slice;
    }
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

function bodyLength(parts: MultipartPart[]): number {
  let length = 0;
  for (const chunk of bodyChunks(parts.map((part) => ('value' in part ? part : { ...part, size: 0, head: Buffer.alloc(0) })))) length += chunk.length;
  return length + parts.reduce((sum, part) => sum + ('value' in part ? 0 : (part.size ?? part.head.length)), 0);
}

export interface MultipartAnswer {
  status: number;
  body: { statusCode?: number; message?: string; id?: string };
  headers: http.IncomingHttpHeaders;
}

/** Posts a streamed multipart body; resolves with the answer even if the server answers before reading it all. */
export function postMultipart(server: TestApi, path: string, parts: MultipartPart[], headers: Record<string, string> = {}): Promise<MultipartAnswer> {
  const url = new URL(path, server.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(bodyLength(parts)), ...headers },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {}, headers: response.headers });
        request.destroy();
      });
    });
    // A server that refuses early may close the socket while we still write: the answer is what matters.
    request.on('error', (error) => (request.writableEnded ? undefined : reject(error)));
    Readable.from(bodyChunks(parts)).on('error', reject).pipe(request);
  });
}

export const PDF_HEAD = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
export const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
/** The start of a Windows executable (MZ header). */
export const EXE_HEAD = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

export function applicationFields(overrides: Record<string, string> = {}): MultipartPart[] {
  const fields = { name: 'Анна Смирнова', email: 'anna@example.com', phone: '+7 900 000-00-00', programId: 'ai', consent: 'on', ...overrides };
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

/**
 * The same streamed post, made by a separate Node process: memory measured in this process is then the
 * server's alone, not the client's buffers too.
 */
export function postMultipartFromChildProcess(server: TestApi, path: string, parts: MultipartPart[]): Promise<MultipartAnswer> {
  const serialised = parts.map((part) => ('value' in part ? part : { ...part, head: part.head.toString('base64') }));
  const script = `
    const http = require('node:http');
    const { Readable } = require('node:stream');
    const [url, boundary, partsJson] = process.argv.slice(1);
    const parts = JSON.parse(partsJson);
    const CHUNK = Buffer.alloc(64 * 1024, 0x20);
    function* chunks() {
      for (const part of parts) {
        if ('value' in part) { yield Buffer.from('--' + boundary + '\\r\\nContent-Disposition: form-data; name="' + part.name + '"\\r\\n\\r\\n' + part.value + '\\r\\n'); continue; }
        const head = Buffer.from(part.head, 'base64');
        yield Buffer.from('--' + boundary + '\\r\\nContent-Disposition: form-data; name="' + part.name + '"; filename="' + part.filename + '"\\r\\nContent-Type: application/octet-stream\\r\\n\\r\\n');
        yield head;
        let remaining = (part.size ?? head.length) - head.length;
        while (remaining > 0) { const slice = CHUNK.subarray(0, Math.min(CHUNK.length, remaining)); remaining -= slice.length; yield slice; }
        yield Buffer.from('\\r\\n');
      }
      yield Buffer.from('--' + boundary + '--\\r\\n');
    }
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=' + boundary, 'transfer-encoding': 'chunked' } });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => { process.stdout.write(JSON.stringify({ status: response.statusCode, body: JSON.parse(text || '{}') })); process.exit(0); });
    });
    request.on('error', () => {});
    Readable.from(chunks()).pipe(request);
  `;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', script, new URL(path, server.baseUrl).toString(), BOUNDARY, JSON.stringify(serialised)],
      { maxBuffer: 1024 * 1024 },
      (error, stdout) => {
        if (error) reject(error);
        else resolve({ ...(JSON.parse(stdout) as Omit<MultipartAnswer, 'headers'>), headers: {} });
      },
    );
  });
}
