import { FormattedDate, FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import type { Vacancy } from '@site/contracts/forms';
import { SiteLink, VisuallyHidden } from '@site/ui';

/** Publication dates are days in the university's time zone, the same on the server and in the browser. */
const UNIVERSITY_TIME_ZONE = 'Europe/Moscow';

const Frame = styled.article`
  display: grid;
  gap: 0.5rem;
  padding: 1rem;
  border: 1px solid var(--site-border);
  border-radius: 0.75rem;
  h4 {
    margin: 0;
    font-size: 1.15rem;
  }
  p {
    margin: 0;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    font-weight: 600;
  }
`;

/** One vacancy: its terms, when it was published, and the way to its resume form. */
export function VacancyCard({ vacancy, resumeHref }: { vacancy: Vacancy; resumeHref: string }) {
  const terms = [vacancy.employment, vacancy.salary].filter(Boolean).join(' · ');
  return (
    <Frame data-vacancy={vacancy.id}>
      <h4>{vacancy.title}</h4>
      {terms && <p>{terms}</p>}
      <p>
        <FormattedMessage
          id="vacancies.published"
          values={{
            date: (
              <time dateTime={vacancy.publishedAt}>
                <FormattedDate value={vacancy.publishedAt} dateStyle="long" timeZone={UNIVERSITY_TIME_ZONE} />
              </time>
            ),
          }}
        />
      </p>
      {vacancy.description && <p>{vacancy.description}</p>}
      <p>
        <SiteLink href={resumeHref}>
          <FormattedMessage id="vacancies.sendResume" />
          <VisuallyHidden>: {vacancy.title}</VisuallyHidden>
        </SiteLink>
      </p>
    </Frame>
  );
}
