/** Starts of this test file (jest gives each file its own modules) still under way. */
const underWay = new Set<Promise<{ close(): Promise<void> }>>();

/** Keeps track of a start until it settles. */
export function trackStart<T extends { close(): Promise<void> }>(starting: Promise<T>): Promise<T> {
  underWay.add(starting);
  const settled = () => void underWay.delete(starting);
  starting.then(settled, settled);
  return starting;
}

/**
 * Stops what is still starting when the file's tests are over. A start that outlasts its hook's time limit is left
 * behind by jest: the servers it brings up later would listen and keep the test run alive for ever. Run after every test file (the jest setup).
 */
export async function stopStartsLeftBehind(): Promise<void> {
  await Promise.all([...underWay].map(async (starting) => (await starting.catch(() => null))?.close()));
}
