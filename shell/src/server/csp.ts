import { createHash } from 'node:crypto';
import { PREFERENCE_SCRIPT, START_SCRIPT } from './document';
import { CSP_REPORT_PATH } from '../security/headers';

/** Hosts Google's reCAPTCHA (v3 and Enterprise) loads its code and frames from, besides its script's own host. */
const RECAPTCHA_SCRIPT_HOSTS = ['https://www.google.com', 'https://www.gstatic.com', 'https://www.recaptcha.net'];
const RECAPTCHA_FRAME_HOSTS = ['https://www.google.com', 'https://recaptcha.google.com', 'https://www.recaptcha.net'];

/** The document's two inline scripts: the preferences before first paint, and the start of the shell's scripts. */
const INLINE_SCRIPT_HASHES = [PREFERENCE_SCRIPT, START_SCRIPT].map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);

export interface PolicyInput {
  /** Where the page's remotes are served from: their code, styles and manifests. */
  remoteUrls: string[];
  /** The captcha script, when forms use one. */
  captchaScriptUrl?: string | null;
  /** The collector page hits go to, when configured. */
  analyticsEndpoint?: string;
  /** Hosts images may come from besides the site (https). */
  mediaHosts?: string[];
}

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : null;
  } catch {
    return null; // relative: the site's own origin, which 'self' covers
  }
}

function unique(values: Array<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => value !== null))];
}

/**
 * The page's Content-Security-Policy. Scripts run only from the site, the remotes on the page and the captcha
 * provider, plus the document's own inline scripts (the colour scheme before first paint, the start of the shell's scripts) by their hashes; so HTML that reached a
 * page some other way cannot run. Styles may be inline (components set custom properties in style attributes) but
 * load only from the site and its remotes; images, fonts, audio and video only from the site, its remotes and the
 * configured media hosts (no tracking beacons or foreign stylesheets in stored HTML or editors' head markup).
 */
export function contentSecurityPolicy({ remoteUrls, captchaScriptUrl, analyticsEndpoint, mediaHosts = [] }: PolicyInput): string {
  const imageHosts = mediaHosts.map((host) => `https://${host}`);
  const remotes = unique(remoteUrls.map(originOf));
  const captchaOrigin = originOf(captchaScriptUrl);
  const googleCaptcha = captchaOrigin !== null && /(^|\.)(google\.com|recaptcha\.net)$/.test(new URL(captchaOrigin).hostname);
  const captchaScripts = captchaScriptUrl ? unique([captchaOrigin, ...(googleCaptcha ? RECAPTCHA_SCRIPT_HOSTS : [])]) : [];
  const captchaFrames = googleCaptcha ? RECAPTCHA_FRAME_HOSTS : captchaOrigin ? [captchaOrigin] : [];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...INLINE_SCRIPT_HASHES, ...remotes, ...captchaScripts]],
    ['style-src', ["'self'", "'unsafe-inline'", ...remotes]],
    ['img-src', ["'self'", 'data:', 'blob:', ...imageHosts, ...remotes]],
    ['font-src', unique(["'self'", 'data:', ...imageHosts, ...remotes])],
    ['media-src', unique(["'self'", ...imageHosts])],
    ['connect-src', unique(["'self'", ...remotes, originOf(analyticsEndpoint), ...captchaScripts])],
    ['frame-src', captchaFrames.length > 0 ? captchaFrames : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
    // Violations are counted locally (`/_csp-report`, then `/metrics`): a policy that blocks the site shows up there.
    ['report-uri', [CSP_REPORT_PATH]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
