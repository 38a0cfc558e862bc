import { renderToStaticMarkup } from 'react-dom/server';
import { SiteLink } from './SiteLink';
import { withShell } from './testing';

const link = (href: string, locale: 'ru' | 'en' = 'en') => renderToStaticMarkup(withShell(<SiteLink href={href}>x</SiteLink>, {}, { locale }));

describe('SiteLink (spec point 2, links)', () => {
  it('localises internal paths per locale and opens them in the same tab', () => {
    expect(link('/news')).toMatch(/^<a [^>]*href="\/en\/news"[^>]*>x<\/a>$/);
    expect(link('/news', 'ru')).toContain('href="/news"');
    expect(link('/news')).not.toContain('target=');
  });

  it('links a file the content backend serves where the API serves it, in no locale', () => {
    const html = link('/media/files/regulations.pdf');
    expect(html).toContain('href="/api/media/files/regulations.pdf"');
    expect(html).not.toContain('/en/media');
    expect(html).not.toContain('target=');
  });

  it('opens mailto and tel in the same tab, http in a new one unless it is the own older host', () => {
    expect(link('mailto:office@example.edu')).toBe('<a href="mailto:office@example.edu">x</a>');
    expect(link('tel:+74950000000')).toBe('<a href="tel:+74950000000">x</a>');
    expect(link('https://example.org/a')).toContain('target="_blank"');
    expect(link('https://example.org/a')).toContain('rel="noopener noreferrer"');
    expect(link('https://old.example.edu/archive')).not.toContain('target=');
  });

  it('treats targets a browser reads as another host as external, never as a path of the site', () => {
    for (const href of ['//evil.example', '/\\evil.example', '\\\\evil.example/x', '/\t/evil.example', '//evil.example/news/feed.xml']) {
      const html = link(href);
      expect([href, html]).toEqual([href, expect.stringContaining('target="_blank"')]);
      expect(html).toContain('rel="noopener noreferrer"');
      expect(html).not.toContain('href="/en/');
    }
    expect(link('//old.example.edu/archive')).not.toContain('target=');
    // A doubled slash later in a path does not leave the site.
    expect(link('/news//archive')).toMatch(/^<a href="\/en\/news\/+archive"[^>]*>x<\/a>$/);
  });

  it('keeps a hash link on the page', () => {
    expect(link('#contacts')).toBe('<a href="#contacts">x</a>');
  });
});
