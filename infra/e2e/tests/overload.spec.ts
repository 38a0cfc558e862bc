import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startOwnPlatform, type OwnPlatform } from '../support/own-platform';

// Opens hundreds of connections against a platform of its own: runs alone, after everything else.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const IDLE_TIMEOUT_MS = 3000;
const QUEUE_TIMEOUT_MS = 2000;
const STALLED = 200;
const BOUNDARY = 'stalled-upload-boundary';

interface StalledOutcome {
  /** Time from the last byte sent to the end of the request (answer or closed connection). */
  endedAfterMs: number;
  status: number | null;
  retryAfter: string | null;
}

/**
 * A visitor's upload that sends its headers and about 1 KB of a declared 50 MB body, then nothing: the socket stays
 * open until the site ends it. Each comes from its own address (named by the trusted loopback proxy header).
 */
function stalledUpload(site: string, index: number): Promise<StalledOutcome> {
  return new Promise((resolve) => {
    const request = http.request(new URL('/api/en/forms/application', site), {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(50 * 1024 * 1024),
        'x-forwarded-for': `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      },
    });
    let status: number | null = null;
    let retryAfter: string | null = null;
    let lastByteAt = Date.now();
    const finish = () => resolve({ endedAfterMs: Date.now() - lastByteAt, status, retryAfter });
    request.on('response', (response) => {
      status = response.statusCode ?? null;
      retryAfter = response.headers['retry-after'] ?? null;
      response.resume();
      response.on('end', finish);
      response.on('error', finish);
    });
    request.on('error', finish);
    request.on('close', () => {
      if (status === null) finish();
    });
    const preamble = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
    request.write(Buffer.concat([Buffer.from(preamble), Buffer.alloc(1024 - preamble.length, 0x20)]), () => (lastByteAt = Date.now()));
  });
}

async function timedGet(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

test.describe('stalled uploads', () => {
  let platform: OwnPlatform;

  test.beforeAll(async () => {
    platform = await startOwnPlatform('overload', {
      UPLOAD_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
      PROXY_QUEUE_TIMEOUT_MS: String(QUEUE_TIMEOUT_MS),
    });
  });
  test.afterAll(async () => {
    await platform?.stop();
  });

  test('200 stalled uploads: reads and pages keep answering within 1 s, the uploads end on time, no partial file remains', async () => {
    const reads = [`${platform.site}/api/en/init`, `${platform.site}/api/ru/pages/index`, `${platform.site}/en`, `${platform.site}/`];
    for (const url of reads) expect((await timedGet(url)).status).toBe(200); // warm: first renders compile templates

    const started = Date.now();
    const uploads = Array.from({ length: STALLED }, (_, index) => stalledUpload(platform.site, index));
    let done = false;
    const all = Promise.all(uploads).finally(() => (done = true));
    const samples: Array<{ url: string; status: number; ms: number }> = [];
    while (!done) {
      for (const url of reads) samples.push({ url, ...(await timedGet(url)) });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const outcomes = await all;
    const elapsed = Date.now() - started;

    const slowest = Math.max(...samples.map((sample) => sample.ms));
    const statuses = new Map<string, number>();
    for (const outcome of outcomes) statuses.set(String(outcome.status ?? 'closed'), (statuses.get(String(outcome.status ?? 'closed')) ?? 0) + 1);
    console.log(
      `${STALLED} stalled uploads ended within ${elapsed} ms (latest ${Math.max(...outcomes.map((o) => o.endedAfterMs))} ms after its last byte; ` +
        `outcomes ${JSON.stringify(Object.fromEntries(statuses))}); ${samples.length} reads meanwhile, slowest ${slowest.toFixed(0)} ms`,
    );
    // Every read a visitor made during the flood answered, and quickly.
    expect(samples.filter((sample) => sample.status !== 200)).toEqual([]);
    expect(samples.filter((sample) => sample.ms >= 1000)).toEqual([]);
    // Every stalled upload ended: cut after one idle window, or refused from the queue with a 503 to retry later.
    for (const outcome of outcomes) expect(outcome.endedAfterMs).toBeLessThan(QUEUE_TIMEOUT_MS + IDLE_TIMEOUT_MS + 1500);
    for (const outcome of outcomes.filter((o) => o.status === 503)) expect(Number(outcome.retryAfter)).toBeGreaterThan(0);
    expect(outcomes.some((o) => o.status === 503)).toBe(true);

    const incoming = path.join(platform.dataDir, 'uploads', '.incoming');
    const partials = () => (fs.existsSync(incoming) ? fs.readdirSync(incoming) : []);
    await expect.poll(partials, { timeout: 1000 }).toEqual([]);
  });
});
