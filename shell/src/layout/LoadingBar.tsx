import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { useStore } from '../stores/contexts';

const Bar = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  z-index: 1000;
  height: 3px;
  background: var(--site-accent);
  box-shadow: 0 0 6px var(--site-accent);
  transition: width 0.1s linear;
  &[data-failed='true'] {
    background: #d4351c;
    box-shadow: 0 0 6px #d4351c;
  }
`;

/** The thin loading bar at the top; red when the navigation failed. */
export const LoadingBar = observer(function LoadingBar() {
  const { loadingBar } = useStore();
  const intl = useIntl();
  if (!loadingBar.visible) return null;
  return (
    <Bar
      role="progressbar"
      aria-label={intl.formatMessage({ id: 'layout.loading' })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(loadingBar.percent)}
      data-loading-bar
      data-failed={loadingBar.failed ? 'true' : 'false'}
      data-paused={loadingBar.paused ? 'true' : 'false'}
      style={{ width: `${loadingBar.percent}%` }}
    />
  );
});
