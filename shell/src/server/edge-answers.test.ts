import type { ShellServer } from './app';
import { startShellWithBackend, type ShellWithBackend } from '../testing/shell-with-backend';

const DASHBOARD_TOKEN = 'edge-answers-dashboard-password';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

describe("the shell's answers at the edge: device variants, policies on its own documents", () => {
  let platform: ShellWithBackend;
  let shell: ShellServer;

  beforeAll(async () => {
    platform = await startShellWithBackend({ name: 'edge-answers', env: { DASHBOARD_TOKEN } });
    ({ shell } = platform);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  test('a page differs between phone and desktop, and its Vary names the headers the variant is chosen by', async () => {
    const phone = await shell.app.inject({ method: 'GET', url: '/about', headers: { 'user-agent': PHONE } });
    const hinted = await shell.app.inject({ method: 'GET', url: '/about', headers: { 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?1' } });
    const desktop = await shell.app.inject({ method: 'GET', url: '/about', headers: { 'user-agent': DESKTOP } });
    expect([phone.statusCode, hinted.statusCode, desktop.statusCode]).toEqual([200, 200, 200]);
    expect(phone.body).not.toBe(desktop.body);
    expect(hinted.body).toBe(phone.body);
    for (const answer of [phone, desktop]) {
      const vary = String(answer.headers.vary)
        .split(/,\s*/)
        .map((name) => name.toLowerCase());
      expect(vary).toEqual(expect.arrayContaining(['accept-encoding', 'user-agent', 'sec-ch-ua-mobile']));
    }
  });

  test('the 400 page of an undecodable address carries a policy that runs no script', async () => {
    const answer = await shell.app.inject({ method: 'GET', url: '/news/%E0%A4%A' });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    const policy = String(answer.headers['content-security-policy']);
    expect(policy).toMatch(/(^|; )default-src 'none'(;|$)/);
    expect(policy).not.toMatch(/script-src/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
  });

  test('the dashboard carries a policy that runs no script', async () => {
    const answer = await shell.app.inject({ method: 'GET', url: '/_platform', headers: { authorization: `Bearer ${DASHBOARD_TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<h1>Remotes</h1>');
    const policy = String(answer.headers['content-security-policy']);
    expect(policy).toMatch(/(^|; )default-src 'none'(;|$)/);
    expect(policy).not.toMatch(/script-src/);
  });
});
