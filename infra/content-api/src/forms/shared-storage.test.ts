import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromEnv, mediaCacheDirOf, uploadsDirOf } from '../config';
import { startTestApi, type TestApi } from '../test-support/test-api';
import { PDF_HEAD, applicationFields, postMultipart } from '../test-support/multipart';

describe('two content API replicas on one PostgreSQL, each with its own data folder and one shared folder', () => {
  let shared: string;
  let first: TestApi;
  let second: TestApi;

  beforeAll(async () => {
    shared = fs.mkdtempSync(path.join(os.tmpdir(), 'content-shared-'));
    first = await startTestApi('postgres', { sharedDataDir: shared });
    second = await startTestApi('postgres', { sharedDataDir: shared, databaseSchema: first.config.databaseSchema });
  });

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    fs.rmSync(shared, { recursive: true, force: true });
  });

  test('SHARED_DATA_DIR is read from the environment; without it uploads stay in the data folder, as for npm start', () => {
    const fleet = configFromEnv({ DATA_DIR: '/var/lib/content', SHARED_DATA_DIR: '/shared' });
    expect([uploadsDirOf(fleet), mediaCacheDirOf(fleet)]).toEqual(['/shared/uploads', '/shared/media-cache']);
    const alone = configFromEnv({ DATA_DIR: '/var/lib/content' });
    expect([uploadsDirOf(alone), mediaCacheDirOf(alone)]).toEqual(['/var/lib/content/uploads', '/var/lib/content/media-cache']);
  });

  test('an upload accepted by one replica is readable by the other', async () => {
    const answer = await postMultipart(first, '/en/forms/application', [
      ...applicationFields(),
      { name: 'files', filename: 'cv.pdf', contentType: 'application/pdf', head: PDF_HEAD, size: 20_000 },
    ]);
    expect(answer.status).toBe(201);
    const attachment = (await second.api.db('form_attachments').where({ submission_id: answer.body.id }).first()) as { storage_name: string } | undefined;
    expect(attachment).toBeDefined();
    const file = path.join(uploadsDirOf(second.config), attachment!.storage_name);
    expect(fs.statSync(file).size).toBe(20_000);
    expect(fs.readFileSync(file).subarray(0, PDF_HEAD.length).equals(PDF_HEAD)).toBe(true);
    // Nothing another replica must read went to a private folder.
    expect(fs.existsSync(path.join(first.config.dataDir, 'uploads'))).toBe(false);
  });

  test('an image resized by one replica is in the cache the other serves from', async () => {
    const resized = await fetch(`${first.baseUrl}/media/images/campus-main.jpg?w=320`);
    expect(resized.status).toBe(200);
    const bytes = Buffer.from(await resized.arrayBuffer());
    const cached = path.join(mediaCacheDirOf(second.config), '320', 'images', 'campus-main.jpg');
    expect(fs.readFileSync(cached).equals(bytes)).toBe(true);
    const again = await fetch(`${second.baseUrl}/media/images/campus-main.jpg?w=320`);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(fs.existsSync(path.join(first.config.dataDir, 'media-cache'))).toBe(false);
  });
});
