import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import { linkNamed, textOf } from '@site/test-support';
import RichText from './index';

describe('RichText', () => {
  it('renders the backend HTML through the sanitiser', () => {
    const html = renderSection(
      RichText,
      { props: { html: '<h2>Mission</h2><p>We educate <a href="/en/research">engineers</a>.</p><script>alert(1)</script>' }, data: undefined },
      en,
      { locale: 'en' },
    );
    expect(html).toContain('<h2>Mission</h2>');
    expect(linkNamed(html, 'engineers').href).toBe('/en/research');
    expect(html).not.toContain('<script');
    expect(textOf(html)).not.toContain('alert');
  });

  it("puts an editor's title above the text as the section heading", () => {
    const html = renderSection(RichText, { props: { html: '<p>Text</p>', title: 'Personal data' }, data: undefined }, en, { locale: 'en' });
    expect(html).toMatch(/<h2[^>]*>Personal data<\/h2>/);
    expect(html).toContain('aria-labelledby="test-section-title"');
  });

  it('renders nothing from an empty block and tells the log which section it was', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const html = renderSection(RichText, { props: { html: '  ' }, data: undefined, id: 'privacy' }, en, { locale: 'en' });
    expect(textOf(html)).toBe('');
    expect(warn).toHaveBeenCalledWith('RichText section "privacy" has no html to show');
    warn.mockRestore();
  });
});
