import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { LinkSchema, validate } from '@site/contracts';
import { SiteLink } from '@site/ui';
import { useStore } from '../app/contexts';

const Bar = styled.div`
  display: flex;
  gap: 1rem;
  align-items: center;
  justify-content: center;
  padding: 0.5rem 3rem 0.5rem 1rem;
  background: var(--site-accent);
  color: var(--site-accent-text);
  position: relative;
  a {
    color: inherit;
  }
`;

export const CloseButton = styled.button`
  position: absolute;
  right: 0.5rem;
  top: 50%;
  transform: translateY(-50%);
  min-width: 44px;
  min-height: 44px;
  border: 0;
  background: transparent;
  color: inherit;
  font-size: 1.5rem;
  cursor: pointer;
`;

/** The optional top notification: visible until closed; closing is not persisted (spec point 4). */
export const NotifyBar = observer(function NotifyBar() {
  const { init, ui } = useStore();
  const intl = useIntl();
  const notify = init.data?.notify;
  if (!notify || ui.notifyClosed) return null;
  const link = validate(LinkSchema, notify.link);
  return (
    <Bar role="region" aria-label={notify.text} data-notify>
      <span>{notify.text}</span>
      {link.ok && <SiteLink href={link.value.href}>{link.value.label}</SiteLink>}
      <CloseButton type="button" aria-label={intl.formatMessage({ id: 'layout.closeNotify' })} onClick={() => ui.closeNotify()}>
        ×
      </CloseButton>
    </Bar>
  );
});
