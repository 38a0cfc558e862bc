import { CAPTCHA_DEFAULT_VERSION, CAPTCHA_LANGUAGE, type CaptchaClient } from '@site/contracts';

export interface CaptchaConfig {
  siteKey: string;
  version: number;
  enterprise: boolean;
  /** The provider's script; Google's by default. */
  scriptUrl: string;
}

/** The spec's message when the provider's script cannot be loaded (spec point 8). */
export const CAPTCHA_SCRIPT_FAILED = 'Failed to load script';

export const DEFAULT_CAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';
export const DEFAULT_ENTERPRISE_SCRIPT = 'https://www.google.com/recaptcha/enterprise.js';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
  enterprise?: Grecaptcha;
}

/** A missing site key or version throws (spec point 7): a misconfigured captcha must not pass silently. */
export function assertCaptchaConfig(config: Partial<CaptchaConfig>): asserts config is CaptchaConfig {
  if (!config.siteKey) throw new Error('Captcha site key is not configured');
  if (!config.version) throw new Error('Captcha version is not configured');
}

/** A client for deployments without a captcha. */
export const disabledCaptcha: CaptchaClient = {
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
      const client = await load();
      await new Promise<void>((resolve) => client.ready(resolve));
      return client.execute(config.siteKey, { action });
    },
  };
}

export function captchaConfigFromEnv(env: NodeJS.ProcessEnv): CaptchaConfig | null {
  if (!env.CAPTCHA_SITE_KEY) return null;
  const enterprise = env.CAPTCHA_ENTERPRISE === 'true';
  return {
    siteKey: env.CAPTCHA_SITE_KEY,
    version: Number(env.CAPTCHA_VERSION ?? CAPTCHA_DEFAULT_VERSION),
    enterprise,
    scriptUrl: env.CAPTCHA_SCRIPT_URL ?? (enterprise ? DEFAULT_ENTERPRISE_SCRIPT : DEFAULT_CAPTCHA_SCRIPT),
  };
}
