import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { RemoteManifest } from '@site/contracts';

const gzip = promisify(zlib.gzip);

/** What one section costs a browser on its first load: its own code and styles, compressed, in bytes. */
interface SectionSize {
  js: number;
  css: number;
}

/** How much a release may grow a section's first-load JavaScript before it is refused: both limits must be passed. */
export interface SizeBudget {
  /** Growth in compressed bytes (SIZE_BUDGET_JS_GROWTH_BYTES, default 5 KB). */
  growthBytes: number;
  /** Growth as a share of the size before, in percent (SIZE_BUDGET_JS_GROWTH_PERCENT, default 10). */
  growthPercent: number;
}

export const DEFAULT_SIZE_BUDGET: SizeBudget = { growthBytes: 5 * 1024, growthPercent: 10 };

/** A section whose JavaScript grew past the budget: its sizes before (the live version) and in the release. */
export interface SizeGrowth {
  section: string;
  before: number;
  after: number;
}

interface ExposeAssets {
  name?: string;
  path?: string;
  assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } };
}

/** A file's size as browsers get it: gzip at level 9, the copy the build writes and the build's size report counts. */
async function transferredBytes(body: Buffer): Promise<number> {
  return (await gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION })).length;
}

/**
 * Measures each section of an uploaded build from the files themselves, so that the figures are the ones visitors
 * download and not what a team says: a section's first load is its exposed module's initial chunks (the
 * manifest's synchronous JavaScript and stylesheets of that expose), each compressed here with gzip. A section the
 * manifest lists without an expose has no figures. Answers the name of a chunk the upload lacks, as a refusal.
 */
export async function measureSections(
  manifest: RemoteManifest,
  files: Map<string, Buffer>,
): Promise<{ sizes: Record<string, SectionSize>; missing: string | null }> {
  const exposes = ((manifest as { exposes?: ExposeAssets[] }).exposes ?? []).filter((expose) => expose.assets);
  const cache = new Map<string, Promise<number>>();
  const sizeOf = (file: string): Promise<number> | null => {
    const body = files.get(file);
    if (!body) return null;
    let size = cache.get(file);
    if (!size) cache.set(file, (size = transferredBytes(body)));
    return size;
  };
  const sizes: Record<string, SectionSize> = {};
  for (const section of manifest.site.sections) {
    const expose = exposes.find((item) => item.path === section.expose || `./${item.name}` === section.expose);
    if (!expose) continue;
    const total = async (list: string[] | undefined): Promise<number | string> => {
      let bytes = 0;
      for (const file of new Set(list ?? [])) {
        const size = sizeOf(file);
        if (!size) return file;
        bytes += await size;
      }
      return bytes;
    };
    const js = await total(expose.assets?.js?.sync);
    const css = await total(expose.assets?.css?.sync);
    if (typeof js === 'string') return { sizes, missing: js };
    if (typeof css === 'string') return { sizes, missing: css };
    sizes[section.name] = { js, css };
  }
  return { sizes, missing: null };
}

/** The sections whose first-load JavaScript grows by more than both limits of the budget against the live version. */
export function sizeGrowthPastBudget(before: Record<string, SectionSize> | undefined, after: Record<string, SectionSize>, budget: SizeBudget): SizeGrowth[] {
  if (!before) return [];
  const grown: SizeGrowth[] = [];
  for (const [section, size] of Object.entries(after)) {
    const previous = before[section];
    if (!previous) continue;
    const growth = size.js - previous.js;
    if (growth > budget.growthBytes && growth * 100 > previous.js * budget.growthPercent) grown.push({ section, before: previous.js, after: size.js });
  }
  return grown;
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** One grown section in words: `NewsFeed 20.0 KB → 31.5 KB (+11.5 KB, +57.5 %)`. */
export function describeGrowth({ section, before, after }: SizeGrowth): string {
  const percent = before > 0 ? `, +${(((after - before) / before) * 100).toFixed(1)} %` : '';
  return `section ${section} ${kilobytes(before)} → ${kilobytes(after)} (+${kilobytes(after - before)}${percent})`;
}

export function describeBudget(budget: SizeBudget): string {
  return `more than ${kilobytes(budget.growthBytes)} and more than ${budget.growthPercent} %`;
}
