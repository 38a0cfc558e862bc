import { FormattedMessage, useIntl } from 'react-intl';
import { COURSE_FACETS } from '@site/contracts/education';
import { type SectionProps } from '@site/contracts';
import { Badge, BadgeList, Card, CardGrid, EmptyState, Muted, Pagination, SectionTitle, hrefWithQuery, usePageLocation, titleIdOf } from '@site/ui';
import { TextQueryForm } from '../../components/TextQueryForm';
import { MAX_TEXT_QUERY_LENGTH, pageCountOf } from '../../listing/list-query';
import { CourseFilters } from './CourseFilters';
import type { CourseCatalogData } from './load';

/**
 * The page query parameters this section reads: only these reach it, and they key the cached page. It does not hydrate:
 * its search box is a GET form and its facets and pages are links, which the shell sends through the router (the
 * pages that show it watch these parameters).
 */
export const meta = { query: [...COURSE_FACETS, 'q', 'page'], hydrate: false };

export { load } from './load';

/** The course catalogue: free text, facets with counts, durations on every course, pages. */
export default function CourseCatalog({ descriptor, data }: SectionProps<{ title?: string }, CourseCatalogData>) {
  const intl = useIntl();
  const { path, search } = usePageLocation();
  const { courses, active, q } = data;
  const filtered = Boolean(q) || COURSE_FACETS.some((facet) => active[facet].length > 0);
  const titleId = titleIdOf(descriptor);
  return (
    <div role="region" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{descriptor.props.title ?? <FormattedMessage id="courses.title" />}</SectionTitle>
      <TextQueryForm
        param="q"
        value={q}
        label={intl.formatMessage({ id: 'courses.search.label' })}
        submitLabel={intl.formatMessage({ id: 'courses.search.submit' })}
        path={path}
        search={search}
        maxLength={MAX_TEXT_QUERY_LENGTH}
      />
      <CourseFilters facets={courses.facets} active={active} path={path} search={search} />
      <p role="status">
        <Muted>
          <FormattedMessage id="courses.count" values={{ count: courses.total }} />
        </Muted>
      </p>
      {courses.items.length === 0 ? (
        <EmptyState>
          <FormattedMessage id={filtered ? 'courses.noMatch' : 'education.noData'} />
        </EmptyState>
      ) : (
        <CardGrid>
          {courses.items.map((course) => (
            // The id is the anchor the course's own link points at (`/courses?topic=…#course-7`).
            <li key={course.id} id={`course-${course.id}`}>
              <Card title={course.title} href={course.link} eyebrow={<Muted>{[course.level, course.format, course.language].join(' · ')}</Muted>}>
                <p>
                  <FormattedMessage id="courses.duration" values={{ duration: course.duration }} />
                </p>
                {course.description && <p>{course.description}</p>}
                {course.topics && course.topics.length > 0 && (
                  <BadgeList>
                    {course.topics.map((topic) => (
                      <Badge key={topic}>{topic}</Badge>
                    ))}
                  </BadgeList>
                )}
              </Card>
            </li>
          ))}
        </CardGrid>
      )}
      <Pagination
        page={courses.page}
        pageCount={pageCountOf(courses.total, courses.pageSize)}
        hrefFor={(page) => hrefWithQuery(path, search, { page: page === 1 ? null : page })}
        label={intl.formatMessage({ id: 'courses.pages' })}
        previousLabel={intl.formatMessage({ id: 'pagination.previous' })}
        nextLabel={intl.formatMessage({ id: 'pagination.next' })}
      />
    </div>
  );
}
