import { Type } from '@sinclair/typebox';
import { RegistryRemoteSchema } from '@site/contracts';
import { FleetReportSchema } from '@site/contracts/fleet';
import { REMOTE_NAME_PATTERN } from './context';

/** `/…/:name` of a remote. */
export const RemoteParams = Type.Object({ name: Type.String({ pattern: REMOTE_NAME_PATTERN }) });

/** What every refusal answers (see answerErrors). */
const ErrorAnswer = Type.Object({ statusCode: Type.Integer(), message: Type.String() });
export const ErrorAnswers = { '4xx': ErrorAnswer, '5xx': ErrorAnswer };

/** 204 and 304 answers: nothing to serialize (Fastify sends no body, and no content-length, for them). */
export const NoBody = Type.Unsafe<undefined>({ description: 'no body' });

const Hashes = Type.Record(Type.String(), Type.String());

/** One published or registered version, as the registry records it. */
export const DeployedVersionSchema = Type.Object({
  version: Type.String(),
  manifest: Type.String(),
  deployedAt: Type.String(),
  contractsVersion: Type.Optional(Type.String()),
  sections: Type.Optional(Type.Array(Type.String())),
  files: Type.Optional(Hashes),
  shared: Type.Optional(Hashes),
  sizes: Type.Optional(Type.Record(Type.String(), Type.Object({ js: Type.Integer(), css: Type.Integer() }))),
  bad: Type.Optional(Type.String()),
});

const CanarySchema = Type.Object({ version: Type.String(), percent: Type.Number(), startedAt: Type.String(), actor: Type.String() });
export const CanaryOrNone = Type.Union([CanarySchema, Type.Null()]);

export const RemoteStateSchema = Type.Object({
  current: Type.String(),
  history: Type.Array(DeployedVersionSchema),
  canary: Type.Optional(CanaryOrNone),
});

const NullableString = Type.Union([Type.String(), Type.Null()]);

const VerdictSchema = Type.Object({
  version: Type.String(),
  renders: Type.Number(),
  errorRate: Type.Number(),
  stableErrorRate: Type.Number(),
  state: Type.Union([Type.Literal('watching'), Type.Literal('promoted'), Type.Literal('rolled back')]),
  reason: Type.String(),
  at: Type.String(),
  vitals: Type.Optional(
    Type.Array(
      Type.Object({
        section: Type.String(),
        metric: Type.String(),
        p75: Type.Number(),
        stableP75: Type.Number(),
        samples: Type.Number(),
        stableSamples: Type.Number(),
        judged: Type.Boolean(),
        regressed: Type.Boolean(),
      }),
    ),
  ),
});

/** The fleet as operators see it (fleetView): what the shells' dashboard and `site-remotes fleet` read. */
export const FleetViewSchema = Type.Object({
  instances: Type.Array(Type.Composite([FleetReportSchema, Type.Object({ reportedAt: Type.String(), fresh: Type.Boolean() })])),
  remotes: Type.Array(
    Type.Object({
      name: Type.String(),
      version: Type.String(),
      canary: Type.Union([Type.Optional(RegistryRemoteSchema.properties.canary, false), Type.Null()]),
      changedAt: NullableString,
      shells: Type.Integer(),
      behind: Type.Array(Type.String()),
      propagationMs: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
  canaries: Type.Record(Type.String(), VerdictSchema),
});

/** `/api/releases/:name/:version`: one version against the one published before it (see releaseReport; its answer is
 * ReleaseReportSchema of `@site/contracts/fleet`). */
export const ReleaseParams = Type.Object({ name: Type.String({ pattern: REMOTE_NAME_PATTERN }), version: Type.String({ minLength: 1, maxLength: 200 }) });
