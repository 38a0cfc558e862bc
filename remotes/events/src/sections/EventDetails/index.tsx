import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import type { EventDetails as EventDetailsData } from '@site/contracts/events';
import type { SectionProps } from '@site/contracts';
import {
  ButtonLink,
  EmptyState,
  FONT_SCALE_ATTRIBUTE,
  Image,
  JsonLd,
  Lead,
  NewTabHint,
  SafeHtml,
  SectionHeading,
  SectionTitle,
  ShareLinks,
  useAbsoluteUrl,
  editorTitleOf,
  titleIdOf,
} from '@site/ui';
import { EventBadges } from '../../event-items/EventCard';
import { EventDate, EventWhen } from '../../event-items/EventWhen';
import { applicationTargetOf } from './application';
import { eventStructuredData } from './structured-data';
import type { EventDetailsProps } from './load';

/**
 * The page query parameters this section reads: only these reach it, and they key the cached page. It does not hydrate:
 * links and text, and its one control, the share links' "copy link" button, works from the server HTML (see ShareLinks).
 */
export const meta = { query: ['eventId'], hydrate: false };

export { load } from './load';

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  margin: 1rem 0 1.5rem;
  @media (min-width: 1024px) {
    grid-template-columns: 2fr 3fr;
    align-items: start;
  }
`;

/** Labels beside their values; on a phone at large text (the accessibility panel's choice) above them, so nothing is squeezed. */
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 0.5rem 1rem;
  margin: 0 0 1.5rem;
  @media (max-width: 767px) {
    :root[${FONT_SCALE_ATTRIBUTE}] & {
      grid-template-columns: minmax(0, 1fr);
      row-gap: 0.125rem;
    }
    :root[${FONT_SCALE_ATTRIBUTE}] & dd + dt {
      margin-top: 0.5rem;
    }
  }
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
`;

/** "Add to calendar" under the facts and the application button: the event's own iCalendar file from the shell. */
const CalendarLink = styled.p`
  margin: 1rem 0 0;
`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd>{children}</dd>
    </>
  );
}

/** One event: its marks, when and where, organisers, promotion period, price, how to apply, and its description. */
export default function EventDetails({ descriptor, data }: SectionProps<EventDetailsProps, EventDetailsData | null>) {
  const intl = useIntl();
  const absolute = useAbsoluteUrl();
  const titleId = titleIdOf(descriptor);
  const editorTitle = editorTitleOf(descriptor);
  if (!data) {
    return (
      <div role="region" aria-labelledby={titleId}>
        <SectionTitle id={titleId}>{editorTitle ?? <FormattedMessage id="events.details.title" />}</SectionTitle>
        <EmptyState>
          <FormattedMessage id="events.noData" />
        </EmptyState>
      </div>
    );
  }
  const application = applicationTargetOf(data);
  const pageUrl = absolute(`/events/${data.id}`, { localise: true });
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <article aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{editorTitle ?? data.title}</SectionTitle>
      {editorTitle && <SectionHeading>{data.title}</SectionHeading>}
      <EventBadges event={data} />
      <Layout>
        {data.image && <Image image={data.image} sizes="(min-width: 1024px) 40vw, 100vw" priority />}
        <div>
          <Facts>
            <Fact label="events.details.when">
              <EventWhen event={data} />
            </Fact>
            {data.place && <Fact label="events.details.where">{data.place}</Fact>}
            {data.organizer && <Fact label="events.details.organizer">{data.organizer}</Fact>}
            {data.coOrganizers.length > 0 && <Fact label="events.details.coOrganizers">{data.coOrganizers.join(', ')}</Fact>}
            <Fact label="events.details.participation">
              {data.isPaid ? (
                data.price ? (
                  <FormattedMessage id="events.details.paidWithPrice" values={{ price: data.price }} />
                ) : (
                  <FormattedMessage id="events.paid" />
                )
              ) : (
                <FormattedMessage id="events.free" />
              )}
            </Fact>
            {data.promotion && (
              <Fact label="events.details.promotion">
                <EventDate value={data.promotion.from} withTime={false} /> – <EventDate value={data.promotion.to} withTime={false} />
              </Fact>
            )}
          </Facts>
          {application && (
            <ButtonLink href={application.href} data-application={application.kind}>
              <FormattedMessage id={application.kind === 'form' ? 'events.details.apply' : 'events.details.register'} />
              <NewTabHint href={application.href}>
                <FormattedMessage id="events.opensInNewTab" />
              </NewTabHint>
            </ButtonLink>
          )}
          <CalendarLink>
            <ButtonLink href={`/events/${encodeURIComponent(String(data.id))}.ics`} variant="secondary" type="text/calendar" data-add-to-calendar="">
              <FormattedMessage id="events.details.addToCalendar" />
            </ButtonLink>
          </CalendarLink>
        </div>
      </Layout>
      {data.lead && !data.body.includes(data.lead) && <Lead>{data.lead}</Lead>}
      <SafeHtml html={data.body} />
      <ShareLinks
        url={pageUrl}
        title={data.title}
        labels={{
          heading: label('events.share.title'),
          vk: label('events.share.vk'),
          telegram: label('events.share.telegram'),
          copy: label('events.share.copy'),
          copied: label('events.share.copied'),
          opensInNewTab: label('events.opensInNewTab'),
        }}
      />
      <JsonLd data={eventStructuredData(data, application, { page: pageUrl, absolute: (source) => absolute(source, { localise: true }) })} />
    </article>
  );
}
