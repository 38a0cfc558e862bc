import { renderToStaticMarkup } from 'react-dom/server';
import { Section, effectiveTheme } from './Section';

describe('Section container', () => {
  it('turns light and grey themes dark in an accessibility colour mode, and only those', () => {
    expect(effectiveTheme('light', true)).toBe('dark');
    expect(effectiveTheme('grey', true)).toBe('dark');
    expect(effectiveTheme('secondary', true)).toBe('secondary');
    expect(effectiveTheme('light', false)).toBe('light');
  });

  it('renders its theme, size and slider type as attributes, with the colour-scheme colours as variables', () => {
    const html = renderToStaticMarkup(
      <Section theme="colorScheme" size="medium" slider="cards" schemeColors={{ bg: '#111111', color: '#222222', text: '#333333' }}>
        content
      </Section>,
    );
    expect(html).toContain('data-theme="colorScheme"');
    expect(html).toContain('data-size="medium"');
    expect(html).toContain('data-slider="cards"');
    expect(html).toContain('--scheme-bg:#111111');
  });
});
