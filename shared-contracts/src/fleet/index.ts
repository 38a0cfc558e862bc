import { Type, type Static } from '@sinclair/typebox';

/**
 * What a shell tells the registry every poll (`POST /api/fleet/report`, server to server only): what it serves, how
 * fresh its registry document is, what it declares for the publish gates and the counts the canary analysis compares.
 * A field a shell leaves out takes its default, which the registry fills in (Fastify's Ajv with `useDefaults`).
 * A field the contract does not name is dropped (Fastify's Ajv with `removeAdditional`), never stored.
 * An entry of its own (`@site/contracts/fleet`): no browser exchanges it, so no browser build compiles it.
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
