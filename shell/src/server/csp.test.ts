import { createHash } from 'node:crypto';
import { contentSecurityPolicy } from './csp';
import { PREFERENCE_SCRIPT, START_SCRIPT } from './document';

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name!, sources];
    }),
  );
}

describe('Content-Security-Policy of a page', () => {
  const remoteUrls = [
    'https://cdn.example.edu/remotes/news/1.0.0-aaaaaaaaaa/mf-manifest.json',
    'https://cdn.example.edu/remotes/news/1.0.0-aaaaaaaaaa/remoteEntry.js',
    'http://127.0.0.1:3001/remotes/events/1.0.0-bbbbbbbbbb/mf-manifest.json',
    '',
  ];

  it("runs scripts from the site, the remotes and the document's own two inline scripts by their hashes, never any inline script", () => {
    const policy = directives(contentSecurityPolicy({ remoteUrls }));
    const [preferences, start] = [PREFERENCE_SCRIPT, START_SCRIPT].map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(policy['script-src']).toEqual(["'self'", preferences, start, 'https://cdn.example.edu', 'http://127.0.0.1:3001']);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['connect-src']).toEqual(["'self'", 'https://cdn.example.edu', 'http://127.0.0.1:3001']);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
  });

  it('loads images only from the site, its remotes and the configured media hosts, and reports violations locally', () => {
    const policy = directives(contentSecurityPolicy({ remoteUrls, mediaHosts: ['images.example.edu'] }));
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://images.example.edu', 'https://cdn.example.edu', 'http://127.0.0.1:3001']);
    expect(policy['img-src']).not.toContain('https:');
    expect(policy['report-uri']).toEqual(['/_csp-report']);
  });

  it('loads styles only from the site and its remotes, fonts and media only from there and the media hosts: no other https host', () => {
    const policy = directives(contentSecurityPolicy({ remoteUrls, mediaHosts: ['images.example.edu'] }));
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://cdn.example.edu', 'http://127.0.0.1:3001']);
    expect(policy['font-src']).toEqual(["'self'", 'data:', 'https://images.example.edu', 'https://cdn.example.edu', 'http://127.0.0.1:3001']);
    expect(policy['media-src']).toEqual(["'self'", 'https://images.example.edu']);
    for (const name of ['style-src', 'font-src', 'media-src', 'img-src', 'script-src']) expect(policy[name]).not.toContain('https:');
  });

  it("lets Google's captcha load its code and frames, and page hits reach the collector", () => {
    const policy = directives(
      contentSecurityPolicy({ remoteUrls: [], captchaScriptUrl: 'https://www.google.com/recaptcha/api.js', analyticsEndpoint: 'https://mc.example.net/hit' }),
    );
    expect(policy['script-src']).toEqual(expect.arrayContaining(['https://www.google.com', 'https://www.gstatic.com']));
    expect(policy['frame-src']).toEqual(expect.arrayContaining(['https://www.google.com', 'https://recaptcha.google.com']));
    expect(policy['connect-src']).toContain('https://mc.example.net');
  });

  it('another captcha provider is allowed by its own origin only; relative and odd URLs add nothing', () => {
    const policy = directives(
      contentSecurityPolicy({ remoteUrls: ['/remotes/news/mf-manifest.json', 'javascript:alert(1)'], captchaScriptUrl: 'http://127.0.0.1:4555/api.js' }),
    );
    expect(policy['script-src']!.slice(3)).toEqual(['http://127.0.0.1:4555']);
    expect(policy['frame-src']).toEqual(['http://127.0.0.1:4555']);
  });
});
