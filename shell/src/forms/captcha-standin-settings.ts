// The development stand-in of the captcha provider: its settings, readable by both the server and the config.

/** Where the stand-in lives: a development-only path on the site's own origin. */
export const CAPTCHA_STANDIN_PREFIX = '/_dev/captcha';
export const CAPTCHA_STANDIN_SCRIPT = `${CAPTCHA_STANDIN_PREFIX}/api.js`;
export const CAPTCHA_STANDIN_SITE_KEY = 'standin-site-key';

/** True when `npm start` asked for the stand-in; refused in production, where the real provider is required. */
export function captchaStandInEnabled(env: NodeJS.ProcessEnv): boolean {
  if (env.CAPTCHA_STANDIN !== 'true') return false;
  if (env.NODE_ENV === 'production')
    throw new Error("CAPTCHA_STANDIN is for development only and is refused when NODE_ENV=production: set CAPTCHA_SITE_KEY to the provider's site key");
  if (!env.CAPTCHA_STANDIN_SECRET) throw new Error('CAPTCHA_STANDIN needs CAPTCHA_STANDIN_SECRET (npm start sets both)');
  return true;
}
