import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useStore } from '../app/contexts';

const Mark = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  font-weight: 700;
  line-height: 1.1;
  svg {
    flex: none;
  }
  &[data-scheme='default'][data-tone='dark'] svg rect {
    fill: var(--site-accent);
  }
`;

/**
 * The university logo: the wordmark follows the locale, the colours follow the colour scheme (spec point 2:
 * the footer logo's variant depends on both).
 */
export const Logo = observer(function Logo({ tone }: { tone: 'light' | 'dark' }) {
  const { locale, ui, init } = useStore();
  const scheme = ui.colorScheme ?? 'default';
  const shortName = locale.locale === 'ru' ? 'НТУ' : 'NTU';
  return (
    <Mark data-logo-variant={`${locale.locale}-${scheme}`} data-scheme={scheme} data-tone={tone}>
      <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="8" fill="currentColor" opacity="0.9" />
        <text x="20" y="26" textAnchor="middle" fontSize="14" fontWeight="700" fill="var(--site-bg)">
          {shortName}
        </text>
      </svg>
      <span>{init.siteName}</span>
    </Mark>
  );
});
