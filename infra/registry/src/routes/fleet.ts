import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FleetReportSchema, ReleaseReportSchema } from '@site/contracts/fleet';
import { fleetView } from '../fleet';
import { RegistryError } from '../operations';
import { toRegistryDocument } from '../registry-document';
import { releaseReport } from '../release-report';
import { FLEET_ACTOR } from '../tokens';
import { actorOf, badRemoteName, noStore, type RegistryContext } from './context';
import { ErrorAnswers, FleetViewSchema, NoBody, ReleaseParams } from './schemas';

/** The largest fleet report taken in (its lists at their bounds stay well below). */
const FLEET_REPORT_BODY_LIMIT = 1024 * 1024;

/** Shells report here (the fleet token); operators read the fleet, and Prometheus the metrics (platform token). */
export const fleetRoutes: FastifyPluginAsyncTypebox<RegistryContext> = async (app, context) => {
  const { store, judge, tokens } = context;

  app.post(
    '/api/fleet/report',
    {
      schema: { body: FleetReportSchema, response: { 204: NoBody, ...ErrorAnswers } },
      // A report is a few kilobytes: its lists are bounded (200 remotes, 1000 versions' counters).
      bodyLimit: FLEET_REPORT_BODY_LIMIT,
      config: {
        refusals: {
          body: (_request, issues) =>
            issues.some((issue) => issue.instancePath === '/instance' || issue.params.missingProperty === 'instance' || issue.instancePath === '')
              ? 'a fleet report names its instance'
              : undefined,
        },
      },
      // Refused before its body is read: only the shells' token (or the platform's) makes the registry take a report in.
      onRequest: async (request) => {
        const actor = actorOf(request, tokens);
        if (actor.name !== FLEET_ACTOR && actor.name !== 'platform') throw new RegistryError(403, 'only shells (the fleet token) report to the fleet');
      },
    },
    async (request, reply) => {
      await store.saveFleetReport(request.body.instance, request.body);
      return reply.code(204).send();
    },
  );

  app.get('/api/fleet', { schema: { response: { 200: FleetViewSchema, ...ErrorAnswers } } }, async (request, reply) => {
    actorOf(request, tokens);
    noStore(reply);
    return fleetView(store, toRegistryDocument(await store.read(), context.remotesPublicUrl), judge);
  });

  // One version's release page (the shells' dashboard renders it): any token reads it, like the fleet view.
  app.get(
    '/api/releases/:name/:version',
    {
      schema: { params: ReleaseParams, response: { 200: ReleaseReportSchema, ...ErrorAnswers } },
      config: { refusals: { params: badRemoteName } },
    },
    async (request, reply) => {
      actorOf(request, tokens);
      noStore(reply);
      const { name, version } = request.params;
      const report = await releaseReport(store, await store.read(), await judge.lastVerdicts(), name, version);
      if (!report) throw new RegistryError(404, `remote ${name} has no version ${version}`);
      return report;
    },
  );

  // Prometheus scrapes with the platform team's token: fleet and canary figures are operators' business.
  app.get('/metrics', { schema: { response: { 200: Type.String(), ...ErrorAnswers } } }, async (request, reply) => {
    const actor = actorOf(request, tokens);
    if (actor.name !== 'platform') throw new RegistryError(403, 'metrics are for the platform team');
    noStore(reply);
    reply.header('content-type', context.metrics.contentType);
    return context.metrics.scrape(store, toRegistryDocument(await store.read(), context.remotesPublicUrl), judge);
  });
};
