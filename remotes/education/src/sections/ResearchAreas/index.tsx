import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import type { ResearchArea } from '@site/contracts/education';
import type { SectionProps } from '@site/contracts';
import { Card, CardGrid, EmptyState, Image, SectionTitle, titleIdOf } from '@site/ui';

export { load } from './load';

const Details = styled.div`
  p {
    margin: 0 0 0.5rem;
  }
  h4 {
    margin: 0.75rem 0 0.25rem;
    font-size: 1rem;
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
  }
`;

/** Research areas as cards: what each studies, who heads it, and its laboratories. */
export default function ResearchAreas({ descriptor, data }: SectionProps<{ title?: string }, ResearchArea[]>) {
  const titleId = titleIdOf(descriptor);
  return (
    <div role="region" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{descriptor.props.title ?? <FormattedMessage id="research.title" />}</SectionTitle>
      {data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="education.noData" />
        </EmptyState>
      ) : (
        <CardGrid>
          {data.map((area) => (
            // The area's own link points at this anchor (`/research#quantum`).
            <li key={area.id} id={String(area.id)}>
              <Card title={area.title} href={area.link} media={<Image image={area.image} decorative />}>
                <Details>
                  <p>{area.description}</p>
                  {area.head && (
                    <p>
                      <FormattedMessage id="research.head" values={{ name: area.head }} />
                    </p>
                  )}
                  {area.laboratories && area.laboratories.length > 0 && (
                    <>
                      <h4>
                        <FormattedMessage id="research.laboratories" />
                      </h4>
                      <ul>
                        {area.laboratories.map((laboratory) => (
                          <li key={laboratory}>{laboratory}</li>
                        ))}
                      </ul>
                    </>
                  )}
                </Details>
              </Card>
            </li>
          ))}
        </CardGrid>
      )}
    </div>
  );
}

/** Links and text only: the server HTML is final, the browser needs no code for it on a server-rendered page. */
export const meta = { hydrate: false };
