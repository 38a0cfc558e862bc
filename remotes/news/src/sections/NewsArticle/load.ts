import { NewsArticleResponseSchema, type NewsArticle } from '@site/contracts/news';
import { parseContract, statusOfError, type SectionLoader } from '@site/contracts';

export interface NewsArticleProps {
  id: string | number;
  title?: string;
}

const ARTICLE_ID = /^[1-9][0-9]{0,9}$/;

/**
 * One news item with its body. An article that is gone (404) or a malformed id gives null: the section then says
 * 'No data to display' instead of taking the page down; the log says which.
 */
export const load: SectionLoader<NewsArticleProps, NewsArticle | null> = async ({ api, locale, signal }, { id: sectionId, props }) => {
  const id = String(props.id ?? '').trim();
  if (!ARTICLE_ID.test(id)) {
    console.error(`NewsArticle section "${sectionId}": props.id "${id}" is not a news id`);
    return null;
  }
  const path = `${locale}/news/${id}`;
  try {
    return parseContract(path, NewsArticleResponseSchema, await api.get(path, { signal })).data;
  } catch (error) {
    if (statusOfError(error) !== 404) throw error;
    console.warn(`NewsArticle section "${sectionId}": news ${id} does not exist in ${locale}`);
    return null;
  }
};
