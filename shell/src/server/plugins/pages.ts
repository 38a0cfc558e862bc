import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deliverPage, type DeliveryDependencies } from '../page-delivery';
import { MissBudget } from '../miss-budget';

/**
 * Every address that is not an asset, the API or an operator page is a page of the site: a declared route for GET
 * and HEAD (the route table decides what it shows), and 405 for other methods.
 */
export async function pagesPlugin(app: FastifyInstance): Promise<void> {
  // The services plugin registered these before: one dependency object for every request.
  const deps: DeliveryDependencies = {
    config: app.shellConfig,
    api: app.contentApi,
    initCache: app.initCache,
    registry: app.registry,
    federation: app.federation,
    sanitize: app.sanitize,
    shellAssets: app.shellAssets,
    cache: app.renderCache,
    revision: app.contentRevision,
    missBudget: new MissBudget(app.shellConfig.pageCache.missBurst, app.shellConfig.pageCache.missPerSecond),
    pageViews: {
      issue: (versions) => app.pageTokens.issue(versions),
      served: (versions) => app.remoteStats.recordPageView(versions),
    },
  };
  const page = (request: FastifyRequest, reply: FastifyReply) => deliverPage(request, reply, deps);
  app.get('/', page);
  app.get('/*', page);
  // Static files that do not exist fall through to here: they get the site's page for their address (a 404).
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(405).send({ statusCode: 405, message: 'Method Not Allowed' });
    return page(request, reply);
  });
}
