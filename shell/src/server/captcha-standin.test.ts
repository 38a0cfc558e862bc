import Fastify from 'fastify';
import { captchaConfigFromEnv } from '../forms/captcha';
import { readConfig } from './config';
import { issueStandInToken, captchaStandIn, verifyStandInToken } from './captcha-standin';
import { captchaStandInEnabled } from '../forms/captcha-standin-settings';

const standIn = { CAPTCHA_STANDIN: 'true', CAPTCHA_STANDIN_SECRET: 'a-secret-of-the-run' };

describe('captcha settings', () => {
  it('refuses to start in production without a site key, naming the setting', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/CAPTCHA_SITE_KEY is not set/);
    expect(() => captchaConfigFromEnv({ NODE_ENV: 'production', CAPTCHA_SITE_KEY: 'k', CAPTCHA_VERSION: 'x' })).toThrow(/CAPTCHA_VERSION/);
    expect(captchaConfigFromEnv({ NODE_ENV: 'production', CAPTCHA_SITE_KEY: 'k' })).toMatchObject({ siteKey: 'k', version: 3 });
  });

  it('refuses the stand-in in production, and points the browser at it on the own origin otherwise', () => {
    expect(() => captchaConfigFromEnv({ ...standIn, NODE_ENV: 'production' })).toThrow(/development only/);
    expect(captchaConfigFromEnv(standIn)).toEqual({ siteKey: 'standin-site-key', version: 3, enterprise: false, scriptUrl: '/_dev/captcha/api.js' });
    expect(captchaConfigFromEnv({})).toBeNull();
  });
});

describe('the captcha stand-in', () => {
  it('verifies its own fresh tokens with their action, and nothing else', () => {
    const now = Date.now();
    const token = issueStandInToken('s', 'resume', now);
    expect(verifyStandInToken('s', token, now + 1000)).toMatchObject({ success: true, action: 'resume', score: 0.9 });
    expect(verifyStandInToken('other', token, now)).toEqual({ success: false, 'error-codes': ['invalid-input-response'] });
    expect(verifyStandInToken('s', token.replace('resume', 'contact'), now)).toMatchObject({ success: false });
    expect(verifyStandInToken('s', token, now + 3 * 60 * 1000)).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  });

  it('serves the script, tokens and siteverify over HTTP, only when asked for', async () => {
    const app = Fastify();
    await app.register(captchaStandIn, { secret: captchaStandInEnabled(standIn) ? standIn.CAPTCHA_STANDIN_SECRET : null });
    const off = Fastify();
    await off.register(captchaStandIn, { secret: captchaStandInEnabled({}) ? 'unexpected' : null });
    try {
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const offBase = await off.listen({ host: '127.0.0.1', port: 0 });
      const script = await fetch(`${base}/_dev/captcha/api.js`);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      expect(await script.text()).toContain('grecaptcha');
      const { token } = (await (await fetch(`${base}/_dev/captcha/token?action=application`, { method: 'POST' })).json()) as { token: string };
      const verify = async (secret: string) =>
        (
          await fetch(`${base}/_dev/captcha/siteverify`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ secret, response: token }).toString(),
          })
        ).json();
      expect(await verify(standIn.CAPTCHA_STANDIN_SECRET)).toMatchObject({ success: true, action: 'application' });
      expect(await verify('guess')).toEqual({ success: false, 'error-codes': ['invalid-input-secret'] });
      expect((await fetch(`${offBase}/_dev/captcha/api.js`)).status).toBe(404);
    } finally {
      await app.close();
      await off.close();
    }
  });
});
