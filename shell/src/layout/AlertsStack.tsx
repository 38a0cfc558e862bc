import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { LinkSchema, isNonEmptyObject, validate, type Alert } from '@site/contracts';
import { SiteLink, useShell } from '@site/ui';
import { useStore } from '../app/contexts';
import { CloseButton } from './NotifyBar';

const Stack = styled.div`
  position: fixed;
  right: 1rem;
  bottom: 5rem;
  z-index: 900;
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  max-width: min(28rem, calc(100vw - 2rem));
`;

const Card = styled.div`
  position: relative;
  padding: 1rem 3.5rem 1rem 1rem;
  background: var(--site-bg);
  color: var(--site-text);
  border: 2px solid var(--site-border);
  border-radius: 0.5rem;
  box-shadow: 0 0.5rem 1.5rem rgb(0 0 0 / 15%);
`;

function AlertCard({ alert, onClose, closeLabel }: { alert: Alert; onClose: () => void; closeLabel: string }) {
  const shell = useShell();
  const html = useMemo(() => shell.sanitizeHtml(alert.text), [shell, alert.text]);
  // An alert link is shown only if it is a non-empty object (spec point 5).
  const link = isNonEmptyObject(alert.link) ? validate(LinkSchema, alert.link) : null;
  return (
    <Card role="status" data-alert-id={String(alert.id)}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {link?.ok && <SiteLink href={link.value.href}>{link.value.label}</SiteLink>}
      <CloseButton type="button" aria-label={closeLabel} onClick={onClose}>
        ×
      </CloseButton>
    </Card>
  );
}

/** Dismissible alerts, shown only after the page has loaded; closed ones never show again (spec point 4). */
export const AlertsStack = observer(function AlertsStack() {
  const { init, ui } = useStore();
  const intl = useIntl();
  if (!ui.pageLoaded) return null;
  const visible = (init.data?.alerts ?? []).filter((alert) => !ui.isAlertHidden(alert.id));
  if (visible.length === 0) return null;
  const closeLabel = intl.formatMessage({ id: 'layout.closeAlert' });
  return (
    <Stack aria-live="polite" data-alerts>
      {visible.map((alert) => (
        <AlertCard key={String(alert.id)} alert={alert} closeLabel={closeLabel} onClose={() => ui.hideAlert(alert.id)} />
      ))}
    </Stack>
  );
});
