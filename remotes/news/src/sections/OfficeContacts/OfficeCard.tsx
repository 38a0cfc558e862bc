import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import { NewTabHint, SiteLink } from '@site/ui';
import { MediaFileLink } from '../../components/MediaFileLink';
import type { OfficeWithSlug } from './load';

const Frame = styled.article`
  height: 100%;
  padding: 1.25rem;
  border: 1px solid var(--site-border);
  border-radius: 0.75rem;
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1.2rem;
  }
  p {
    margin: 0 0 1rem;
  }
  dl {
    display: grid;
    gap: 0.25rem;
    margin: 0 0 1rem;
  }
  dt {
    font-weight: 700;
    margin-top: 0.5rem;
  }
  dd {
    margin: 0;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  dd a,
  [data-vr-map] a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9()\-\s]{5,25}$/;

/** The link of a contact: the backend's href, else mailto/tel derived from an e-mail or phone value. */
function contactHref(contact: { value: string; href?: string }): string | undefined {
  if (contact.href) return contact.href;
  const value = contact.value.trim();
  if (EMAIL.test(value)) return `mailto:${value}`;
  if (PHONE.test(value)) return `tel:${value.replace(/[^+0-9]/g, '')}`;
  return undefined;
}

/** One office: description, opening hours, contacts (tel/mailto links), campus location, VR map link. */
/** `pageHref`: the office's own page (its news among the rest), linked from the list of all offices. */
export function OfficeCard({ office, showTitle, pageHref }: { office: OfficeWithSlug; showTitle: boolean; pageHref?: string }) {
  return (
    // The id lets other pages link straight to an office (`/contacts#office-admissions`).
    <Frame id={`office-${office.slug}`} aria-label={showTitle ? undefined : office.title}>
      {showTitle && <h3>{office.title}</h3>}
      {office.description && <p>{office.description}</p>}
      <dl>
        {office.workHours && (
          <>
            <dt>{office.workHoursTitle ?? <FormattedMessage id="news.offices.workHours" />}</dt>
            <dd>{office.workHours}</dd>
          </>
        )}
        {office.contacts.length > 0 && (
          <>
            <dt>{office.contactsTitle ?? <FormattedMessage id="news.offices.contacts" />}</dt>
            <dd>
              <ul>
                {office.contacts.map((contact) => {
                  const href = contactHref(contact);
                  return (
                    <li key={`${contact.label}-${contact.value}`}>
                      {contact.label}: {href ? <SiteLink href={href}>{contact.value}</SiteLink> : contact.value}
                    </li>
                  );
                })}
              </ul>
            </dd>
          </>
        )}
        {office.campusLocation && (
          <>
            <dt>{office.campusLocationTitle ?? <FormattedMessage id="news.offices.location" />}</dt>
            <dd>{office.campusLocation}</dd>
          </>
        )}
      </dl>
      {office.vrMapUrl && (
        <p data-vr-map="">
          <MediaFileLink href={office.vrMapUrl}>
            {/* A picture is called a map, not a VR tour: the link says what it opens. */}
            <FormattedMessage
              id={/\.(jpe?g|png|webp|gif)(\?|$)/i.test(office.vrMapUrl) ? 'news.offices.aerialMap' : 'news.offices.vrMap'}
              values={{ office: office.title }}
            />
            <NewTabHint href={office.vrMapUrl}>
              <FormattedMessage id="news.opensInNewTab" />
            </NewTabHint>
          </MediaFileLink>
        </p>
      )}
      {pageHref && (
        <p data-office-page="">
          <SiteLink href={pageHref}>
            <FormattedMessage id="news.offices.page" values={{ office: office.title }} />
          </SiteLink>
        </p>
      )}
    </Frame>
  );
}
