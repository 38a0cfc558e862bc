import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP hop in front of the content API that counts what passes and can stop answering while keeping its
 * port open, as a backend frozen with SIGSTOP does.
 */
export class BackendGate {
  readonly requests: string[] = [];
  frozen = false;
  private readonly held: http.ServerResponse[] = [];
  private server!: http.Server;
  url = '';

  constructor(private readonly upstream: string) {}

  async start(): Promise<void> {
    const target = new URL(this.upstream);
    this.server = http.createServer((request, response) => {
      this.requests.push(request.url ?? '');
      if (this.frozen) {
        this.held.push(response);
        return;
      }
      const forward = http.request(
        { hostname: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', () => response.destroy());
      request.pipe(forward);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  thaw(): void {
    this.frozen = false;
    for (const response of this.held.splice(0)) response.destroy();
  }

  pageFetches(slug: string): number {
    return this.requests.filter((url) => url.startsWith(`/ru/pages/${slug}?`)).length;
  }

  async stop(): Promise<void> {
    this.thaw();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
