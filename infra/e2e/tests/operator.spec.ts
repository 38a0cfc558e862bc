import { expect, test } from '@playwright/test';
import { startExtraShell } from '../support/extra-shell';
import { operatorHeaders } from '../support/platform-control';

const OPERATOR_PAGES = ['/_platform', '/_platform/remotes.json', '/metrics'];

test.describe('operator pages', () => {
  test('answer 401 without the operator token, and leak nothing', async ({ request }) => {
    for (const path of OPERATOR_PAGES) {
      for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${Buffer.from('ops:wrong').toString('base64')}`]) {
        const response = await request.get(path, { headers: authorization ? { authorization } : {} });
        expect(response.status(), `${path} with ${authorization ?? 'no credentials'}`).toBe(401);
        expect(response.headers()['www-authenticate']).toMatch(/^Basic realm="platform"/);
        const body = await response.text();
        expect(body).not.toMatch(/heap|127\.0\.0\.1|remotes\/|site_remote/);
      }
    }
  });

  test('answer with the operator token, as a bearer token or as the Basic password a browser asks for', async ({ request }) => {
    const json = await request.get('/_platform/remotes.json', { headers: operatorHeaders() });
    expect(json.status()).toBe(200);
    expect((await json.json()).remotes.length).toBeGreaterThan(0);
    const metrics = await request.get('/metrics', { headers: operatorHeaders() });
    expect(await metrics.text()).toContain('site_remote_up{');
    const basic = `Basic ${Buffer.from(`anyone:${process.env.E2E_DASHBOARD_TOKEN}`).toString('base64')}`;
    const dashboard = await request.get('/_platform', { headers: { authorization: basic } });
    expect(dashboard.status()).toBe(200);
    expect(await dashboard.text()).toContain('<h1>Remotes</h1>');
  });

  test('do not exist on a shell without a configured operator token', async ({ request }) => {
    const shell = await startExtraShell({ DASHBOARD_TOKEN_SHA256: '' });
    try {
      for (const path of OPERATOR_PAGES) expect((await request.get(`${shell.url}${path}`)).status()).toBe(404);
    } finally {
      await shell.stop();
    }
  });
});
