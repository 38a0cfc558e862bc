import { FormattedMessage, useIntl } from 'react-intl';
import type { SectionProps } from '@site/contracts';
import { EmptyState, Muted } from '@site/ui';
import { SvedenBlocks } from '../../sveden/SvedenBlocks';
import { SvedenNav } from '../../sveden/SvedenNav';
import type { SvedenSectionData, SvedenSectionProps } from './load';

export { load } from './load';

/**
 * One subsection of "Сведения об образовательной организации" (`/sveden/{id}`, one of пп. 7–20 of the Requirements
 * approved by Rosobrnadzor order No. 1493 of 04.08.2023): the links to its siblings, then its items, each carrying the
 * `itemprop` of Rosobrnadzor's methodological recommendations inside its main tag. The page's title (the shell's h1)
 * is the subsection's title, so the region is named by it rather than repeating it as a heading.
 */
export default function SvedenSection({ descriptor, data }: SectionProps<SvedenSectionProps, SvedenSectionData>) {
  const intl = useIntl();
  const { subsection, index } = data;
  const updated = intl.formatDate(new Date(`${subsection.updatedAt}T12:00:00Z`), { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
  return (
    <div role="region" aria-label={subsection.title} data-sveden={subsection.id}>
      <SvedenNav items={index.items} current={subsection.id} />
      {subsection.blocks.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="education.noData" />
        </EmptyState>
      ) : (
        <>
          {/* The items are Russian legal text on every version of the site: marked as such for screen readers. */}
          {intl.locale !== 'ru' && (
            <p>
              <FormattedMessage id="sveden.russianOnly" />
            </p>
          )}
          <div lang={intl.locale === 'ru' ? undefined : 'ru'}>
            <SvedenBlocks blocks={subsection.blocks} idPrefix={descriptor.id} />
          </div>
        </>
      )}
      <p>
        <Muted>
          <FormattedMessage id="sveden.updated" values={{ date: <time dateTime={subsection.updatedAt}>{updated}</time> }} />
        </Muted>
      </p>
    </div>
  );
}

/** Links and text only: the server HTML is final, the browser needs no code for it on a server-rendered page. */
export const meta = { hydrate: false };
