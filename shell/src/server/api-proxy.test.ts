import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { startShellWithBackend, type ShellWithBackend } from '../testing/shell-with-backend';

const contact = { name: 'Иван Петров', email: 'ivan@example.com', message: 'Хочу узнать о магистратуре.', consent: true };
const BOUNDARY = 'trickle-upload-boundary';
/** Above the small-body size: a trickle takes an upload place, not a form place. */
const TRICKLE_DECLARED_BYTES = 80 * 1024;

interface TrickleOutcome {
  status: number | null;
  message: string | null;
  /** From the first byte sent to the answer (or the closed connection). */
  endedAfterMs: number;
}

/**
 * An upload that sends 256 bytes every 100 ms (2.5 KB/s, above the per-window minimum of 2,048 B/s) of a declared
 * 80 KiB multipart body, from the given client address (named by the trusted loopback proxy header).
 */
function trickleUpload(site: string, address: string): Promise<TrickleOutcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const request = http.request(new URL('/api/en/forms/application', site), {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(TRICKLE_DECLARED_BYTES),
        'x-forwarded-for': address,
      },
    });
    let status: number | null = null;
    let body = '';
    const finish = () => {
      clearInterval(timer);
      let message: string | null = null;
      try {
        message = (JSON.parse(body) as { message: string }).message;
      } catch {
        // No JSON answer: the connection was closed.
      }
      resolve({ status, message, endedAfterMs: Date.now() - started });
    };
    request.on('response', (response) => {
      status = response.statusCode ?? null;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', finish);
      response.on('error', finish);
    });
    request.on('error', () => status === null && finish());
    let sent = 0;
    request.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
    const timer = setInterval(() => {
      if (sent + 256 >= TRICKLE_DECLARED_BYTES - 200) return;
      sent += 256;
      request.write(Buffer.alloc(256, 0x20));
    }, 100);
  });
}

/**
 * Sends a request with a body over a raw socket the way a simple client does (the whole body first, then the answer
 * is read) and returns everything the server wrote back before the connection ended.
 */
function rawExchange(port: number, head: string, body: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.pause();
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', () => undefined);
    socket.write(head);
    socket.write(body, () => socket.resume());
  });
}

describe('the API proxy under slow uploads and refused bodies', () => {
  let platform: ShellWithBackend;
  let site: string;
  let port: number;

  beforeAll(async () => {
    platform = await startShellWithBackend({
      name: 'api-proxy',
      env: { UPLOAD_MIN_AVERAGE_BYTES_PER_SECOND: '8192', UPLOAD_GRACE_MS: '1000', PROXY_QUEUE_TIMEOUT_MS: '3000' },
    });
    await platform.shell.app.listen({ host: '127.0.0.1', port: 0 });
    port = (platform.shell.app.server.address() as AddressInfo).port;
    site = `http://127.0.0.1:${port}`;
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
  });

  test('a JSON form goes through while 32 trickle uploads hold every upload place; the trickles are cut with 408 by their deadline', async () => {
    const trickles = Array.from({ length: 32 }, (_, index) => trickleUpload(site, `198.51.100.${Math.floor(index / 4) + 1}`));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Every upload place is held: one more upload waits for the queue time and is turned away.
    const extra = trickleUpload(site, '198.51.100.99');

    // Were forms in the uploads' queue, this one would wait the whole queue time (3 s) and get 503: every upload place
    // is held for about 11 s.
    const form = await fetch(`${site}/api/en/forms/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' },
      body: JSON.stringify(contact),
    });
    expect(form.status).toBe(201);
    expect(((await form.json()) as { message: string }).message).toMatch(/within three business days/);
    // A JSON form from an address that has four uploads under way goes through too.
    const sameAddress = await fetch(`${site}/api/en/forms/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' },
      body: JSON.stringify(contact),
    });
    expect(sameAddress.status).toBe(201);

    expect(await extra).toMatchObject({ status: 503, message: 'The server is busy right now. Please try again in a few seconds.' });
    const outcomes = await Promise.all(trickles);
    // 80 KiB at 8 KiB/s on average plus 1 s of grace: each trickle is answered about 11 s after its start, long
    // before it would have ended (32 s at its rate) and before the 30 s window of the per-window minimum.
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ status: 408, message: 'The form data is arriving too slowly. Check your connection and send the form again.' });
      expect(outcome.endedAfterMs).toBeLessThan(25_000);
    }
  }, 60_000);

  test('an over-limit body sent with Connection: close is answered 413, not reset', async () => {
    const json = Buffer.alloc(2 * 1024 * 1024, 0x20);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await rawExchange(
        port,
        `POST /api/en/forms/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\nConnection: close\r\n\r\n`,
        json,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('"message":"The request body is larger than 1 MB"');
    }
    const upload = Buffer.alloc(52 * 1024 * 1024, 0x20);
    const answer = await rawExchange(
      port,
      `POST /api/en/forms/application HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${upload.length}\r\nConnection: close\r\n\r\n`,
      upload,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('The size of the files for uploading should not exceed 50MB');
  }, 30_000);
});
