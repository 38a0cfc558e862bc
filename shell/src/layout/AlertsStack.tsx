import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { LinkSchema, isNonEmptyObject, validate, type Alert } from '@site/contracts';
import { SiteLink } from '@site/ui';
import { useStore } from '../app/contexts';
import { CloseIcon, InfoIcon } from './icons';

const Stack = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: min(26rem, 100%);
  margin: 0 1rem 0.75rem auto;
  pointer-events: auto;
  @media (max-width: 767px) {
    width: auto;
    margin: 0 0.5rem 0.5rem;
  }
`;

const Card = styled.div`
  position: relative;
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.25rem 0.6rem;
  padding: 0.75rem 3rem 0.75rem 0.85rem;
  background: var(--site-bg);
  color: var(--site-text);
  border: 1px solid var(--site-border);
  border-left: 4px solid var(--site-accent);
  border-radius: 0.5rem;
  box-shadow: var(--site-shadow);
  font-size: 0.95rem;
  line-height: 1.4;
  @media (max-width: 767px) {
    padding: 0.5rem 2.75rem 0.5rem 0.65rem;
    font-size: 0.875rem;
  }
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
  top: 0.25rem;
  right: 0.25rem;
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
  // An alert link is shown only if it is a non-empty object (spec point 5).
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

/**
 * Dismissible alerts, shown only after the page has loaded; a closed alert's id is remembered and it never shows
 * again (spec point 4). They sit in the bottom dock, above the cookie notice, never over it.
 */
export const AlertsStack = observer(function AlertsStack() {
  const { init, ui } = useStore();
  const intl = useIntl();
  if (!ui.pageLoaded) return null;
  const visible = (init.data?.alerts ?? []).filter((alert) => !ui.isAlertHidden(alert.id));
  if (visible.length === 0) return null;
  const closeLabel = intl.formatMessage({ id: 'layout.closeAlert' });
  return (
    <Stack aria-label={intl.formatMessage({ id: 'layout.alerts' })} aria-live="polite" data-alerts>
      {visible.map((alert) => (
        <AlertCard key={String(alert.id)} alert={alert} closeLabel={closeLabel} onClose={() => ui.hideAlert(alert.id)} />
      ))}
    </Stack>
  );
});
