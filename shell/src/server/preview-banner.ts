import type { Locale } from '@site/contracts';
import { intlFor } from '../i18n/intl-cache';
import { shellMessages } from '../i18n/messages';
import { escapeHtml } from '../lib/html';

const BANNER_STYLE =
  'position:sticky;top:0;z-index:10000;margin:0;padding:8px 16px;background:#fff3bf;color:#1f1f1f;border-bottom:2px solid #b58900;font:14px/1.4 system-ui,sans-serif';
const LINK_STYLE = 'color:#1f1f1f;font-weight:600;text-decoration:underline;margin-left:12px';

/**
 * The banner of a preview page, in the page's language: which remote and version the visitor previews, and the link
 * out of it. Plain server markup outside the application's root, so it needs no script and is never hydrated.
 */
export function previewBanner(locale: Locale, preview: { remote: string; version: string; exitHref: string }): string {
  const intl = intlFor(locale, shellMessages[locale]);
  const text = intl.formatMessage({ id: 'preview.banner' }, { remote: preview.remote, version: preview.version });
  const leave = intl.formatMessage({ id: 'preview.leave' });
  return `<aside role="status" data-preview-banner style="${BANNER_STYLE}">${escapeHtml(text)}<a href="${escapeHtml(preview.exitHref)}" style="${LINK_STYLE}">${escapeHtml(leave)}</a></aside>`;
}
