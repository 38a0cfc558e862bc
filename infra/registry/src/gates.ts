/** What a live shell declares to the registry: the contracts it serves and the versions of its shared singletons. */
export interface HostDeclaration {
  instance: string;
  contractsVersion: string;
  /** Exact versions the shell provides (`react: 19.3.1`). */
  shared: Record<string, string>;
}

function parse(version: string): [number, number, number] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * Whether a provided version satisfies a required range as builds write them: `^x.y.z` (same major, or same minor
 * below 1.0), `~x.y.z`, an exact version, or `*`. Anything else is not understood and therefore refused.
 */
function satisfies(provided: string, range: string): boolean {
  const trimmed = range.trim();
  if (trimmed === '*' || trimmed === '') return true;
  const have = parse(provided);
  const operator = /^[\^~]/.test(trimmed) ? trimmed[0] : '=';
  const want = parse(trimmed.replace(/^[\^~=]/, ''));
  if (!have || !want) return false;
  if (compare(have, want) < 0) return false;
  if (operator === '=') return compare(have, want) === 0;
  if (operator === '~') return have[0] === want[0] && have[1] === want[1];
  return want[0] > 0 ? have[0] === want[0] : have[1] === want[1];
}

/** The first shared singleton the shell provides in a version outside what the build requires, or null. */
export function checkShared(required: Array<{ name: string; requiredVersion?: string; version?: string }>, provided: Record<string, string>): string | null {
  for (const item of required) {
    const range = item.requiredVersion ?? (item.version ? `^${item.version}` : '*');
    const have = provided[item.name];
    // A shell that does not declare a singleton says nothing about it (older shells report only what they know).
    if (have === undefined) continue;
    if (!satisfies(have, range)) return `shared ${item.name} ${range} is not satisfied by the shell's ${have}`;
  }
  return null;
}
