import { CAPTCHA_DEFAULT_VERSION, CAPTCHA_LANGUAGE } from '@site/contracts/forms';
import { type CaptchaClient } from '@site/contracts';
import { CAPTCHA_STANDIN_SCRIPT, CAPTCHA_STANDIN_SITE_KEY, captchaStandInEnabled } from './captcha-standin-settings';

export interface CaptchaConfig {
  siteKey: string;
  version: number;
  enterprise: boolean;
  /** The provider's script; Google's by default. */
  scriptUrl: string;
}

/** The message when the provider's script cannot be loaded (the form shows it instead of the captcha). */
const CAPTCHA_SCRIPT_FAILED = 'Failed to load script';

const DEFAULT_CAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';
const DEFAULT_ENTERPRISE_SCRIPT = 'https://www.google.com/recaptcha/enterprise.js';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
  enterprise?: Grecaptcha;
}

/** A missing site key or version throws: a misconfigured captcha must not pass silently. */
function assertCaptchaConfig(config: Partial<CaptchaConfig>): asserts config is CaptchaConfig {
  if (!config.siteKey) throw new Error('Captcha site key is not configured');
  if (!config.version) throw new Error('Captcha version is not configured');
}

/** A client for deployments without a captcha. */
const disabledCaptcha: CaptchaClient = {
  enabled: false,
  execute: () => Promise.resolve(''),
};

/** The browser's captcha client: loads the provider's v3 (or Enterprise) script once, then executes per action. */
export function createBrowserCaptcha(config: CaptchaConfig | null): CaptchaClient {
  if (!config) return disabledCaptcha;
  assertCaptchaConfig(config);
  let loading: Promise<Grecaptcha> | null = null;
  const load = () => {
    loading ??= new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      const url = new URL(config.scriptUrl, window.location.href);
      url.searchParams.set('render', config.siteKey);
      url.searchParams.set('hl', CAPTCHA_LANGUAGE);
      script.src = url.toString();
      script.async = true;
      script.onload = () => {
        const api = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
        const client = config.enterprise ? api?.enterprise : api;
        if (client) resolve(client);
        else reject(new Error(CAPTCHA_SCRIPT_FAILED));
      };
      script.onerror = () => {
        loading = null;
        script.remove();
        reject(new Error(CAPTCHA_SCRIPT_FAILED));
      };
      document.head.appendChild(script);
    });
    return loading;
  };
  return {
    enabled: true,
    async execute(action: string) {
      const attempt = async () => {
        const client = await load();
        await new Promise<void>((resolve) => client.ready(resolve));
        return client.execute(config.siteKey, { action });
      };
      try {
        return await attempt();
      } catch (error) {
        // The provider's error event (a failed execute, a script that must be fetched again): one fresh try,
        // and only if that fails too does the form show the captcha message.
        console.warn(`Captcha for "${action}" failed once, asking again`, error);
        return attempt();
      }
    },
  };
}

/**
 * The browser's captcha settings. In production a site key and a version are required (a missing one stops the
 * shell with the setting's name); `npm start` may instead ask for the development stand-in on the site's own
 * origin; elsewhere (tests of other things) no key means forms run without a captcha.
 */
export function captchaConfigFromEnv(env: NodeJS.ProcessEnv): CaptchaConfig | null {
  if (captchaStandInEnabled(env)) {
    return { siteKey: CAPTCHA_STANDIN_SITE_KEY, version: CAPTCHA_DEFAULT_VERSION, enterprise: false, scriptUrl: CAPTCHA_STANDIN_SCRIPT };
  }
  const production = env.NODE_ENV === 'production';
  if (!env.CAPTCHA_SITE_KEY) {
    if (production) throw new Error("CAPTCHA_SITE_KEY is not set: forms need the captcha provider's site key in production");
    return null;
  }
  const version = Number(env.CAPTCHA_VERSION || CAPTCHA_DEFAULT_VERSION);
  if (!Number.isInteger(version) || version < 2) throw new Error(`CAPTCHA_VERSION must be the provider's API version (2 or 3), got "${env.CAPTCHA_VERSION}"`);
  const enterprise = env.CAPTCHA_ENTERPRISE === 'true';
  const config = {
    siteKey: env.CAPTCHA_SITE_KEY,
    version,
    enterprise,
    scriptUrl: env.CAPTCHA_SCRIPT_URL || (enterprise ? DEFAULT_ENTERPRISE_SCRIPT : DEFAULT_CAPTCHA_SCRIPT),
  };
  assertCaptchaConfig(config);
  return config;
}
