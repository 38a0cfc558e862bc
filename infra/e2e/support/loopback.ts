import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closer(server: http.Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

export interface PageHitRecord {
  counterId: string;
  event: string;
  url: string;
  referrer: string;
  title: string;
  locale: string;
}

/** A site-analytics collector on loopback: records every page hit the browser sends it. */
export async function startHitCollector(): Promise<LoopbackServer & { hits: PageHitRecord[] }> {
  const hits: PageHitRecord[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST') {
        try {
          hits.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as PageHitRecord);
        } catch {
          // Not a hit: ignored, and the test sees it missing.
        }
      }
      response.writeHead(204, { 'access-control-allow-origin': '*' });
      response.end();
    });
  });
  const url = await listen(server);
  return { url, hits, close: closer(server) };
}

export interface StubbedAnswer {
  status: number;
  body: unknown;
}

/**
 * The content API as the platform runs it, except for the answers a test stubs (by exact path without the query):
 * for error statuses the real backend never gives.
 */
export async function startBackendStub(upstream: string, answers: Record<string, StubbedAnswer>): Promise<LoopbackServer> {
  const target = new URL(upstream);
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://stub.local').pathname;
    const stubbed = answers[pathname];
    if (stubbed) {
      response.writeHead(stubbed.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(stubbed.body));
      return;
    }
    const forwarded = http.request(
      { hostname: target.hostname, port: target.port, path: request.url, method: request.method, headers: { ...request.headers, host: target.host } },
      (upstreamResponse) => {
        response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
        upstreamResponse.pipe(response);
      },
    );
    forwarded.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
  const url = await listen(server);
  return { url, close: closer(server) };
}
