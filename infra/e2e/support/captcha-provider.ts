import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the captcha provider, which cannot be reached from here: a real HTTP server on loopback that
 * speaks reCAPTCHA's protocol. It serves the v3 client script (`grecaptcha.ready/execute`) and answers
 * `siteverify` (v3) and `assessments` (Enterprise) like the provider. A token issued for action A verifies with
 * score 0.9 and action A; the token `low-score` verifies with 0.1; anything else is invalid.
 */
export interface CaptchaProvider {
  scriptUrl: string;
  verifyUrl: string;
  enterpriseUrl: string;
  siteKey: string;
  secret: string;
  close(): Promise<void>;
}

const SITE_KEY = 'e2e-site-key';
const SECRET = 'e2e-secret';

function clientScript(): string {
  return `(function(){
  var pending=[];var ready=false;
  window.grecaptcha={
    ready:function(cb){ready?cb():pending.push(cb)},
    execute:function(key,opts){
      if(key!==${JSON.stringify(SITE_KEY)})return Promise.reject(new Error('unknown site key'));
      var action=(opts&&opts.action)||'submit';
      return Promise.resolve('e2e.'+action+'.'+Date.now());
    }
  };
  setTimeout(function(){ready=true;pending.splice(0).forEach(function(cb){cb()})},10);
})();`;
}

function verdict(token: string): { success: boolean; score: number; action: string } {
  if (token === 'low-score') return { success: true, score: 0.1, action: 'submit' };
  const match = /^e2e\.([A-Za-z0-9_/-]+)\.\d+$/.exec(token);
  return match ? { success: true, score: 0.9, action: match[1]! } : { success: false, score: 0, action: '' };
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startCaptchaProvider(): Promise<CaptchaProvider> {
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://captcha.local');
    if (request.method === 'GET' && url.pathname === '/recaptcha/api.js') {
      response.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' });
      return response.end(clientScript());
    }
    if (request.method === 'POST' && url.pathname === '/recaptcha/api/siteverify') {
      const form = new URLSearchParams(await readBody(request));
      response.writeHead(200, { 'content-type': 'application/json' });
      if (form.get('secret') !== SECRET) return response.end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-secret'] }));
      const result = verdict(form.get('response') ?? '');
      return response.end(
        JSON.stringify(
          result.success
            ? { success: true, score: result.score, action: result.action, challenge_ts: new Date().toISOString(), hostname: 'localhost' }
            : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    }
    if (request.method === 'POST' && /^\/v1\/projects\/[^/]+\/assessments$/.test(url.pathname)) {
      const body = JSON.parse((await readBody(request)) || '{}') as { event?: { token?: string; expectedAction?: string } };
      const result = verdict(body.event?.token ?? '');
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify({
          tokenProperties: { valid: result.success, action: result.action, invalidReason: result.success ? 'INVALID_REASON_UNSPECIFIED' : 'MALFORMED' },
          riskAnalysis: { score: result.score, reasons: [] },
        }),
      );
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    scriptUrl: `${base}/recaptcha/api.js`,
    verifyUrl: `${base}/recaptcha/api/siteverify`,
    enterpriseUrl: `${base}/v1/projects/e2e/assessments`,
    siteKey: SITE_KEY,
    secret: SECRET,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
