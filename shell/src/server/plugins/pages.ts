import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deliverPage } from '../page-delivery';
import { MissBudget } from '../miss-budget';

/**
 * Every address that is not an asset, the API or an operator page is a page of the site: a declared route for GET
 * and HEAD (the route table decides what it shows), and 405 for other methods. Page delivery reads the services'
 * decorations, and this plugin's per-client budget of renders.
 */
export async function pagesPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('missBudget', new MissBudget(app.shellConfig.pageCache.missBurst, app.shellConfig.pageCache.missPerSecond));
  const page = (request: FastifyRequest, reply: FastifyReply) => deliverPage(app, request, reply);
  app.get('/', page);
  app.get('/*', page);
  // Static files that do not exist fall through to here: they get the site's page for their address (a 404).
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(405).send({ statusCode: 405, message: 'Method Not Allowed' });
    return page(request, reply);
  });
}
