import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createStaticHost } from './static-host';

// The build preset is plain JavaScript: the same function the builds run.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { precompressDir } = require('../../build-preset/src/precompress.js') as { precompressDir(dir: string): Promise<{ written: number }> };

/** A GET over real HTTP that keeps the body as it came over the wire (fetch would decompress it). */
function get(
  base: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; rawPayload: Buffer; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const rawPayload = Buffer.concat(chunks);
          resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, rawPayload, body: rawPayload.toString() });
        });
      })
      .on('error', reject);
  });
}

describe('static host of remote builds', () => {
  let dir: string;
  let host: FastifyInstance;
  let base: string;
  const code = `export const sections = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Section number ${i}`))};\n`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-host-'));
    const version = path.join(dir, 'news', '1.0.0-aaaaaaaaaa');
    fs.mkdirSync(version, { recursive: true });
    fs.writeFileSync(path.join(version, 'remoteEntry.js'), code);
    fs.writeFileSync(path.join(version, 'logo.png'), Buffer.alloc(600, 7));
    expect((await precompressDir(dir)).written).toBe(2);
    host = createStaticHost({ cdnDir: dir });
    await host.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await host.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const url = '/remotes/news/1.0.0-aaaaaaaaaa/remoteEntry.js';

  it("serves the build's brotli copy to a client that accepts it, and the gzip copy to one that accepts only gzip", async () => {
    const br = await get(base, url, { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(code);
    expect(br.rawPayload.length).toBeLessThan(code.length / 3);

    const gz = await get(base, url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(code);
  });

  it('serves the file as it is without Accept-Encoding, and files the build did not compress', async () => {
    const plain = await get(base, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const image = await get(base, '/remotes/news/1.0.0-aaaaaaaaaa/logo.png', { 'accept-encoding': 'br, gzip' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
  });

  it('tells browsers not to guess a type for its files and its 404s, with no proxy in front', async () => {
    for (const file of [url, '/remotes/news/1.0.0-aaaaaaaaaa/logo.png', '/remotes/news/9.9.9/remoteEntry.js']) {
      expect((await get(base, file)).headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('names its process, so a fault drill can pause it', async () => {
    expect(JSON.parse((await get(base, '/health')).body)).toEqual({ status: 'ok', pid: process.pid });
  });
});
