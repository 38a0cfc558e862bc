import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { linksOf, textOf } from '@site/test-support';
import LinkCards, { type LinkCardsProps } from './index';

const items: LinkCardsProps['items'] = [
  { title: 'Applicants', href: '/apply', image: { url: '/media/images/lecture-hall.jpg', alt: 'Lecture hall' } },
  { title: 'Student clubs', text: 'Robotics, debating, theatre and 60 more clubs.', href: '/events' },
];

describe('LinkCards', () => {
  it('shows each card as a titled link, localised for English, with its text', () => {
    const html = renderSection(LinkCards, { props: { items }, data: undefined }, en, { locale: 'en' });
    expect(linksOf(html).map(({ href, text }) => [href, text])).toEqual([
      ['/en/apply', 'Applicants'],
      ['/en/events', 'Student clubs'],
    ]);
    expect(html).toMatch(/<h3><a[^>]*>Applicants<\/a><\/h3>/);
    expect(textOf(html)).toContain('Robotics, debating, theatre and 60 more clubs.');
  });

  it('gives cards without an image the placeholder when others have one, so the grid keeps its rhythm', () => {
    const html = renderSection(LinkCards, { props: { items }, data: undefined }, en, { locale: 'en' });
    expect(html.match(/<img/g)).toHaveLength(2);
    expect(html).toContain('/api/media/placeholder.jpg');
  });

  it('names the region for screen readers when the editor gave no title', () => {
    expect(textOf(renderSection(LinkCards, { props: { items }, data: undefined }, en, { locale: 'en' }))).toContain('Useful links');
    expect(textOf(renderSection(LinkCards, { props: { items }, data: undefined }, ru))).toContain('Полезные ссылки');
    const titled = renderSection(LinkCards, { props: { items, title: 'Sections' }, data: undefined }, en, { locale: 'en' });
    expect(titled).toMatch(/<h2[^>]*>Sections<\/h2>/);
    expect(textOf(titled)).not.toContain('Useful links');
  });

  it('drops entries without a title or a target', () => {
    const broken = { items: [...items, { title: 'No target' }, { href: '/x' }, null] } as unknown as LinkCardsProps;
    expect(linksOf(renderSection(LinkCards, { props: broken, data: undefined }, en, { locale: 'en' }))).toHaveLength(2);
  });
});
