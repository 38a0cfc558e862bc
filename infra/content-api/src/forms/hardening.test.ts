import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ENGINES, sendJson, startTestApi, type TestApi } from '../test-support/test-api';
import { PDF_HEAD, applicationFields, postMultipart } from '../test-support/multipart';

const BOUNDARY = 'stall-boundary-2f1c';

function filesIn(folder: string): string[] {
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

async function until(condition: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

/**
 * An upload that declares 50 MB, sends its fields and `sentBytes` of a PDF, then stops sending (the socket stays
 * open). Resolves `closed` when the server ends the connection.
 */
function stalledUpload(server: TestApi, sentBytes: number) {
  const request = http.request(new URL('/en/forms/application', server.baseUrl), {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(50 * 1024 * 1024) },
  });
  let response: number | null = null;
  request.on('response', (answer) => {
    response = answer.statusCode ?? null;
    answer.resume();
  });
  const closed = new Promise<void>((resolve) => {
    request.on('error', () => resolve());
    request.on('close', () => resolve());
  });
  const fields = applicationFields()
    .map((part) => ('value' in part ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n` : ''))
    .join('');
  request.write(`${fields}--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  request.write(Buffer.concat([PDF_HEAD, Buffer.alloc(Math.max(0, sentBytes - PDF_HEAD.length), 0x20)]));
  return { request, closed, status: () => response };
}

// One API with a 60 s byte-rate window (no upload of these tests is cut by it) for the disconnect test and the file-name
// tests: each API start migrates and seeds a database.
let wideWindow: TestApi;
beforeAll(async () => {
  wideWindow = await startTestApi('sqlite', { uploadIdleTimeoutMs: 60_000 });
});
afterAll(() => wideWindow?.stop());

describe('upload intake under stalled and aborted uploads', () => {
  let server: TestApi;
  const incoming = () => path.join(server.config.dataDir, 'uploads', '.incoming');

  beforeAll(async () => {
    server = await startTestApi('sqlite', { uploadIdleTimeoutMs: 1500, uploadMinBytesPerSecond: 1024 });
  });
  afterAll(() => server?.stop());

  test('a stalled upload is cut within its byte-rate window and its partial file is deleted', async () => {
    const upload = stalledUpload(server, 1024);
    await until(() => filesIn(incoming()).length === 1, 5000);
    const waited = await Promise.race([upload.closed.then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still open'), 5000))]);
    expect(waited).toBe('closed');
    await until(() => filesIn(incoming()).length === 0, 1000);
  });

  test('an upload whose client disconnects leaves no partial file behind, at once', async () => {
    const folder = path.join(wideWindow.config.dataDir, 'uploads', '.incoming');
    expect(filesIn(folder)).toEqual([]);
    const upload = stalledUpload(wideWindow, 8 * 1024 * 1024);
    await until(() => filesIn(folder).some((name) => fs.statSync(path.join(folder, name)).size > 1024 * 1024), 10_000);
    upload.request.destroy();
    // Well within the 60 s window: the disconnect itself deletes the file.
    const took = await until(() => filesIn(folder).length === 0, 2000);
    console.log(`partial of an aborted 8 MB upload deleted ${took} ms after the disconnect`);
    expect(await sendJson(wideWindow, 'GET', '/health')).toMatchObject({ status: 200 });
  });

  test('partials left by a killed process are deleted when the API starts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-api-partials-'));
    const folder = path.join(dataDir, 'uploads', '.incoming');
    fs.mkdirSync(folder, { recursive: true });
    const partial = path.join(folder, 'left-by-a-killed-process');
    fs.writeFileSync(partial, Buffer.alloc(8 * 1024 * 1024));
    const old = new Date(Date.now() - 10 * 60 * 1000);
    fs.utimesSync(partial, old, old);
    const restarted = await startTestApi('sqlite', { dataDir });
    try {
      expect(filesIn(folder)).toEqual([]);
    } finally {
      await restarted.stop();
    }
  });
});

describe('uploaded file names', () => {
  test('bidirectional controls are stripped from an uploaded file name before it is stored', async () => {
    const answer = await postMultipart(wideWindow, '/en/forms/application', [
      ...applicationFields(),
      { name: 'files', filename: 'invoice\u202Eexe.pdf', head: PDF_HEAD, size: 2000 },
    ]);
    expect(answer.status).toBe(201);
    const row = (await wideWindow.api.db('form_attachments').where({ submission_id: answer.body.id }).first()) as { original_name: string };
    expect(row.original_name).toBe('invoiceexe.pdf');
  });

  test('a 10,004-character file name is refused with the file-name message, not a parser error', async () => {
    const name = `${'a'.repeat(10_000)}.pdf`;
    const en = await postMultipart(wideWindow, '/en/forms/application', [
      ...applicationFields(),
      { name: 'files', filename: name, head: PDF_HEAD, size: 2000 },
    ]);
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('The file name is too long: 255 characters at most');
    const ru = await postMultipart(wideWindow, '/ru/forms/application', [
      ...applicationFields(),
      { name: 'files', filename: name, head: PDF_HEAD, size: 2000 },
    ]);
    expect(ru.body.message).toBe('Слишком длинное имя файла: не больше 255 символов');
  });
});

describe.each(ENGINES)('client addresses behind a configured proxy on %s', (engine) => {
  let server: TestApi;

  beforeAll(async () => {
    // One proxy is trusted; the tests connect from 127.0.0.1, which is not it.
    server = await startTestApi(engine, { trustProxy: '10.9.8.7', rateLimit: { max: 3, clientMax: 100_000, windowMs: 60_000 } });
  });
  afterAll(() => server?.stop());

  test('a client that rotates X-Forwarded-For without being a trusted proxy stays in one rate-limit bucket', async () => {
    const contact = { name: 'Иван Петров', email: 'ivan@example.com', message: 'Хочу узнать о магистратуре.', consent: true };
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await sendJson(server, 'POST', '/en/forms/contact', contact, { 'x-forwarded-for': `203.0.113.${index + 1}` })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    const rows = await server.api.db('form_submissions').where({ kind: 'contact' }).select<{ client_ip: string }[]>('client_ip');
    expect(rows.map((row) => row.client_ip)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });
});
