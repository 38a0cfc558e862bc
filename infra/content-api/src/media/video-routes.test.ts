import fs from 'node:fs';
import path from 'node:path';
import { getJson, startTestApi, type TestApi } from '../test-support/test-api';
import { rangeAnswer } from './byte-ranges';
import { VIDEO_ROOT } from './video-routes';

// Media files do not touch the database, so one engine covers the route; the seed's video items are read from it.
const VIDEO = '/media/videos/robotics-lab.webm';
const onDisk = fs.readFileSync(path.join(VIDEO_ROOT, 'videos', 'robotics-lab.webm'));

describe('video media over HTTP', () => {
  let server: TestApi;
  beforeAll(async () => {
    server = await startTestApi('sqlite');
  });
  afterAll(async () => {
    await server.stop();
  });

  test('a whole video: its type, length and Accept-Ranges', async () => {
    const response = await fetch(`${server.baseUrl}${VIDEO}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/webm');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(onDisk)).toBe(true);
    // EBML magic: a real WebM, not a stand-in.
    expect(body.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(Number(response.headers.get('content-length'))).toBe(onDisk.length);
  });

  test('byte ranges: first bytes, an open range, a suffix, a range past the end clipped', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      [`bytes=${onDisk.length - 10}-`, onDisk.length - 10, onDisk.length - 1],
      ['bytes=-25', onDisk.length - 25, onDisk.length - 1],
      [`bytes=100-${onDisk.length + 5000}`, 100, onDisk.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await fetch(`${server.baseUrl}${VIDEO}`, { headers: { range } });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${onDisk.length}`);
      expect(response.headers.get('content-type')).toBe('video/webm');
      expect(Number(response.headers.get('content-length'))).toBe(end - start + 1);
      expect(Buffer.from(await response.arrayBuffer()).equals(onDisk.subarray(start, end + 1))).toBe(true);
    }
  });

  test('a range beyond the file is 416 with the size; one that is not a single byte range gets the whole file', async () => {
    for (const range of [`bytes=${onDisk.length}-`, `bytes=${onDisk.length + 100}-${onDisk.length + 200}`, 'bytes=-0']) {
      const response = await fetch(`${server.baseUrl}${VIDEO}`, { headers: { range } });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${onDisk.length}`);
      expect((await response.json()).statusCode).toBe(416);
    }
    for (const range of ['items=0-10', 'bytes=0-10,20-30', 'bytes=abc', 'bytes=50-10']) {
      const response = await fetch(`${server.baseUrl}${VIDEO}`, { headers: { range } });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).length).toBe(onDisk.length);
    }
  });

  test('If-Range: a stale validator gets the whole file, the current one its range; If-None-Match gets 304', async () => {
    const etag = (await fetch(`${server.baseUrl}${VIDEO}`, { method: 'HEAD' })).headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const current = await fetch(`${server.baseUrl}${VIDEO}`, { headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(current.status).toBe(206);
    await current.arrayBuffer();
    const stale = await fetch(`${server.baseUrl}${VIDEO}`, { headers: { range: 'bytes=0-9', 'if-range': '"old-version"' } });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer()).length).toBe(onDisk.length);
    expect((await fetch(`${server.baseUrl}${VIDEO}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  test('unknown or unsafe video paths are 404, and images keep their own route', async () => {
    for (const url of ['/media/videos/missing.webm', '/media/videos/robotics-lab.exe', '/media/videos/%2e%2e%2fpackage.json']) {
      expect((await fetch(`${server.baseUrl}${url}`)).status).toBe(404);
    }
    const image = await fetch(`${server.baseUrl}/media/images/campus-main.jpg?w=320`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  test('every seeded item tagged "video" plays a shipped video, and no other item carries one', async () => {
    for (const locale of ['ru', 'en']) {
      const videos = await getJson<{ data: { items: { id: number }[]; total: number } }>(server, `/${locale}/news?formats=video&pageSize=100`);
      expect(videos.body.data.total).toBeGreaterThan(3);
      for (const { id } of videos.body.data.items) {
        const article = await getJson<{ data: { body: string } }>(server, `/${locale}/news/${id}`);
        const sources = [...article.body.data.body.matchAll(/<source src="([^"]+)" type="([^"]+)"/g)];
        expect(sources.length).toBeGreaterThan(0);
        for (const [, src, type] of sources) {
          const served = await fetch(`${server.baseUrl}${src}`, { headers: { range: 'bytes=0-3' } });
          expect(served.status).toBe(206);
          expect(served.headers.get('content-type')).toBe(type);
          await served.arrayBuffer();
        }
      }
      const all = await getJson<{ data: { items: { id: number; formats?: string[] }[]; total: number } }>(server, `/${locale}/news?type=Media&pageSize=100`);
      for (const item of all.body.data.items.filter((entry) => !videos.body.data.items.some((video) => video.id === entry.id))) {
        const article = await getJson<{ data: { body: string } }>(server, `/${locale}/news/${item.id}`);
        expect(article.body.data.body).not.toContain('<video');
      }
    }
  });
});

describe('Range header parsing', () => {
  test('single ranges, suffixes, clipping, and what is ignored or unsatisfiable', () => {
    expect(rangeAnswer(undefined, 100)).toEqual({ kind: 'whole' });
    expect(rangeAnswer('bytes=0-0', 100)).toEqual({ kind: 'partial', start: 0, end: 0 });
    expect(rangeAnswer('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(rangeAnswer('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(rangeAnswer('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(rangeAnswer('bytes=0-1, 5-6', 100)).toEqual({ kind: 'whole' });
    expect(rangeAnswer('bytes=-', 100)).toEqual({ kind: 'whole' });
    expect(rangeAnswer('bytes=0-99999999999999999999', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(rangeAnswer('bytes=99999999999999999999-', 100)).toEqual({ kind: 'unsatisfiable' });
  });
});
