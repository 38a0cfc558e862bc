/** A failed lazy chunk reloads the page, at most once per 60 seconds: a new deployment replaced the chunk, and the guard keeps a chunk that stays broken from reloading in a loop. */
const CHUNK_RELOAD_GUARD_MS = 60_000;
const STORAGE_KEY = 'chunkReloadAt';

/** Whether an error is a lazily loaded chunk that could not be had (a network failure, or a deployment replaced it). */
export function isChunkLoadError(error: unknown): boolean {
  const text = `${(error as Error)?.name ?? ''} ${(error as Error)?.message ?? String(error)}`;
  return /ChunkLoadError|Loading (CSS )?chunk|RUNTIME-008|Failed to fetch dynamically imported module|ScriptExternalLoadError/i.test(text);
}

export function reloadOnChunkError(error: unknown, now: () => number = Date.now, reload: () => void = () => window.location.reload()): boolean {
  if (!isChunkLoadError(error)) return false;
  let last = 0;
  try {
    last = Number(window.sessionStorage.getItem(STORAGE_KEY) ?? 0);
  } catch {
    // Without storage the guard cannot hold: do not reload, to avoid a loop.
    return false;
  }
  if (now() - last < CHUNK_RELOAD_GUARD_MS) return false;
  window.sessionStorage.setItem(STORAGE_KEY, String(now()));
  reload();
  return true;
}

/** A lazily loaded chunk whose failure to load reloads the page (see reloadOnChunkError); the failure still reaches the caller. */
export function reloadingOnChunkError<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      reloadOnChunkError(error);
      throw error;
    });
}
