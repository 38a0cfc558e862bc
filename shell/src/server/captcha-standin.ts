import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CAPTCHA_STANDIN_PREFIX, CAPTCHA_STANDIN_SCRIPT, CAPTCHA_STANDIN_SITE_KEY } from '../forms/captcha-standin-settings';

/** Tokens expire like the provider's: two minutes. */
const TOKEN_LIFETIME_MS = 2 * 60 * 1000;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** A token for an action: `standin.{action}.{issuedAt}.{signature}`, checked without any state. */
export function issueStandInToken(secret: string, action: string, now = Date.now()): string {
  const payload = `standin.${action}.${now}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** siteverify's answer for a token: its action and a good score while it is fresh and signed by this site. */
export function verifyStandInToken(
  secret: string,
  token: string,
  now = Date.now(),
): { success: true; score: number; action: string; challenge_ts: string } | { success: false; 'error-codes': string[] } {
  const match = /^(standin\.([A-Za-z0-9_/-]{1,100})\.(\d{1,16}))\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) return { success: false, 'error-codes': ['invalid-input-response'] };
  const [, payload, action, issued, signature] = match as unknown as [string, string, string, string, string];
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { success: false, 'error-codes': ['invalid-input-response'] };
  if (now - Number(issued) > TOKEN_LIFETIME_MS) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
  return { success: true, score: 0.9, action, challenge_ts: new Date(Number(issued)).toISOString() };
}

/** The provider's v3 browser API (`grecaptcha.ready/execute`), getting its tokens from the stand-in's token route. */
function clientScript(): string {
  return `(function(){
  var base=${JSON.stringify(CAPTCHA_STANDIN_PREFIX)};
  window.grecaptcha={
    ready:function(cb){cb()},
    execute:function(key,opts){
      if(key!==${JSON.stringify(CAPTCHA_STANDIN_SITE_KEY)})return Promise.reject(new Error('unknown site key'));
      var action=(opts&&opts.action)||'submit';
      return fetch(base+'/token?action='+encodeURIComponent(action),{method:'POST',credentials:'same-origin'})
        .then(function(r){if(!r.ok)throw new Error('captcha stand-in answered '+r.status);return r.json()})
        .then(function(body){return body.token});
    }
  };
})();`;
}

/**
 * A stand-in for the captcha provider on the site's own origin, for `npm start` on its embedded defaults: the
 * browser loads its script and gets tokens from it like from the provider, and the content API verifies them at
 * its siteverify with the shared secret, so the whole form flow runs on any device that reaches the site.
 * Registered only with a stand-in secret, which the config gives only when the stand-in is enabled (never in
 * production).
 */
export async function captchaStandIn(app: FastifyInstance, { secret }: { secret: string | null }): Promise<void> {
  if (!secret) return;
  app.log.warn(`captcha stand-in served at ${CAPTCHA_STANDIN_PREFIX}/ (development only)`);
  // siteverify is form-encoded, as the provider's is.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
  app.get(CAPTCHA_STANDIN_SCRIPT, async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(clientScript()),
  );
  app.post(`${CAPTCHA_STANDIN_PREFIX}/token`, async (request, reply) => {
    const action = String((request.query as { action?: string }).action ?? 'submit');
    if (!/^[A-Za-z0-9_/-]{1,100}$/.test(action)) return reply.code(400).send({ statusCode: 400, message: 'Bad action' });
    return reply.header('cache-control', 'no-store').send({ token: issueStandInToken(secret, action) });
  });
  app.post(`${CAPTCHA_STANDIN_PREFIX}/siteverify`, async (request, reply) => {
    const body = typeof request.body === 'string' ? new URLSearchParams(request.body) : new URLSearchParams(request.body as Record<string, string>);
    const given = Buffer.from(body.get('secret') ?? '');
    const expected = Buffer.from(secret);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.send({ success: false, 'error-codes': ['invalid-input-secret'] });
    return reply.send(verifyStandInToken(secret, body.get('response') ?? ''));
  });
}
