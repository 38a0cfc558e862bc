import type { ServerFederation } from '../federation/server-federation';
import type { SectionView } from '../stores/page-store';

export interface FailedSection {
  remote?: string;
  version?: string;
  section: string;
}

/** The sections whose remote code threw while a page rendered, counted per remote version. */
export class RenderTelemetry {
  private readonly thrown = new Set<string>();

  /** Called by the renderer for a section that threw. */
  readonly sectionFailed = (failed: FailedSection): void => {
    if (failed.remote && failed.version) this.thrown.add(`${failed.remote}@${failed.version}/${failed.section}`);
  };

  get anyThrown(): boolean {
    return this.thrown.size > 0;
  }

  /** Every section rendered with remote code counts once, failed or not: the error rates per version compare these. */
  record(stats: ServerFederation['stats'], sections: SectionView[]): void {
    for (const view of sections) {
      if (view.status !== 'ready' || !view.remote || !view.version) continue;
      stats.recordRender(view.remote, view.descriptor.name, view.version, this.thrown.has(`${view.remote}@${view.version}/${view.descriptor.name}`));
    }
  }
}

/** The remote versions a page rendered, `remote@version`, sorted. */
export function renderedVersions(sections: SectionView[]): string[] {
  return [...new Set(sections.filter((view) => view.remote && view.version).map((view) => `${view.remote}@${view.version}`))].sort();
}
