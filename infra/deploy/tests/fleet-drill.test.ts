import { compareIntake, countsBetween, startTraffic, storedSubmissions, submitForms } from '../../orchestrator/src/fleet-drill.js';
import { startFleet } from '../../orchestrator/src/fleet.js';

// The deployed topology on one machine: two replicas of every service on one PostgreSQL database, behind Debian's
// nginx with the project's template. Visitors' requests keep coming while every replica is restarted (one of each
// service at a time), and form submissions keep coming while a content API is killed. (`npm run bench -- --fleet`
// runs the longer drill: 16 connections, each replica restarted and killed alone, 1,000 submissions.)
jest.setTimeout(300_000);

let fleet: Awaited<ReturnType<typeof startFleet>>;

beforeAll(async () => {
  fleet = await startFleet({
    build: false,
    log: () => undefined,
    env: {
      // One load generator stands for many visitors: no visitor's own budgets apply to it.
      PAGE_MISS_BURST: '100000',
      PAGE_MISS_PER_SECOND: '100000',
      FORM_RATE_LIMIT_MAX: '100000',
      FORM_CLIENT_RATE_LIMIT_MAX: '100000',
    },
  });
}, 240_000);

afterAll(async () => {
  await fleet?.stop();
});

test('a rolling restart of every service under a steady mix of visitors fails no request', async () => {
  const traffic = startTraffic({ base: fleet.url, ratePerSecond: 10 });
  // Failed requests answered while each replica was being restarted (the content APIs and remote hosts roll side by
  // side, so one failure may show under a replica of each).
  const failedDuring: Record<string, Record<string, number>> = {};
  // How many requests were answered while each replica was being restarted: every restart happens under traffic.
  const answeredDuring: Record<string, number> = {};
  const startedAt = new Map<string, ReturnType<typeof traffic.counts>>();
  let counts: ReturnType<typeof traffic.counts>;
  try {
    await traffic.answered(20);
    await fleet.rollingRestart({
      onStart: (replica) => startedAt.set(replica.name, traffic.counts()),
      onDone: (replica) => {
        const during = countsBetween(traffic.counts(), startedAt.get(replica.name)!);
        failedDuring[replica.name] = during.failures;
        answeredDuring[replica.name] = during.total;
      },
    });
    // The fleet goes on serving once every replica is back.
    await traffic.answered(20);
  } finally {
    // Stopped whatever happens: its timer would keep the test run alive.
    counts = await traffic.stop();
  }
  console.log(
    `rolling restart of ${Object.keys(failedDuring).length} replicas: ${counts.total} requests, ${counts.failed} failed; answered during each restart: ${JSON.stringify(answeredDuring)}`,
  );

  expect(failedDuring).toEqual({
    'content-api-1': {},
    'content-api-2': {},
    'registry-1': {},
    'registry-2': {},
    'remote-host-1': {},
    'remote-host-2': {},
    'shell-1': {},
    'shell-2': {},
  });
  for (const [replica, answered] of Object.entries(answeredDuring)) expect({ replica, underTraffic: answered > 0 }).toEqual({ replica, underTraffic: true });
  expect(counts.failures).toEqual({});
});

test('100 submissions over both content APIs, one killed midway: every acknowledged one is stored exactly once', async () => {
  const apis = fleet.replicasOf('content-api');
  const outcome = await submitForms({
    replicaUrls: apis.map((replica) => replica.url),
    count: 100,
    concurrency: 8,
    midway: () => fleet.kill('content-api', 0),
  });
  const intake = compareIntake(outcome, await storedSubmissions(fleet.databaseUrl, outcome.prefix));
  console.log(`100 submissions: ${JSON.stringify(intake)}, ${outcome.retries} retries, ${outcome.replayed} replayed`);

  expect(outcome.unacknowledged).toEqual([]);
  expect(intake).toEqual({ acknowledged: 100, exactlyOnce: 100, missing: 0, duplicated: 0, otherId: 0, rows: 100 });
  // The killed replica is back and takes submissions again.
  const response = await fetch(`${apis[0]!.url}/ready`);
  expect(response.status).toBe(200);
});
