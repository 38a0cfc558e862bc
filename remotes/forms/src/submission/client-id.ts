/** The header that names the browser to the intake's per-client rate limit. */
export const CLIENT_ID_HEADER = 'x-form-client';
/** Where the browser keeps its id between visits. */
const CLIENT_ID_STORAGE_KEY = 'formClientId';

let fallbackId: string | null = null;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A random id this browser keeps and sends with every submission, so that the intake can limit one browser
 * tightly while the many students behind one campus address share a much larger allowance. It is made and read
 * only in the browser, at send time: server HTML is cached and shared, so it must never carry it.
 */
export function formClientId(): string {
  try {
    const stored = window.localStorage.getItem(CLIENT_ID_STORAGE_KEY);
    if (stored && /^[0-9a-f]{32}$/.test(stored)) return stored;
    const id = randomId();
    window.localStorage.setItem(CLIENT_ID_STORAGE_KEY, id);
    return id;
  } catch {
    // Storage refused (private mode, policy): one id for this page's life still groups its submissions.
    fallbackId ??= randomId();
    return fallbackId;
  }
}
