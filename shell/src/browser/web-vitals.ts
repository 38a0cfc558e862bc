import { onCLS, onINP, onLCP } from 'web-vitals/attribution';
import { sectionTarget, vitalsBeacon, type VitalMetric } from './vitals-beacon';
import { pageToken } from '../security/browser-page-token';

/** Where the shell counts browsers' reports (CSP violations, section errors, Web Vitals). */
const REPORT_PATH = '/_csp-report';

function send(body: string): void {
  try {
    navigator.sendBeacon?.(REPORT_PATH, new Blob([body], { type: 'application/json' }));
  } catch {
    // Reporting is best effort: the page goes on either way.
  }
}

/** Measures LCP, INP and CLS of this page view and sends each to the shell when the library reports it final. */
export function reportWebVitals(): void {
  const report = (metric: VitalMetric) => send(vitalsBeacon(metric, document, pageToken()));
  const options = { generateTarget: sectionTarget };
  onLCP(report, options);
  onINP(report, options);
  onCLS(report, options);
}
