import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * How a server stops: on SIGTERM or SIGINT its readiness answers 503 at once (liveness stays 200), then after
 * `shutdownDelayMs` it stops accepting connections (Fastify closes idle keep-alive connections and answers 503 on
 * busy ones), lets requests in flight finish for at most `drainTimeoutMs`, closes its pools and stores and exits 0.
 * A drain that does not finish in time logs what it cuts and exits 1.
 */
export interface LifecycleSettings {
  /** How long requests in flight may finish once the server stops accepting (DRAIN_TIMEOUT_MS). */
  drainTimeoutMs: number;
  /** How long the server keeps accepting while it reports not-ready (SHUTDOWN_DELAY_MS; 0 under Kubernetes' preStop). */
  shutdownDelayMs: number;
}

export interface LifecycleOptions extends LifecycleSettings {
  name: string;
  /** Closes what the server holds once nothing is in flight: database pools, SQLite handles, stores. */
  closeResources?: () => Promise<void>;
  log?: (line: string) => void;
  exit?: (code: number) => void;
}

/** Whether the process is stopping: readiness endpoints answer 503 from the first signal on. */
export class Lifecycle {
  private stopping = false;

  get draining(): boolean {
    return this.stopping;
  }

  /**
   * Installs the signal handlers for a listening server. Requests are counted on the raw HTTP server, so this works
   * after the Fastify instance is ready.
   */
  stopOnSignal(app: FastifyInstance, options: LifecycleOptions): void {
    const log = options.log ?? ((line: string) => console.error(line));
    const exit = options.exit ?? ((code: number) => process.exit(code));
    const inFlight = new Map<IncomingMessage, number>();
    app.server.on('request', (request: IncomingMessage, response) => {
      inFlight.set(request, Date.now());
      response.once('close', () => inFlight.delete(request));
    });
    const stop = (signal: NodeJS.Signals) => {
      if (this.stopping) return;
      this.stopping = true;
      log(`${options.name}: ${signal}: not ready; closing in ${options.shutdownDelayMs} ms, then draining for at most ${options.drainTimeoutMs} ms`);
      setTimeout(() => void this.drain(app, options, inFlight, log, exit), options.shutdownDelayMs);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  }

  private async drain(
    app: FastifyInstance,
    options: LifecycleOptions,
    inFlight: Map<IncomingMessage, number>,
    log: (line: string) => void,
    exit: (code: number) => void,
  ): Promise<void> {
    const timer = setTimeout(() => {
      const now = Date.now();
      const cut = [...inFlight].map(([request, since]) => `${request.method ?? '?'} ${request.url ?? '?'} (${now - since} ms)`);
      log(`${options.name}: drain did not finish within ${options.drainTimeoutMs} ms; cutting ${cut.length} request(s): ${cut.join(', ') || 'none'}`);
      app.server.closeAllConnections();
      exit(1);
    }, options.drainTimeoutMs);
    // Connections that carry no request are not waited for. app.close() ends the idle keep-alive ones it finds, but
    // not those that never carried a request (browsers open spare connections ahead of need) nor those that go idle
    // later: without this, a browser connected straight to the server held every drain to its bound.
    const sweep = setInterval(() => {
      if (inFlight.size === 0) app.server.closeAllConnections();
    }, 100);
    try {
      await app.close();
      clearInterval(sweep);
      await options.closeResources?.();
      clearTimeout(timer);
      log(`${options.name}: drained and closed`);
      exit(0);
    } catch (error) {
      clearInterval(sweep);
      clearTimeout(timer);
      log(`${options.name}: shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      exit(1);
    }
  }
}
