import { expect, test, type APIResponse } from '@playwright/test';
import path from 'node:path';
import { startExtraShell } from '../support/extra-shell';
import { operatorHeaders, repoRoot } from '../support/platform-control';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require(require.resolve('better-sqlite3', { paths: [path.join(repoRoot, 'infra/content-api')] })) as new (
  file: string,
  options?: object,
) => {
  prepare(sql: string): { all(...values: unknown[]): Array<{ client_ip: string }> };
  close(): void;
};

function expectSecurityHeaders(response: APIResponse, what: string): void {
  const headers = response.headers();
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toContain('camera=()');
}

test.describe('error answers and request limits', () => {
  test('every error answer carries the security headers, the 400 page for an undecodable address included', async ({ request }) => {
    const undecodable = await request.get('/%zz');
    expect(undecodable.status()).toBe(400);
    expectSecurityHeaders(undecodable, '/%zz');
    for (const [path, status] of [
      ['/no-such-page-anywhere', 404],
      ['/api/en/pages/no-such-page', 404],
      ['/metrics', 401],
      ['/api/%zz', 400],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
      expectSecurityHeaders(response, path);
    }
    const posted = await request.post('/en/about', { data: {} });
    expect(posted.status()).toBe(405);
    expectSecurityHeaders(posted, 'POST /en/about');
  });

  test('an oversized JSON body through the proxy is answered 413 every time (20 tries)', async () => {
    const body = JSON.stringify({ name: 'A', email: 'a@example.com', message: 'x'.repeat(2 * 1024 * 1024), consent: true });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await fetch(`${process.env.SITE_URL}/api/en/forms/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      statuses.push(response.status);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      await response.arrayBuffer();
    }
    expect(statuses).toEqual(Array(20).fill(413));
    // Sent in chunks without a length, only the proxy's count can stop it.
    const chunked = await fetch(`${process.env.SITE_URL}/api/en/forms/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([body]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  test('HSTS is sent on answers that came over TLS through a trusted proxy, and can be turned off', async ({ request }) => {
    const overTls = await request.get('/en', { headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers()['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect((await request.get('/en')).headers()['strict-transport-security']).toBeUndefined();
    const shell = await startExtraShell({ HSTS_MAX_AGE: '0' });
    try {
      expect((await request.get(`${shell.url}/en`, { headers: { 'x-forwarded-proto': 'https' } })).headers()['strict-transport-security']).toBeUndefined();
    } finally {
      await shell.stop();
    }
  });

  test('CSP violation reports are counted and reach /metrics', async ({ request }) => {
    const report = {
      'csp-report': { 'document-uri': `${process.env.SITE_URL}/en`, 'effective-directive': 'img-src', 'blocked-uri': 'https://tracker.example/p.gif' },
    };
    const answer = await request.post('/_csp-report', { headers: { 'content-type': 'application/csp-report' }, data: JSON.stringify(report) });
    expect(answer.status()).toBe(204);
    const metrics = await (await request.get('/metrics', { headers: operatorHeaders() })).text();
    expect(metrics).toMatch(/site_csp_violations_total\{directive="img-src"\} [1-9]/);
    const page = await request.get('/en');
    expect(page.headers()['content-security-policy']).toMatch(/img-src 'self' data: blob:[^;]*; /);
    expect(page.headers()['content-security-policy']).not.toMatch(/img-src[^;]* https:( |;)/);
    expect(page.headers()['content-security-policy']).toContain('report-uri /_csp-report');
  });

  test('behind one trusted proxy address, a visitor rotating X-Forwarded-For is stored under its own address', async () => {
    const shell = await startExtraShell({ TRUST_PROXY: '10.9.9.9' });
    const email = `rotating-${Date.now()}@example.com`;
    try {
      for (let index = 0; index < 3; index += 1) {
        const response = await fetch(`${shell.url}/api/en/forms/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${index + 1}` },
          body: JSON.stringify({
            name: 'Rotating Visitor',
            email,
            message: 'A question about the master programmes.',
            consent: true,
            captchaToken: `e2e.submit.${Date.now()}`,
          }),
        });
        expect(response.status).toBe(201);
      }
    } finally {
      await shell.stop();
    }
    const db = new Database(path.join(process.env.DATA_DIR!, 'content.sqlite'), { readonly: true });
    try {
      const rows = db.prepare('SELECT client_ip FROM form_submissions WHERE payload LIKE ?').all(`%${email}%`);
      expect(rows.map((row) => row.client_ip)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
    } finally {
      db.close();
    }
  });
});
