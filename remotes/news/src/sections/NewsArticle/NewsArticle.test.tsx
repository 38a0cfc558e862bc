import type { NewsArticle as NewsArticleData } from '@site/contracts/news';
import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { newsItem } from '../../testing/fixtures';
import { contentApiForSuite, descriptorOf, loadContext, linkNamed, textOf } from '@site/test-support';
import { extractVideos } from './article-video';
import NewsArticle, { hydrates } from './index';
import { load, type NewsArticleProps } from './load';

const VIDEO_BODY = [
  '<p>The lab in two minutes.</p>',
  '<video poster="/media/images/lab.jpg" title="Inside the lab">',
  '<source src="/media/video/lab.webm" type="video/webm"><source src="javascript:alert(1)">',
  '<track kind="captions" src="/media/video/lab.en.vtt" srclang="en" label="English" default>',
  '<p>No video here. <a href="https://video.example.com/watch?v=lab&amp;t=1">Watch it there</a></p>',
  '</video>',
  '<p>More text.</p>',
].join('');

function article(overrides: Partial<NewsArticleData> = {}): NewsArticleData {
  return { ...newsItem({ id: 42, title: 'Inside the quantum lab', type: 'Media' }), body: VIDEO_BODY, author: 'Press Office', office: null, ...overrides };
}

describe('article videos', () => {
  it('takes videos out of the body with their sources, captions and video-site link, keeping only safe URLs', () => {
    const { html, videos } = extractVideos(VIDEO_BODY);
    expect(html).toBe('<p>The lab in two minutes.</p><p>More text.</p>');
    expect(videos).toEqual([
      {
        sources: [{ src: '/media/video/lab.webm', type: 'video/webm' }],
        tracks: [{ src: '/media/video/lab.en.vtt', kind: 'captions', srcLang: 'en', label: 'English', isDefault: true }],
        poster: '/media/images/lab.jpg',
        siteUrl: 'https://video.example.com/watch?v=lab&t=1',
        title: 'Inside the lab',
      },
    ]);
  });

  it('falls back to the file itself as the place to watch, and leaves a video with no playable source in the body', () => {
    expect(extractVideos('<video src="https://cdn.example.com/a.mp4"></video>').videos[0]?.siteUrl).toBe('https://cdn.example.com/a.mp4');
    const unplayable = '<video src="javascript:alert(1)"></video>';
    expect(extractVideos(unplayable)).toEqual({ html: unplayable, videos: [] });
  });
});

describe('NewsArticle', () => {
  it('needs its code in the browser only for an article with a video it can play', () => {
    expect(hydrates(article())).toBe(true);
    expect(hydrates(article({ body: '<p>Text and a <a href="/news">link</a> only.</p>' }))).toBe(false);
    // A video with no playable source stays in the body as sanitised HTML: nothing to play.
    expect(hydrates(article({ body: '<video src="javascript:alert(1)"></video>' }))).toBe(false);
    expect(hydrates(null)).toBe(false);
  });

  it('plays a media item’s video, with the fallback message and a button to the video site (English)', () => {
    const html = renderSection(NewsArticle, { props: { id: 42 }, data: article() }, en, { locale: 'en' });
    expect(html).toMatch(/<video[^>]*controls=""[^>]*aria-label="Inside the lab"/);
    expect(html).toContain('<source src="/api/media/video/lab.webm" type="video/webm"/>');
    expect(html).toContain('kind="captions"');
    expect(textOf(html)).toContain('Your browser does not support built-in video playback.');
    const button = linkNamed(html, 'Go to the video site (opens in a new tab)');
    expect(button.href).toBe('https://video.example.com/watch?v=lab&t=1');
    expect(button.attributes).toContain('target="_blank"');
    expect(html).not.toContain('javascript:');
  });

  it('says the same in Russian', () => {
    const html = renderSection(NewsArticle, { props: { id: 42 }, data: article() }, ru);
    expect(textOf(html)).toContain('Ваш браузер не поддерживает встроенное воспроизведение видео.');
    expect(linkNamed(html, 'Перейти на сайт с видео (откроется в новой вкладке)').href).toBe('https://video.example.com/watch?v=lab&t=1');
  });

  it('shows a news item with its title as heading, date, author, office, image and sanitised body', () => {
    const data = article({
      type: 'News',
      title: 'Grant for the robotics team',
      lead: 'Three years of funding.',
      body: '<p>The team won.</p><script>alert(1)</script>',
      image: { url: '/media/images/robots.jpg', alt: 'Robots on a table' },
      office: { id: 'press-office', slug: 'press-office', title: 'Press Office' },
      date: '2026-03-10T10:00:00+03:00',
    });
    const html = renderSection(NewsArticle, { props: { id: 42 }, data }, en, { locale: 'en', path: '/en/news/42' });
    expect(html).toMatch(/<h2[^>]*id="test-section-title"[^>]*>Grant for the robotics team<\/h2>/);
    expect(html).toContain('<time dateTime="2026-03-10T10:00:00+03:00">March 10, 2026</time>');
    expect(textOf(html)).toContain('Press Office Published by: Press Office Three years of funding. The team won.');
    expect(html).toContain('alt="Robots on a table"');
    // The body's script is gone; the only script is the structured data.
    expect(html).not.toContain('alert(1)');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<video');
  });

  it("puts an editor's title first and the article's title under it", () => {
    const html = renderSection(NewsArticle, { props: { id: 3 }, data: article({ title: 'Welcome, students' }), id: 'rector' }, en, { locale: 'en' });
    const withTitle = renderSection(NewsArticle, { props: { id: 3, title: "The rector's address" }, data: article({ title: 'Welcome, students' }) }, en, {
      locale: 'en',
    });
    expect(html).toMatch(/<h2[^>]*>Welcome, students<\/h2>/);
    expect(withTitle).toMatch(/<h2[^>]*>The rector&#x27;s address<\/h2><h3[^>]*>Welcome, students<\/h3>/);
  });

  it("says 'No data to display' for an article that does not exist", () => {
    expect(textOf(renderSection(NewsArticle, { props: { id: 9 }, data: null }, en, { locale: 'en' }))).toBe('News No data to display');
  });
});

/** The JSON-LD objects of rendered HTML, parsed as search engines parse them. */
function structuredDataOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

describe('NewsArticle for search engines and sharing', () => {
  const news = article({
    type: 'News',
    title: 'Grant for the robotics team',
    lead: 'Three years of funding.',
    body: '<p>The team won.</p>',
    image: { url: '/media/images/robots.jpg', alt: 'Robots' },
    updatedAt: '2026-03-11T08:15:00.000Z',
  });

  it('describes the article on its own page as schema.org NewsArticle: headline, dates, image, author office and publisher', () => {
    const [data] = structuredDataOf(renderSection(NewsArticle, { props: { id: 42 }, data: news }, en, { locale: 'en', path: '/en/news/42' }));
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Grant for the robotics team',
      url: 'https://university.test/en/news/42',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://university.test/en/news/42' },
      datePublished: '2026-03-10T10:00:00+03:00',
      dateModified: '2026-03-11T08:15:00.000Z',
      image: ['https://university.test/api/media/images/robots.jpg'],
      description: 'Three years of funding.',
      // The press office is an organisation of the university, not a person.
      author: {
        '@type': 'Organization',
        name: 'Press Office',
        parentOrganization: { '@type': 'CollegeOrUniversity', name: 'Test University', url: 'https://university.test/en' },
      },
      publisher: { '@type': 'CollegeOrUniversity', name: 'Test University', logo: { '@type': 'ImageObject', url: 'https://university.test/icon-512.png' } },
    });
  });

  it('names the university as author when the article has none, and cuts a headline longer than 110 characters', () => {
    const long = 'A'.repeat(130);
    const [data] = structuredDataOf(
      renderSection(NewsArticle, { props: { id: 42 }, data: article({ author: undefined, title: long }) }, ru, { path: '/news/42' }),
    );
    expect(data!.author).toEqual({ '@type': 'CollegeOrUniversity', name: 'Test University', url: 'https://university.test/' });
    expect(String(data!.headline)).toHaveLength(110);
    expect(data!.url).toBe('https://university.test/news/42');
    // Without a recorded change, the article last changed when it was published.
    expect(data!.dateModified).toBe(data!.datePublished);
  });

  it('gives no structured data where the article is shown on another page (the page is not the article)', () => {
    expect(structuredDataOf(renderSection(NewsArticle, { props: { id: 42 }, data: news }, en, { locale: 'en', path: '/en/about' }))).toEqual([]);
    expect(structuredDataOf(renderSection(NewsArticle, { props: { id: 42 }, data: news }, ru, { path: '/news/4' }))).toEqual([]);
  });

  it("shares the article's own page, also where it is shown on another page (both locales)", () => {
    const html = renderSection(NewsArticle, { props: { id: 42 }, data: news }, en, { locale: 'en', path: '/en/about' });
    expect(linkNamed(html, 'VK (opens in a new tab)').href).toBe(
      `https://vk.com/share.php?url=${encodeURIComponent('https://university.test/en/news/42')}&title=${encodeURIComponent('Grant for the robotics team')}`,
    );
    expect(linkNamed(html, 'Telegram (opens in a new tab)').href).toContain(`url=${encodeURIComponent('https://university.test/en/news/42')}`);
    const russian = renderSection(NewsArticle, { props: { id: 42 }, data: news }, ru);
    expect(russian).toMatch(/<h2[^>]*>Поделиться<\/h2>/);
    expect(russian).toMatch(
      /<button type="button" data-share="copy" data-share-url="[^"]+" data-share-copied="Ссылка скопирована">Скопировать ссылку<\/button>/,
    );
  });
});

describe('NewsArticle loader on the content API', () => {
  const server = contentApiForSuite();

  it('loads the article with its body in the page locale', async () => {
    const [ru, en] = await Promise.all([
      load(loadContext(server.api, 'ru'), descriptorOf<NewsArticleProps>('NewsArticle', { id: 3 })),
      load(loadContext(server.api, 'en'), descriptorOf<NewsArticleProps>('NewsArticle', { id: '3' })),
    ]);
    expect(ru?.id).toBe(3);
    expect(ru?.body).toMatch(/^<p>/);
    expect(en?.body).toContain('/en/research');
    expect(ru?.title).not.toBe(en?.title);
  });

  it('gives null for a missing article or a malformed id, and says which in the log', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await load(loadContext(server.api, 'en'), descriptorOf<NewsArticleProps>('NewsArticle', { id: 999999 }))).toBeNull();
    expect(warn).toHaveBeenCalledWith('NewsArticle section "test-newsarticle": news 999999 does not exist in en');
    expect(await load(loadContext(server.api, 'en'), descriptorOf<NewsArticleProps>('NewsArticle', { id: '../init' }))).toBeNull();
    expect(error).toHaveBeenCalledWith('NewsArticle section "test-newsarticle": props.id "../init" is not a news id');
    warn.mockRestore();
    error.mockRestore();
  });
});
