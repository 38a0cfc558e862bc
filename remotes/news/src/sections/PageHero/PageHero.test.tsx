import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { linkNamed, linksOf, textOf } from '@site/test-support';
import PageHero, { type PageHeroProps } from './index';

const props: PageHeroProps = {
  title: 'Admissions',
  lead: 'Leave an application: we will help you choose a program.',
  image: { url: '/media/images/campus-main.jpg', alt: 'The main building', width: 1280, height: 853 },
  links: [
    { label: 'Apply', href: '/apply' },
    { label: 'Virtual tour', href: 'https://tour.example.org/campus' },
  ],
};

describe('PageHero', () => {
  it('shows the title as the section heading, the lead and the image with its text alternative', () => {
    const html = renderSection(PageHero, { props, data: undefined }, en, { locale: 'en' });
    expect(html).toMatch(/<h2[^>]*id="test-section-title"[^>]*>Admissions<\/h2>/);
    expect(textOf(html)).toContain('Leave an application: we will help you choose a program.');
    expect(html).toContain('alt="The main building"');
    expect(html).toContain('src="/api/media/images/campus-main.jpg?w=640"');
  });

  it('localises internal links for English and opens external ones in a new tab, saying so', () => {
    const html = renderSection(PageHero, { props, data: undefined }, en, { locale: 'en' });
    expect(linkNamed(html, 'Apply').href).toBe('/en/apply');
    const tour = linkNamed(html, 'Virtual tour (opens in a new tab)');
    expect(tour.href).toBe('https://tour.example.org/campus');
    expect(tour.attributes).toContain('target="_blank"');
    expect(html).toContain('aria-label="Admissions: quick links"');
  });

  it('keeps Russian paths unprefixed and speaks Russian', () => {
    const html = renderSection(PageHero, { props: { ...props, title: 'Поступление' }, data: undefined }, ru);
    expect(linkNamed(html, 'Apply').href).toBe('/apply');
    expect(linkNamed(html, 'Virtual tour (откроется в новой вкладке)').href).toBe('https://tour.example.org/campus');
  });

  it('leaves out link entries that are not links, and renders without lead, image or links', () => {
    const broken = { title: 'Contacts', links: [{ label: 'Home', href: '/' }, { label: '' }, 'text', null] } as unknown as PageHeroProps;
    const html = renderSection(PageHero, { props: broken, data: undefined }, en, { locale: 'en' });
    expect(linksOf(html).map((link) => link.text)).toEqual(['Home']);
    expect(html).not.toContain('<img');
  });
});
