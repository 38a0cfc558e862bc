import { VITAL_BUCKET_BOUNDS, type VitalName, type VitalsHistogram } from '@site/contracts/fleet';
import { compareVitals, DEFAULT_VITALS_POLICY, mergeVitals } from './vitals-judge';

/** A histogram of `count` beacons all of `seconds` (or the CLS score), in the platform's cumulative buckets. */
function histogram(name: VitalName, version: string, seconds: number, count: number): VitalsHistogram {
  const bounds = VITAL_BUCKET_BOUNDS[name];
  return {
    name,
    remote: 'news',
    section: 'NewsLatest',
    version,
    buckets: [...bounds.map((bound) => (seconds <= bound ? count : 0)), count],
    sum: seconds * count,
    count,
  };
}

describe('the judge of a canary on speed', () => {
  // The canary's LCP is a third worse than the stable version's; its INP is the same.
  const merged = mergeVitals([
    [histogram('LCP', 'stable', 0.9, 60), histogram('INP', 'stable', 0.04, 60)],
    [histogram('LCP', 'canary', 1.2, 60), histogram('INP', 'canary', 0.04, 60)],
  ]);

  test('compares LCP, INP and CLS by default, and finds the slower LCP', () => {
    const comparisons = compareVitals(merged, 'news', 'canary', 'stable', DEFAULT_VITALS_POLICY);
    expect(comparisons.map((item) => [item.metric, item.judged, item.regressed])).toEqual([
      ['INP', true, false],
      ['LCP', true, true],
    ]);
  });

  test('judges only the metrics the operator names (CANARY_VITALS_METRICS)', () => {
    const comparisons = compareVitals(merged, 'news', 'canary', 'stable', { ...DEFAULT_VITALS_POLICY, metrics: ['INP', 'CLS'] });
    expect(comparisons.map((item) => [item.metric, item.judged, item.regressed])).toEqual([['INP', true, false]]);
  });
});
