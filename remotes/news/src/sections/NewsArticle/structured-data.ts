import type { NewsArticle } from '@site/contracts/news';
import type { StructuredData } from '@site/ui';

export interface ArticleContext {
  /** The article page's absolute URL. */
  page: string;
  /** An absolute URL for a media path or a site path. */
  absolute(source: string): string;
  /** The publisher: the university. */
  siteName: string;
  /** The publisher's logo (the site's icon). */
  logo: string;
}

/** Search engines cut headlines longer than this. */
const HEADLINE_MAX = 110;

/**
 * schema.org `NewsArticle` for search engines' article results: headline, publication and last-change dates, image,
 * author and publisher with its logo, from the data the article shows. The author is the office that wrote it
 * (an `Organization` of the university, e.g. its press office), else the university itself.
 */
export function articleStructuredData(article: NewsArticle, context: ArticleContext): StructuredData {
  const publisher = { '@type': 'CollegeOrUniversity', name: context.siteName, logo: { '@type': 'ImageObject', url: context.logo } };
  const headline = article.title.length > HEADLINE_MAX ? `${article.title.slice(0, HEADLINE_MAX - 1).trimEnd()}…` : article.title;
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline,
    url: context.page,
    mainEntityOfPage: { '@type': 'WebPage', '@id': context.page },
    datePublished: article.date,
    dateModified: article.updatedAt ?? article.date,
    ...(article.image ? { image: [context.absolute(article.image.url)] } : {}),
    ...(article.lead ? { description: article.lead } : {}),
    author: article.author
      ? {
          '@type': 'Organization',
          name: article.author,
          parentOrganization: { '@type': 'CollegeOrUniversity', name: context.siteName, url: context.absolute('/') },
        }
      : { '@type': 'CollegeOrUniversity', name: context.siteName, url: context.absolute('/') },
    publisher,
  };
}
