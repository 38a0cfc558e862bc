import type { CLSMetricWithAttribution, INPMetricWithAttribution, LCPMetricWithAttribution } from 'web-vitals/attribution';

/** What `generateTarget` answers for an element inside a section: the section's id after this prefix. */
const SECTION_TARGET = 'section:';

interface PageSection {
  remote: string;
  section: string;
  version: string;
}

/** The sections on the page now, as their wrappers name them (only those a remote's code rendered). */
function pageSections(root: ParentNode): Map<string, PageSection> {
  const sections = new Map<string, PageSection>();
  for (const element of root.querySelectorAll<HTMLElement>('[data-section-id][data-remote][data-remote-version]')) {
    const { sectionId, section, remote, remoteVersion } = element.dataset;
    if (sectionId && section && remote && remoteVersion) sections.set(sectionId, { remote, section, version: remoteVersion });
  }
  return sections;
}

/** Names the section holding an element (LCP element, interaction target, shifted node) instead of a CSS selector. */
export function sectionTarget(node: Node | null): string | undefined {
  // An element, or the element holding a text node.
  const element = node?.nodeType === 1 ? (node as Element) : (node?.parentElement ?? null);
  const id = element?.closest<HTMLElement>('[data-section-id][data-remote]')?.dataset.sectionId;
  return id ? `${SECTION_TARGET}${id}` : undefined;
}

export type VitalMetric = LCPMetricWithAttribution | INPMetricWithAttribution | CLSMetricWithAttribution;

function targetOf(metric: VitalMetric): string | undefined {
  switch (metric.name) {
    case 'LCP':
      return metric.attribution.target;
    case 'INP':
      return metric.attribution.interactionTarget;
    default:
      return metric.attribution.largestShiftTarget;
  }
}

/**
 * The beacon body: the metric, the section it is attributed to (if any), every section of the page, and the page
 * view's token (without it the shell does not count the report).
 */
export function vitalsBeacon(metric: VitalMetric, root: ParentNode, token: string | null = null): string {
  const sections = pageSections(root);
  const target = targetOf(metric);
  const attributed = target?.startsWith(SECTION_TARGET) ? (sections.get(target.slice(SECTION_TARGET.length)) ?? null) : null;
  return JSON.stringify({
    type: 'web-vitals',
    name: metric.name,
    value: metric.value,
    rating: metric.rating,
    navigationType: metric.navigationType,
    target: attributed,
    sections: [...new Map([...sections.values()].map((s) => [`${s.remote}@${s.version}/${s.section}`, s])).values()],
    ...(token ? { token } : {}),
  });
}
