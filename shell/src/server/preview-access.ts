import { createHash } from 'node:crypto';
import type { PreviewRecord, RemoteCatalog } from '../federation/catalog';

/**
 * The preview a browser asked for: the secret of the link it opened (`/_preview/<secret>`), kept in a private
 * cookie. The registry lists only the secret's sha256, so neither its document nor a shell's memory can make a link.
 */
export const PREVIEW_COOKIE = 'site_preview';
/** Where a preview link points (`/_preview/<secret>`) and where a visitor leaves the preview (`/_preview/exit`). */
export const PREVIEW_PATH = '/_preview';
export const PREVIEW_EXIT_PATH = `${PREVIEW_PATH}/exit`;

const SECRET = /^[A-Za-z0-9_-]{43}$/;

export const CLEAR_PREVIEW_COOKIE = `${PREVIEW_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`;

/** The cookie that keeps a browser in a preview until the preview's expiry. */
export function previewCookie(secret: string, preview: PreviewRecord, now = Date.now()): string {
  return `${PREVIEW_COOKIE}=${secret}; Path=/; Max-Age=${Math.max(1, Math.floor((preview.expiresAt - now) / 1000))}; SameSite=Lax; HttpOnly`;
}

/** The active preview a secret opens in this catalog, or null (unknown, revoked, expired or malformed). */
function previewFor(catalog: RemoteCatalog, secret: string | undefined, now = Date.now()): PreviewRecord | null {
  if (!secret || !SECRET.test(secret)) return null;
  const preview = catalog.previews.get(createHash('sha256').update(secret).digest('hex'));
  return preview && preview.expiresAt > now ? preview : null;
}

/** The registry as preview lookups need it: its catalog, and a poll when a secret is not (yet) known. */
interface PreviewSource {
  readonly current: RemoteCatalog;
  pollOnDemand(minIntervalMs: number): Promise<void>;
}

/** A shell asks the registry again for an unknown secret at most this often (a made-up cookie costs no more). */
const REPOLL_AFTER_MS = 1000;

/**
 * The preview a visitor's secret opens. A secret this shell does not know may be a preview made since its last poll
 * (a link opened right after `deploy --preview`, or on another shell a moment ago): the registry is asked once more
 * (at most one such poll a second, shared by every request waiting for it) before the secret is called stale.
 */
export async function lookUpPreview(registry: PreviewSource, secret: string | undefined, now = Date.now()): Promise<PreviewRecord | null> {
  if (!secret || !SECRET.test(secret)) return null;
  const known = previewFor(registry.current, secret, now);
  if (known) return known;
  await registry.pollOnDemand(REPOLL_AFTER_MS);
  return previewFor(registry.current, secret, Date.now());
}

/** A path of this site to go back to after leaving a preview (never another host's: `//x` and `/\x` are refused). */
export function returnPath(to: unknown): string {
  return typeof to === 'string' && /^\/(?![/\\])[^\s]*$/.test(to) ? to : '/';
}
