import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { createApiClient } from '../../api/client';
import { guardApiClient, type GuardedApiClient } from '../../api/guarded-client';
import { RegistryClient } from '../../federation/registry-client';
import { DevRemoteOverrides } from '../../federation/dev-overrides';
import { ServerFederation } from '../../federation/server-federation';
import { ShellMetrics } from '../../platform/metrics';
import { RemoteStats } from '../../platform/remote-stats';
import { defaultInstanceId, FleetReporter } from '../../platform/fleet-reporter';
import { CspReports } from '../../platform/csp-reports';
import { PageTokens } from '../../security/page-tokens';
import { createSanitizer, type Sanitizer } from '../../security/sanitize';
import type { ShellAssets } from '../render-page';
import type { ShellConfig } from '../config';
import { ContentRevision } from '../content-revision';
import { InitCache } from '../init-cache';
import { RenderCache } from '../render-cache';

declare module 'fastify' {
  interface FastifyInstance {
    shellConfig: ShellConfig;
    /** The content API with a time budget and a circuit breaker. */
    contentApi: GuardedApiClient;
    contentRevision: ContentRevision;
    initCache: InitCache;
    registry: RegistryClient;
    federation: ServerFederation;
    remoteStats: RemoteStats;
    /** This server's Prometheus registry and the answers it counted. */
    metrics: ShellMetrics;
    renderCache: RenderCache;
    sanitize: Sanitizer;
    shellAssets: ShellAssets;
    cspReports: CspReports;
    /** Signs each page view's token and decides whether a browser's report counts. */
    pageTokens: PageTokens;
    /** Reports this shell to the registry's fleet view. */
    fleet: FleetReporter;
  }
}

function readShellAssets(browserDistDir: string): ShellAssets {
  const file = path.join(browserDistDir, 'shell-assets.json');
  const assets = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ShellAssets>;
  return { js: assets.js ?? [], css: assets.css ?? [], federation: assets.federation ?? [], sanitizer: assets.sanitizer ?? [] };
}

/**
 * The shell's long-lived parts, made once per server and shared by every request as decorators: the guarded content
 * API and its revision, init data, the remote registry and federation, the render cache, the metrics. Request state
 * never lives here; each request builds its own stores. They start with the server and stop when it closes.
 */
export const shellServices = fp<{ config: ShellConfig }>(
  async (app, { config }) => {
    const contentApi = guardApiClient(createApiClient({ baseURL: `${config.contentApiUrl}/`, timeoutMs: config.contentApiTimeoutMs, unreachableStatus: 503 }), {
      timeoutMs: config.contentApiTimeoutMs,
      failureThreshold: config.contentApiBreakerFailures,
      cooldownMs: config.contentApiBreakerCooldownMs,
    });
    const registry = new RegistryClient({
      registryUrl: config.registryUrl,
      pollIntervalMs: config.registryPollMs,
      requestTimeoutMs: config.remoteEntryTimeoutMs,
      log: app.log,
      devOverrides: config.devRemotesDir ? new DevRemoteOverrides(config.devRemotesDir, app.log) : null,
    });
    const metrics = new ShellMetrics();
    const remoteStats = new RemoteStats(Date.now, metrics.registry);
    const sanitize = createSanitizer(new JSDOM('').window, config.mediaHosts);
    app
      .decorate('shellConfig', config)
      .decorate('contentApi', contentApi)
      .decorate(
        'contentRevision',
        new ContentRevision(contentApi, { pollIntervalMs: config.contentRevisionPollMs, timeoutMs: Math.min(1000, config.contentApiTimeoutMs), log: app.log }),
      )
      .decorate('initCache', new InitCache(contentApi, config.initCacheTtlMs, sanitize))
      .decorate('registry', registry)
      .decorate('remoteStats', remoteStats)
      .decorate('metrics', metrics)
      .decorate(
        'federation',
        new ServerFederation(registry, remoteStats, {
          loadTimeoutMs: config.remoteLoadTimeoutMs,
          entryTimeoutMs: config.remoteEntryTimeoutMs,
          breakerFailureThreshold: config.breakerFailureThreshold,
          breakerCooldownMs: config.breakerCooldownMs,
          log: app.log,
        }),
      )
      .decorate('renderCache', new RenderCache(config.pageCache.maxBytes, { freshMs: config.pageCache.freshMs }))
      .decorate('sanitize', sanitize)
      .decorate('shellAssets', readShellAssets(config.browserDistDir))
      .decorate('cspReports', new CspReports())
      .decorate('pageTokens', new PageTokens(config.pageTokenKey))
      .decorate(
        'fleet',
        new FleetReporter(registry, remoteStats, {
          registryUrl: config.registryUrl,
          token: config.fleetToken,
          instance: config.shellInstanceId ?? defaultInstanceId(config.port),
          publicUrl: config.publicOrigin ?? `http://localhost:${config.port}`,
          intervalMs: config.registryPollMs,
          timeoutMs: 1000,
          log: app.log,
        }),
      );

    // Every answer of the server counts, by status class and page-cache outcome (the alerts' 5xx and stale shares).
    app.addHook('onResponse', async (_request, reply) => metrics.recordAnswer(reply.statusCode, reply.getHeader('x-page-cache')));
    app.addHook('onReady', async () => {
      app.contentRevision.start();
      await app.contentRevision.refresh();
      await app.federation.start();
      app.fleet.start();
    });
    app.addHook('onClose', async () => {
      app.fleet.stop();
      app.registry.stop();
      app.contentRevision.stop();
    });
  },
  { name: 'shell-services' },
);
