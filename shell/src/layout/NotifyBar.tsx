import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { LinkSchema, validate } from '@site/contracts';
import { SiteLink } from '@site/ui';
import { useStore } from '../stores/contexts';
import { CloseIcon } from './icons';

const Bar = styled.section`
  background: var(--site-accent);
  color: var(--site-accent-text);
  a {
    color: inherit;
    font-weight: 700;
  }
`;

const Inner = styled.div`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  align-items: center;
  justify-content: center;
  max-width: 80rem;
  margin: 0 auto;
  /* Room on the right for the close button, which keeps its 44 px at every text size. */
  padding: 0.5rem calc(44px + 0.5rem) 0.5rem 1rem;
  font-size: 0.95rem;
  line-height: 1.35;
  text-align: center;
`;

const Close = styled.button`
  position: absolute;
  right: 0.25rem;
  top: 50%;
  transform: translateY(-50%);
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
`;

/** The optional top notification: visible until closed; closing is not persisted, so it shows again on the next page load. */
export const NotifyBar = observer(function NotifyBar() {
  const { init, ui } = useStore();
  const intl = useIntl();
  const notify = init.data?.notify;
  if (!notify || ui.notifyClosed) return null;
  const link = validate(LinkSchema, notify.link);
  return (
    <Bar aria-label={intl.formatMessage({ id: 'layout.notification' })} data-notify>
      <Inner>
        <span>{notify.text}</span>
        {link.ok && <SiteLink href={link.value.href}>{link.value.label}</SiteLink>}
        <Close type="button" aria-label={intl.formatMessage({ id: 'layout.closeNotify' })} onClick={() => ui.closeNotify()} data-notify-close>
          <CloseIcon size={18} />
        </Close>
      </Inner>
    </Bar>
  );
});
