import { renderToString } from 'react-dom/server';
import { Image } from './Image';
import { SectionPlacementProvider } from './section-placement';
import { withShell } from './testing';

const hero = { url: '/media/campus-main.jpg', alt: 'The main campus', width: 1280, height: 720 };

function documentWith(element: React.ReactElement): string {
  return renderToString(
    <html lang="en">
      <head />
      <body>{withShell(element, {})}</body>
    </html>,
  );
}

describe('Image', () => {
  it('loads an ordinary image lazily and keeps its width and height', () => {
    const html = documentWith(<Image image={hero} />);
    expect(html).toMatch(/<img[^>]*loading="lazy"/);
    expect(html).not.toMatch(/fetchpriority/i);
    expect(html).not.toContain('rel="preload"');
    expect(html).toMatch(/<img[^>]*width="1280"[^>]*height="720"/);
  });

  it('loads the main image at once with high priority, preloaded from the head', () => {
    const html = documentWith(<Image image={hero} priority />);
    const img = html.match(/<img[^>]*>/)?.[0] ?? '';
    expect(img).toMatch(/fetchpriority="high"/i);
    expect(img).not.toContain('loading="lazy"');
    expect(img).toMatch(/width="1280"[^>]*height="720"/);
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="preload"[^>]*as="image"[^>]*fetchPriority="high"|<link rel="preload"[^>]*fetchPriority="high"[^>]*as="image"/i);
    expect(head).toMatch(/imagesrcset=/i);
  });

  it("offers the optimiser's widths up to 1024, with 768 for a phone's full width", () => {
    const html = documentWith(<Image image={hero} sizes="100vw" />);
    const srcSet = /srcSet="([^"]+)"/i.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(srcSet?.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['320w', '640w', '768w', '1024w']);
    expect(srcSet).toMatch(/w=768 768w/);
  });

  it('asks for no priority in a section that does not lead its page: loaded lazily, nothing preloaded', () => {
    const html = documentWith(
      <SectionPlacementProvider value={{ leadsPage: false }}>
        <Image image={hero} priority />
      </SectionPlacementProvider>,
    );
    expect(html).toMatch(/<img[^>]*loading="lazy"/);
    expect(html).not.toMatch(/fetchpriority/i);
    expect(html).not.toContain('rel="preload"');
  });
});
