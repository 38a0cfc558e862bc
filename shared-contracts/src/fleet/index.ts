import { Type, type Static } from '@sinclair/typebox';

/**
 * What a shell tells the registry every poll (`POST /api/fleet/report`, server to server only): what it serves, how
 * fresh its registry document is, what it declares for the publish gates and the counts the canary analysis compares.
 * A field a shell leaves out takes its default, which the registry fills in (Fastify's Ajv with `useDefaults`).
 * A field the contract does not name is dropped (Fastify's Ajv with `removeAdditional`), never stored.
 * An entry of its own (`@site/contracts/fleet`): no browser exchanges it, so no browser build compiles it.
 * The release report (`GET /api/releases/:name/:version`) is here too: the registry answers it, the shells' dashboard
 * reads it.
 */

/** What every object of the report accepts: the fields named, no others. */
const CLOSED = { additionalProperties: false } as const;

/** One remote as a shell serves it. */
export const FleetLiveRemoteSchema = Type.Object(
  {
    remote: Type.String({ maxLength: 40 }),
    version: Type.String({ maxLength: 80 }),
    /** The shell's view of the remote: up, unreachable, incompatible or invalid. */
    health: Type.String({ maxLength: 20, default: 'unknown' }),
    /** When the shell started serving this version (ISO time): the fleet view's propagation time comes from it. */
    since: Type.String({ maxLength: 40 }),
    canary: Type.Union([Type.String({ maxLength: 80 }), Type.Null()], { default: null }),
    /** A version the shell found in the registry but does not serve yet. */
    pending: Type.Union([Type.String({ maxLength: 80 }), Type.Null()], { default: null }),
  },
  CLOSED,
);
export type FleetLiveRemote = Static<typeof FleetLiveRemoteSchema>;

/** Per remote version: renders and errors a shell saw, cumulative since the shell started. */
export const VersionCountersSchema = Type.Object(
  {
    remote: Type.String({ maxLength: 40 }),
    version: Type.String({ maxLength: 80 }),
    renders: Type.Number({ minimum: 0, default: 0 }),
    renderErrors: Type.Number({ minimum: 0, default: 0 }),
    /** Browsers' error reports that a page token made count. */
    browserErrors: Type.Number({ minimum: 0, default: 0 }),
    /** Page views served with the version on the page: what browser errors are compared with. */
    pageViews: Type.Number({ minimum: 0, default: 0 }),
    /** Distinct client addresses whose error reports counted. */
    browserReporters: Type.Number({ minimum: 0, default: 0 }),
  },
  CLOSED,
);
export type VersionCounters = Static<typeof VersionCountersSchema>;

/** The Web Vitals browsers report per section: LCP and INP in seconds, CLS as its score. */
export type VitalName = 'LCP' | 'INP' | 'CLS';

/**
 * The upper bounds of the Web Vitals histograms every shell keeps (and /metrics exposes), around the "good" and "poor"
 * thresholds (LCP 2.5 s / 4 s, INP 200 ms / 500 ms, CLS 0.1 / 0.25); the same on every shell, so the registry can add
 * the shells' buckets up.
 */
export const VITAL_BUCKET_BOUNDS: Record<VitalName, readonly number[]> = {
  LCP: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10],
  INP: [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2],
  CLS: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
};

/**
 * One section's Web Vitals histogram in one version, cumulative since the shell started: only beacons of page views
 * the shell served (a valid page token naming that version) are in it. `buckets` are cumulative counts, one per bound
 * of VITAL_BUCKET_BOUNDS[name], then +Inf.
 */
export const VitalsHistogramSchema = Type.Object(
  {
    name: Type.Union([Type.Literal('LCP'), Type.Literal('INP'), Type.Literal('CLS')]),
    remote: Type.String({ maxLength: 40 }),
    section: Type.String({ maxLength: 64 }),
    version: Type.String({ maxLength: 80 }),
    buckets: Type.Array(Type.Number({ minimum: 0 }), { maxItems: 20 }),
    sum: Type.Number({ minimum: 0 }),
    count: Type.Number({ minimum: 0 }),
  },
  CLOSED,
);
export type VitalsHistogram = Static<typeof VitalsHistogramSchema>;

export const FleetReportSchema = Type.Object(
  {
    /** The shell's instance id (`host:port` by default): one row of the fleet per id. */
    instance: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:@-]+$' }),
    /** The shell's public URL, when it has one. */
    url: Type.Union([Type.String({ maxLength: 2048 }), Type.Null()], { default: null }),
    /** The core contracts version the shell was built with (CONTRACTS_VERSION), for the publish gate. */
    contractsVersion: Type.String({ maxLength: 30, default: '0.0.0' }),
    /** The shared singletons the shell provides, by package name, for the publish gate. */
    shared: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 50 }), { maxProperties: 50, default: {} }),
    registryRevision: Type.Integer({ minimum: 0, default: 0 }),
    /** Milliseconds since the shell last read the registry successfully; null before its first read. */
    pollAgeMs: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { default: 0 }),
    registryError: Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], { default: null }),
    live: Type.Array(FleetLiveRemoteSchema, { maxItems: 200, default: [] }),
    counters: Type.Array(VersionCountersSchema, { maxItems: 1000, default: [] }),
    /** Web Vitals per section and version, for the canary judge's comparison on speed. */
    vitals: Type.Array(VitalsHistogramSchema, { maxItems: 3000, default: [] }),
  },
  CLOSED,
);
export type FleetReport = Static<typeof FleetReportSchema>;

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

/** One entry of the registry's audit log (`GET /api/audit`): who changed which remote, from what to what, and how it went. */
export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actor: Type.String(),
  action: Type.String(),
  remote: Type.String(),
  from: NullableString,
  to: NullableString,
  outcome: Type.Union([Type.Literal('ok'), Type.Literal('refused'), Type.Literal('failed')]),
  detail: NullableString,
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

/** How a section of a version compares with the same section of the version published before it. */
const ReleaseSectionSchema = Type.Object({
  name: Type.String(),
  change: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed'), Type.Literal('unchanged')]),
  /** Compressed first-load bytes measured at publish; null when the version has no figures for the section. */
  js: NullableNumber,
  css: NullableNumber,
  previousJs: NullableNumber,
  previousCss: NullableNumber,
});
export type ReleaseSection = Static<typeof ReleaseSectionSchema>;

/**
 * Everything the dashboard's release page shows about one version of one remote: what the registry's
 * `GET /api/releases/:name/:version` answers, and what a shell checks it reads from there.
 */
export const ReleaseReportSchema = Type.Object({
  remote: Type.String(),
  version: Type.String(),
  /** The version of the same remote published just before this one, which the sections are compared with. */
  previous: NullableString,
  manifest: Type.String(),
  contractsVersion: NullableString,
  previousContractsVersion: NullableString,
  publishedBy: NullableString,
  publishedAt: Type.String(),
  /** The first time visitors were served it (made live, or started as a canary); null while it never was. */
  liveSince: NullableString,
  status: Type.Union([Type.Literal('live'), Type.Literal('canary'), Type.Literal('bad'), Type.Literal('not live')]),
  bad: NullableString,
  sections: Type.Array(ReleaseSectionSchema),
  /** The judge's outcome for this version as a canary: from its latest verdict, or its audit entry. */
  canary: Type.Union([
    Type.Object({
      state: Type.String(),
      reason: Type.String(),
      at: Type.String(),
      renders: NullableNumber,
      errorRate: NullableNumber,
      stableErrorRate: NullableNumber,
    }),
    Type.Null(),
  ]),
  /** Its counters summed over the shells reporting now (every shell counts since the version went live there). */
  errors: Type.Object({ renders: Type.Number(), renderErrors: Type.Number(), pageViews: Type.Number(), browserErrors: Type.Number() }),
  vitals: Type.Array(
    Type.Object({
      section: Type.String(),
      metric: Type.Union([Type.Literal('LCP'), Type.Literal('INP'), Type.Literal('CLS')]),
      p75: Type.Number(),
      samples: Type.Number(),
    }),
  ),
  /** Its entries in the audit log, oldest first. */
  audit: Type.Array(AuditEntrySchema),
});
export type ReleaseReport = Static<typeof ReleaseReportSchema>;
