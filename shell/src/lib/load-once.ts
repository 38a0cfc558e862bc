/**
 * A loader that runs `load` on its first call and hands every caller the same promise; a load that fails is
 * forgotten, so the next call tries again (a chunk lost to a flaky network is fetched anew, not failed for good).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}
