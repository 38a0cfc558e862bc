import { FormattedMessage } from 'react-intl';
import type { Program } from '@site/contracts/education';
import type { SectionProps } from '@site/contracts';
import { Card, CardGrid, EmptyState, Image, Muted, SectionTitle, titleIdOf } from '@site/ui';
import type { ProgramsListProps } from './load';

export { load } from './load';

/** Education programs as cards: level, duration, format and language at a glance. */
export default function ProgramsList({ descriptor, data }: SectionProps<ProgramsListProps, Program[]>) {
  const titleId = titleIdOf(descriptor);
  return (
    <div role="region" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{descriptor.props.title ?? <FormattedMessage id="programs.title" />}</SectionTitle>
      {data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="education.noData" />
        </EmptyState>
      ) : (
        <CardGrid>
          {data.map((program) => (
            // The programme's anchor (`/programs#robotics`), where its link and search hits lead.
            <li key={program.id} id={String(program.id)}>
              <Card
                title={program.title}
                href={program.link}
                media={<Image image={program.image} decorative />}
                eyebrow={
                  <Muted>
                    <FormattedMessage id={`programs.level.${program.level}`} />
                  </Muted>
                }
              >
                <Muted>
                  <FormattedMessage id="programs.duration" values={{ duration: program.duration }} />
                  {program.format ? ` · ${program.format}` : ''}
                  {program.language ? ` · ${program.language}` : ''}
                </Muted>
                {program.description && <p>{program.description}</p>}
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
