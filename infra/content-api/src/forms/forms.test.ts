import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_MAX_TOTAL_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '@site/contracts/forms';
import { toNumber } from '../db/database';
import { ENGINES, sendJson, startTestApi, type TestApi } from '../test-support/test-api';
import { EXE_HEAD, PDF_HEAD, PNG_HEAD, applicationFields, postMultipart, postMultipartFromChildProcess } from '../test-support/multipart';

const contact = { name: 'Иван Петров', email: 'ivan@example.com', message: 'Хочу узнать о магистратуре.', consent: true };

async function countRows(server: TestApi, table: string): Promise<number> {
  const row = (await server.api.db(table).count({ count: '*' }).first()) as { count: unknown };
  return toNumber(row.count);
}

function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe.each(ENGINES)('form intake on %s', (engine) => {
  let server: TestApi;
  const uploads = () => path.join(server.config.dataDir, 'uploads');
  const incoming = () => path.join(uploads(), '.incoming');

  beforeAll(async () => {
    server = await startTestApi(engine);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('a contact form is accepted with the promise to answer within three business days, in the request locale', async () => {
    const ru = await sendJson<{ id: string; message: string }>(server, 'POST', '/ru/forms/contact', contact);
    expect(ru.status).toBe(201);
    expect(ru.body.message).toMatch(/в течение трёх рабочих дней/);
    const en = await sendJson<{ message: string }>(server, 'POST', '/en/forms/contact', contact);
    expect(en.body.message).toMatch(/within three business days/);
    const row = (await server.api.db('form_submissions').where({ id: ru.body.id }).first()) as { kind: string; payload: string };
    expect(row.kind).toBe('contact');
    expect(JSON.parse(row.payload)).toMatchObject({ email: 'ivan@example.com', consent: true });
  });

  test('consent is required, fields are checked, unknown forms and locales are 404', async () => {
    const without = await sendJson<{ message: string }>(server, 'POST', '/ru/forms/contact', { ...contact, consent: false });
    expect(without).toEqual({
      status: 400,
      body: { statusCode: 400, message: 'Необходимо согласие с условиями и положением об обработке персональных данных' },
    });
    expect((await sendJson(server, 'POST', '/en/forms/contact', { ...contact, email: 'not-an-email' })).status).toBe(400);
    expect((await sendJson(server, 'POST', '/en/forms/contact', [1, 2])).status).toBe(400);
    expect((await sendJson(server, 'POST', '/en/forms/gossip', contact)).status).toBe(404);
    expect((await sendJson(server, 'POST', '/de/forms/contact', contact)).status).toBe(404);
    const badKey = await sendJson(server, 'POST', '/en/forms/contact', contact, { 'idempotency-key': 'x' });
    expect(badKey.status).toBe(400);
  });

  test('an application names an open event that takes applications; unknown, past and link-only events are refused in the form locale', async () => {
    const events = (await server.api.db('events').select('id', 'doc').where({ locale: 'en' })) as { id: number; doc: string }[];
    const parsed = events.map((row) => JSON.parse(row.doc) as { id: number; startsAt: string; endsAt?: string; application: { type: string } });
    const now = Date.now();
    const ends = (event: (typeof parsed)[number]) => Date.parse(event.endsAt ?? event.startsAt);
    const open = parsed.find((event) => event.application.type === 'form' && ends(event) > now + 3_600_000)!;
    const past = parsed.find((event) => event.application.type === 'form' && ends(event) < now)!;
    const linkOnly = parsed.find((event) => event.application.type !== 'form' && ends(event) > now + 3_600_000)!;
    const before = await countRows(server, 'form_submissions');
    const accepted = await postMultipart(server, '/en/forms/application', applicationFields({ eventId: String(open.id) }));
    expect(accepted.status).toBe(201);
    const stored = (await server.api.db('form_submissions').where({ id: accepted.body.id }).first()) as { payload: string };
    expect(JSON.parse(stored.payload).eventId).toBe(String(open.id));
    const refusedPast = await postMultipart(server, '/en/forms/application', [
      ...applicationFields({ eventId: String(past.id) }),
      { name: 'files', filename: 'cv.pdf', head: PDF_HEAD, size: 5_000 },
    ]);
    expect(refusedPast).toMatchObject({ status: 422, body: { message: 'The event is over and no longer accepts applications.' } });
    const refusedRu = await postMultipart(server, '/ru/forms/application', applicationFields({ eventId: String(past.id) }));
    expect(refusedRu.body.message).toBe('Мероприятие уже прошло, заявки на него не принимаются.');
    expect((await postMultipart(server, '/en/forms/application', applicationFields({ eventId: '999999' }))).body.message).toBe(
      'The event was not found: open the form from the event page.',
    );
    expect((await postMultipart(server, '/en/forms/application', applicationFields({ eventId: 'open-day' }))).status).toBe(422);
    expect((await postMultipart(server, '/en/forms/application', applicationFields({ eventId: String(linkOnly.id) }))).status).toBe(422);
    expect(await countRows(server, 'form_submissions')).toBe(before + 1);
    expect(filesUnder(incoming())).toEqual([]);
  });

  test('an application with a PDF and a PNG is stored with its files under generated names', async () => {
    const answer = await postMultipart(server, '/ru/forms/application', [
      ...applicationFields(),
      { name: 'files', filename: 'Резюме Анны.pdf', contentType: 'application/pdf', head: PDF_HEAD, size: 20_000 },
      { name: 'files', filename: 'photo.PNG', contentType: 'image/png', head: PNG_HEAD, size: 5_000 },
    ]);
    expect(answer.status).toBe(201);
    const attachments = (await server.api.db('form_attachments').where({ submission_id: answer.body.id }).orderBy('original_name')) as {
      original_name: string;
      storage_name: string;
      size_bytes: unknown;
    }[];
    expect(attachments.map((row) => [row.original_name, toNumber(row.size_bytes)])).toEqual([
      ['photo.PNG', 5_000],
      ['Резюме Анны.pdf', 20_000],
    ]);
    for (const row of attachments) {
      expect(row.storage_name).toMatch(/^\d{4}-\d{2}\/[0-9a-f-]{36}$/);
      expect(fs.statSync(path.join(uploads(), row.storage_name)).size).toBe(toNumber(row.size_bytes));
    }
    expect(filesUnder(incoming())).toEqual([]);
    expect((await fetch(`${server.baseUrl}/media/${attachments[0]!.storage_name}`)).status).toBe(404);
  });

  test('an executable renamed .pdf, a wrong extension and a file on the contact form are refused, leaving nothing behind', async () => {
    const before = await countRows(server, 'form_submissions');
    const renamed = await postMultipart(server, '/en/forms/resume', [
      ...applicationFields(),
      { name: 'files', filename: 'cv.pdf', head: EXE_HEAD, size: 40_000 },
    ]);
    expect(renamed).toMatchObject({ status: 415, body: { statusCode: 415, message: 'The file content does not match its extension' } });
    const exe = await postMultipart(server, '/en/forms/resume', [...applicationFields(), { name: 'files', filename: 'cv.exe', head: EXE_HEAD }]);
    expect(exe).toMatchObject({ status: 415, body: { message: 'Allowed file types: pdf, doc, docx, jpeg, jpg, png' } });
    const onContact = await postMultipart(server, '/en/forms/contact', [
      ...Object.entries({ ...contact, consent: 'true' }).map(([name, value]) => ({ name, value: String(value) })),
      { name: 'files', filename: 'cv.pdf', head: PDF_HEAD },
    ]);
    expect(onContact.status).toBe(400);
    expect(await countRows(server, 'form_submissions')).toBe(before);
    expect(filesUnder(incoming())).toEqual([]);
  });

  test('exactly 50 MB is accepted; a declared body far over the cap is refused before reading', async () => {
    const exact = await postMultipart(server, '/en/forms/application', [
      ...applicationFields(),
      { name: 'files', filename: 'exact.pdf', head: PDF_HEAD, size: UPLOAD_MAX_TOTAL_BYTES },
    ]);
    expect(exact.status).toBe(201);
    const response = await fetch(`${server.baseUrl}/en/forms/application`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * 1024 * 1024) },
      body: 'x'.repeat(10),
    }).catch((error: unknown) => error);
    // Either the 413 arrives, or the client gives up because the declared length was never sent; never a 2xx.
    if (response instanceof Response) expect(await response.json()).toEqual({ statusCode: 413, message: UPLOAD_TOO_LARGE_MESSAGE });
  });

  test('50 MB + 1 byte is refused while streaming with the spec message, and the server memory stays flat', async () => {
    const before = await countRows(server, 'form_submissions');
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    // Chunked, with no Content-Length: only the streaming count can stop it.
    const answer = await postMultipartFromChildProcess(server, '/en/forms/application', [
      ...applicationFields(),
      { name: 'files', filename: 'small.pdf', head: PDF_HEAD, size: 1_000_000 },
      { name: 'files', filename: 'big.pdf', head: PDF_HEAD, size: UPLOAD_MAX_TOTAL_BYTES - 1_000_000 + 1 },
    ]);
    clearInterval(sampler);
    const growthMb = (peak - baseline) / 1024 / 1024;
    console.log(
      `[${engine}] 50 MB + 1 byte upload: RSS baseline ${(baseline / 1048576).toFixed(1)} MB, peak ${(peak / 1048576).toFixed(1)} MB, growth ${growthMb.toFixed(1)} MB`,
    );
    expect(answer).toMatchObject({ status: 413, body: { statusCode: 413, message: UPLOAD_TOO_LARGE_MESSAGE } });
    // Buffering the file would grow memory by 50 MB or more; streaming leaves only chunks awaiting the GC.
    expect(growthMb).toBeLessThan(20);
    expect(await countRows(server, 'form_submissions')).toBe(before);
    expect(filesUnder(incoming())).toEqual([]);
  });

  test('200 concurrent submissions are stored exactly once each, and retries with their keys are stored once', async () => {
    const before = await countRows(server, 'form_submissions');
    const send = (index: number) =>
      postMultipart(
        server,
        '/ru/forms/resume',
        [
          ...applicationFields({ email: `person${index}@example.com`, vacancyId: String(index) }).filter((part) => part.name !== 'programId'),
          { name: 'files', filename: `cv-${index}.pdf`, head: PDF_HEAD, size: 2_000 },
        ],
        { 'idempotency-key': `${engine}-burst-${index}-0123` },
      );
    const first = await Promise.all(Array.from({ length: 200 }, (_, index) => send(index)));
    expect(first.map((answer) => answer.status)).toEqual(Array(200).fill(201));
    expect(new Set(first.map((answer) => answer.body.id)).size).toBe(200);
    expect(await countRows(server, 'form_submissions')).toBe(before + 200);
    const retries = await Promise.all(Array.from({ length: 200 }, (_, index) => send(index)));
    expect(retries.map((answer) => answer.status)).toEqual(Array(200).fill(200));
    expect(retries.map((answer) => answer.body.id)).toEqual(first.map((answer) => answer.body.id));
    expect(await countRows(server, 'form_submissions')).toBe(before + 200);
    const attachments = (await server.api
      .db('form_attachments')
      .whereIn(
        'submission_id',
        first.map((answer) => answer.body.id!),
      )
      .count({ count: '*' })
      .first()) as { count: unknown };
    expect(toNumber(attachments.count)).toBe(200);
    expect(filesUnder(incoming())).toEqual([]);
  });

  test('the same key sent 10 times at once is stored once', async () => {
    const before = await countRows(server, 'form_submissions');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => sendJson<{ id: string }>(server, 'POST', '/en/forms/contact', contact, { 'idempotency-key': `${engine}-same-key-42` })),
    );
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(await countRows(server, 'form_submissions')).toBe(before + 1);
  });

  test('a vacancy subscription is stored once per address; unknown centres are refused', async () => {
    const first = await sendJson<{ id: string; message: string }>(server, 'POST', '/ru/subscriptions/vacancies', {
      email: 'Reader@Example.com',
      centreIds: ['library'],
      consent: true,
    });
    expect(first.status).toBe(201);
    const again = await sendJson<{ id: string }>(server, 'POST', '/en/subscriptions/vacancies', { email: 'reader@example.com', consent: 'true' });
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id } });
    expect(await countRows(server, 'vacancy_subscriptions')).toBe(1);
    expect((await sendJson(server, 'POST', '/ru/subscriptions/vacancies', { email: 'x@example.com', centreIds: ['nowhere'], consent: true })).status).toBe(400);
    expect((await sendJson(server, 'POST', '/ru/subscriptions/vacancies', { email: 'x@example.com' })).status).toBe(400);
  });
});
