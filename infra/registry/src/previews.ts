import crypto from 'node:crypto';
import { authorize, openStore, RegistryError, type Actor, type RegistryPaths } from './operations';
import type { PreviewState, RegistryState } from './state';
import { FLEET_ACTOR } from './tokens';

/** A preview lasts a day unless its team says otherwise; at most 30 days, at least a second. */
const DEFAULT_PREVIEW_TTL_SECONDS = 24 * 3600;
export const MAX_PREVIEW_TTL_SECONDS = 30 * 24 * 3600;

/** Ended previews (expired or revoked) stay listed this long, then leave the registry's state. */
const ENDED_KEPT_MS = 7 * 24 * 3600 * 1000;

function previewTokenSha256(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Whether a preview still shows: not revoked and not expired. */
export function isActivePreview(preview: PreviewState, now = Date.now()): boolean {
  return !preview.revokedAt && Date.parse(preview.expiresAt) > now;
}

function pruneEnded(state: RegistryState, now: number): void {
  state.previews = (state.previews ?? []).filter((preview) => {
    const endedAt = preview.revokedAt ? Date.parse(preview.revokedAt) : Date.parse(preview.expiresAt);
    return isActivePreview(preview, now) || now - endedAt < ENDED_KEPT_MS;
  });
}

/** A new preview: its id (for listing and revoking) and the secret of its link, given once and never stored. */
export interface CreatedPreview {
  preview: PreviewState;
  token: string;
}

/**
 * Makes a published version of a remote previewable, without making it live: the registry records a random secret's
 * sha256 with an expiry and lists it for the shells, which show the version to a browser presenting the secret. The
 * version went through the publish gates (contracts, singletons, ownership, sizes); the caller checks it against the
 * live shells again, as for going live.
 */
export async function createPreview(
  paths: RegistryPaths,
  remote: string,
  version: string,
  options: { actor: Actor; ttlSeconds?: number; now?: number },
): Promise<CreatedPreview> {
  authorize(options.actor, remote);
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_PREVIEW_TTL_SECONDS;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_PREVIEW_TTL_SECONDS) {
    throw new RegistryError(400, `a preview lasts from 1 second to ${MAX_PREVIEW_TTL_SECONDS / 86_400} days, not ${ttlSeconds} s`);
  }
  const now = options.now ?? Date.now();
  const token = crypto.randomBytes(32).toString('base64url');
  const preview: PreviewState = {
    id: crypto.randomBytes(6).toString('hex'),
    remote,
    version,
    tokenSha256: previewTokenSha256(token),
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + ttlSeconds * 1000).toISOString(),
    actor: options.actor.name,
  };
  const store = openStore(paths);
  try {
    await store.update((draft) => {
      const target = draft.remotes[remote]?.history.find((item) => item.version === version);
      if (!target) throw new RegistryError(404, `remote ${remote} has no published version ${version}`);
      pruneEnded(draft, now);
      draft.previews!.push(preview);
      return {
        audit: [
          {
            actor: options.actor.name,
            action: 'preview',
            remote,
            from: draft.remotes[remote]!.current || null,
            to: version,
            outcome: 'ok',
            detail: `preview ${preview.id} until ${preview.expiresAt} (not live)`,
          },
        ],
      };
    });
  } catch (error) {
    await store.audit({
      actor: options.actor.name,
      action: 'preview',
      remote,
      from: null,
      to: version,
      outcome: error instanceof RegistryError && error.statusCode < 500 ? 'refused' : 'failed',
      detail: (error as Error).message,
    });
    throw error;
  }
  return { preview, token };
}

/** Ends a preview on every shell (they drop it on their next poll of the registry). A team revokes its own only. */
export async function revokePreview(paths: RegistryPaths, id: string, actor: Actor, now = Date.now()): Promise<PreviewState> {
  let revoked: PreviewState | undefined;
  await openStore(paths).update((draft) => {
    const preview = draft.previews?.find((item) => item.id === id);
    if (!preview) throw new RegistryError(404, `there is no preview ${id}`);
    authorize(actor, preview.remote);
    if (preview.revokedAt) {
      revoked = preview;
      return { skip: true };
    }
    preview.revokedAt = new Date(now).toISOString();
    preview.revokedBy = actor.name;
    revoked = preview;
    return {
      audit: [
        {
          actor: actor.name,
          action: 'preview-revoke',
          remote: preview.remote,
          from: null,
          to: preview.version,
          outcome: 'ok',
          detail: `preview ${id} revoked`,
        },
      ],
    };
  });
  return revoked!;
}

/** Every preview the registry holds (active and lately ended), newest first; a team sees its own remote's. */
export function previewsOf(state: RegistryState, actor: Actor): PreviewState[] {
  return (state.previews ?? []).filter((preview) => actor.name === 'platform' || actor.name === preview.remote || actor.name === FLEET_ACTOR).reverse();
}
