import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deliverPage } from '../page-delivery';
import { CLEAR_PREVIEW_COOKIE, lookUpPreview, previewCookie, PREVIEW_EXIT_PATH, PREVIEW_PATH, returnPath } from '../preview-access';
import { LRUCache } from 'lru-cache';
import { MissBudget } from '../miss-budget';
import { resolveSiteRoute } from '../../routing/site-routes';
import type { ResolvedRoute } from '../../routing/routes';

/** Paths whose route is remembered: the pages visitors ask for, with room to spare; a flood of new paths evicts. */
const REMEMBERED_ROUTES = 5000;

/**
 * Every address that is not an asset, the API or an operator page is a page of the site: a declared route for GET
 * and HEAD (the route table decides what it shows), and 405 for other methods. Page delivery reads the services'
 * decorations, and this plugin's per-client budget of renders.
 */
export async function pagesPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('missBudget', new MissBudget(app.shellConfig.pageCache.missBurst, app.shellConfig.pageCache.missPerSecond));
  // Matching a path against the route table (React Router's matchRoutes ranks and compiles every pattern anew) costs
  // more than serving a cached page: each path is matched once and its route remembered (routes are immutable).
  const routes = new LRUCache<string, ResolvedRoute>({ max: REMEMBERED_ROUTES });
  app.decorate('routeOf', (pathname: string) => {
    let route = routes.get(pathname);
    if (!route) {
      route = resolveSiteRoute(pathname);
      routes.set(pathname, route);
    }
    return route;
  });
  const page = (request: FastifyRequest, reply: FastifyReply) => deliverPage(app, request, reply);
  // A preview link: the browser that opens it keeps its secret in a private cookie until the preview ends, and gets
  // the preview's version on every page of every shell; a link that opens nothing (revoked, expired, mistyped)
  // leaves the browser on the live site. Leaving clears the cookie and goes back to the page the visitor was on.
  app.get(PREVIEW_EXIT_PATH, async (request, reply) =>
    reply
      .header('cache-control', 'private, no-store')
      .header('set-cookie', CLEAR_PREVIEW_COOKIE)
      .redirect(returnPath((request.query as { to?: unknown }).to), 303),
  );
  app.get<{ Params: { secret: string } }>(`${PREVIEW_PATH}/:secret`, async (request, reply) => {
    const preview = await lookUpPreview(app.registry, request.params.secret);
    reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
    reply.header('set-cookie', preview ? previewCookie(request.params.secret, preview) : CLEAR_PREVIEW_COOKIE);
    return reply.redirect('/', 303);
  });
  app.get('/', page);
  app.get('/*', page);
  // Static files that do not exist fall through to here: they get the site's page for their address (a 404).
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(405).send({ statusCode: 405, message: 'Method Not Allowed' });
    return page(request, reply);
  });
}
