import { useEffect, useId, useMemo, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { LinkSchema, isNonEmptyObject, validate, type Alert } from '@site/contracts';
import { FONT_SCALE_ATTRIBUTE, SiteLink } from '@site/ui';
import { useStore } from '../stores/contexts';
import { ChevronDownIcon, CloseIcon, InfoIcon } from './icons';

const Stack = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  width: min(34rem, 100% - 2rem);
  margin: 0 1rem 0.375rem auto;
  pointer-events: auto;
  font-size: 0.95rem;
  line-height: 1.4;
  @media (max-width: 767px) {
    width: auto;
    margin: 0 0.5rem 0.25rem;
    font-size: 0.875rem;
    /* Text above the default size on a phone: a lower line, without the decorative icon. */
    :root[${FONT_SCALE_ATTRIBUTE}] & {
      line-height: 1.3;
    }
    :root[${FONT_SCALE_ATTRIBUTE}] & [data-alerts-toggle] > svg:first-child {
      display: none;
    }
  }
`;

const cardStyles = `
  background: var(--site-bg);
  color: var(--site-text);
  border: 1px solid var(--site-border);
  border-left: 4px solid var(--site-accent);
  border-radius: 0.5rem;
  box-shadow: var(--site-shadow);
`;

/** The one line the alerts collapse to: their count and the first one's text, cut to the line; it shows or hides the cards. */
const Toggle = styled.button`
  ${cardStyles}
  display: flex;
  align-items: center;
  gap: 0.5rem;
  width: 100%;
  min-height: 44px;
  padding: 0.125rem 0.75rem 0.125rem 0.65rem;
  font: inherit;
  text-align: start;
  cursor: pointer;
  > svg {
    flex: none;
    color: var(--site-accent);
  }
  > svg:last-child {
    color: inherit;
    transform: rotate(180deg);
  }
  &[aria-expanded='true'] > svg:last-child {
    transform: none;
  }
`;

const Count = styled.span`
  flex: 0 1 auto;
  min-width: 0;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
  font-weight: 700;
`;

/** Takes only the room the count leaves (flex basis 0): the count is cut only when nothing of the text would show. */
const Preview = styled.span`
  flex: 1 1 0;
  min-width: 0;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const Cards = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.li`
  ${cardStyles}
  position: relative;
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 0.25rem 0.6rem;
  padding: 0.5rem 2.75rem 0.5rem 0.65rem;
  > svg {
    margin-top: 0.1rem;
    color: var(--site-accent);
  }
  p {
    margin: 0;
  }
  a[data-alert-link] {
    grid-column: 2;
    justify-self: start;
    display: inline-flex;
    align-items: center;
    min-height: 32px;
    font-weight: 700;
  }
`;

const Close = styled.button`
  position: absolute;
  top: 0.125rem;
  right: 0.125rem;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover {
    background: color-mix(in srgb, currentColor 10%, transparent);
  }
`;

function AlertCard({ alert, onClose, closeLabel }: { alert: Alert; onClose: () => void; closeLabel: string }) {
  // An alert link is shown only if it is a non-empty object: the backend sends `{}` for an alert without a link.
  const link = isNonEmptyObject(alert.link) ? validate(LinkSchema, alert.link) : null;
  return (
    <Card data-alert-id={String(alert.id)}>
      <InfoIcon />
      {/* Sanitised when the init data was fetched (normaliseInit). */}
      <div dangerouslySetInnerHTML={{ __html: alert.text }} />
      {link?.ok && (
        <SiteLink href={link.value.href} data-alert-link>
          {link.value.label}
        </SiteLink>
      )}
      <Close type="button" aria-label={closeLabel} onClick={onClose} data-alert-close>
        <CloseIcon size={18} />
      </Close>
    </Card>
  );
}

/** An alert's text without its markup, on one line: what the collapsed alerts show of the first one. */
function plainText(html: string): string {
  const body = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, ' '), 'text/html').body;
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Dismissible alerts, shown only after the page has loaded; a closed alert's id is remembered and it never shows
 * again. They sit in the bottom dock, above the cookie notice, never over it, collapsed to one line
 * (their count and the first one's text) until the visitor opens them, so they take little of a phone's screen at
 * any text size.
 */
export const AlertsStack = observer(function AlertsStack() {
  const { init, ui } = useStore();
  const intl = useIntl();
  const cardsId = useId();
  const visible = ui.pageLoaded ? (init.data?.alerts ?? []).filter((alert) => !ui.isAlertHidden(alert.id)) : [];
  const firstText = visible[0]?.text;
  const preview = useMemo(() => (firstText === undefined ? '' : plainText(firstText)), [firstText]);
  const expanded = ui.alertsExpanded;
  const toggle = useRef<HTMLButtonElement>(null);
  // Opened where the dock has too little room for every card (a phone at large text), the dock scrolls: its view
  // starts at this line, above the first card, whatever the browser kept in place.
  useEffect(() => {
    if (expanded) toggle.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [expanded]);
  if (visible.length === 0) return null;
  const closeLabel = intl.formatMessage({ id: 'layout.closeAlert' });
  return (
    <Stack aria-label={intl.formatMessage({ id: 'layout.alerts' })} aria-live="polite" data-alerts data-collapsed={!expanded}>
      <Toggle ref={toggle} type="button" aria-expanded={expanded} aria-controls={cardsId} onClick={() => ui.setAlertsExpanded(!expanded)} data-alerts-toggle>
        <InfoIcon />
        <Count>
          <FormattedMessage id="layout.alertsSummary" values={{ n: visible.length }} />
        </Count>
        {!expanded && <Preview data-alerts-preview>{preview}</Preview>}
        <ChevronDownIcon />
      </Toggle>
      <Cards id={cardsId} hidden={!expanded}>
        {expanded && visible.map((alert) => <AlertCard key={String(alert.id)} alert={alert} closeLabel={closeLabel} onClose={() => ui.hideAlert(alert.id)} />)}
      </Cards>
    </Stack>
  );
});
