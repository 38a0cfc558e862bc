import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import type { NewsArticle as NewsArticleData } from '@site/contracts/news';
import type { SectionProps } from '@site/contracts';
import {
  Badge,
  EmptyState,
  Image,
  JsonLd,
  Lead,
  SafeHtml,
  SectionHeading,
  SectionTitle,
  ShareLinks,
  useAbsoluteUrl,
  usePageLocation,
  useShell,
  editorTitleOf,
  titleIdOf,
} from '@site/ui';
import { NewsDate } from '../../news-items/NewsDate';
import { extractVideos } from './article-video';
import { articleStructuredData } from './structured-data';
import type { NewsArticleProps } from './load';
import { VideoPlayer } from './VideoPlayer';

export { load } from './load';

/**
 * Only an article with videos needs the section's code in the browser (its player falls back to a link when the
 * browser cannot play them). Otherwise the server HTML is final: the body is sanitised on the server, and the share
 * buttons work without the code, so the page loads neither this section's code nor the sanitizer's.
 */
export function hydrates(data: NewsArticleData | null): boolean {
  return !!data && extractVideos(data.body ?? '').videos.length > 0;
}

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  margin: 0 0 1.25rem;
  color: var(--site-muted);
`;

const Figure = styled.div`
  max-width: 56rem;
  margin: 0 0 1.5rem;
`;

/** A news or media article: date, author, lead, its image or videos, and the sanitised body. */
export default function NewsArticle({ descriptor, data }: SectionProps<NewsArticleProps, NewsArticleData | null>) {
  const intl = useIntl();
  const shell = useShell();
  const absolute = useAbsoluteUrl();
  const titleId = titleIdOf(descriptor);
  const editorTitle = editorTitleOf(descriptor);
  const body = useMemo(() => extractVideos(data?.body ?? ''), [data?.body]);
  if (!data) {
    return (
      <div role="region" aria-labelledby={titleId}>
        <SectionTitle id={titleId}>{editorTitle ?? <FormattedMessage id="news.article.title" />}</SectionTitle>
        <EmptyState>
          <FormattedMessage id="news.noData" />
        </EmptyState>
      </div>
    );
  }
  return (
    <article aria-labelledby={titleId}>
      {/* An editor's title (e.g. "The rector's address") heads the section; the article's own title goes under it. */}
      <SectionTitle id={titleId}>{editorTitle ?? data.title}</SectionTitle>
      {editorTitle && <SectionHeading>{data.title}</SectionHeading>}
      <Meta>
        <NewsDate date={data.date} />
        {data.type === 'Media' && (
          <Badge>
            <FormattedMessage id="news.type.media" />
          </Badge>
        )}
        {data.author && <span>{data.author}</span>}
        {data.office && <FormattedMessage id="news.article.office" values={{ office: data.office.title }} />}
      </Meta>
      {/* Bodies often open with the lead itself; saying it twice would only make readers skim. */}
      {data.lead && !body.html.includes(data.lead) && <Lead>{data.lead}</Lead>}
      {body.videos.length > 0
        ? body.videos.map((video, index) => (
            <VideoPlayer key={`${index}-${video.siteUrl}`} video={video} label={intl.formatMessage({ id: 'news.video.label' }, { title: data.title })} />
          ))
        : data.image && (
            <Figure>
              <Image image={data.image} sizes="(min-width: 1024px) 56rem, 100vw" priority />
            </Figure>
          )}
      <SafeHtml html={body.html} />
      <ArticleSharing article={data} absolute={absolute} siteName={shell.siteName} />
    </article>
  );
}

/**
 * Share links, naming the article's own page also when it is shown on another one, and the article's structured
 * data, on its own page only: structured data describes the page it is on (an article quoted on /about is not
 * what /about is).
 */
function ArticleSharing({ article, absolute, siteName }: { article: NewsArticleData; absolute: ReturnType<typeof useAbsoluteUrl>; siteName: string }) {
  const intl = useIntl();
  const ownPath = `/news/${article.id}`;
  const onOwnPage = usePageLocation().path === ownPath;
  const page = absolute(ownPath, { localise: true });
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <ShareLinks
        url={page}
        title={article.title}
        labels={{
          heading: label('news.share.title'),
          vk: label('news.share.vk'),
          telegram: label('news.share.telegram'),
          copy: label('news.share.copy'),
          copied: label('news.share.copied'),
          opensInNewTab: label('news.opensInNewTab'),
        }}
      />
      {onOwnPage && (
        <JsonLd
          data={articleStructuredData(article, { page, absolute: (source) => absolute(source, { localise: true }), siteName, logo: absolute('/icon-512.png') })}
        />
      )}
    </>
  );
}
