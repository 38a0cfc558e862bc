import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useStore } from '../stores/contexts';

const Mark = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.75rem;
  color: var(--site-text);
  svg {
    flex: none;
  }
  .plate {
    fill: var(--site-accent);
  }
  .ink {
    fill: var(--site-accent-text);
  }
  .rule {
    fill: var(--site-accent-text);
  }
  &[data-compact='true'] {
    gap: 0.5rem;
  }
`;

const Wordmark = styled.span`
  max-width: 14rem;
  font-weight: 700;
  font-size: 1.05rem;
  line-height: 1.15;
  [data-compact='true'] > & {
    max-width: 10.5rem;
    font-size: 0.85rem;
  }
`;

/** The emblem's letters per locale: the university's short name. */
const SHORT_NAME = { ru: 'НТУ', en: 'UST' } as const;

/**
 * The university's logo: an emblem and the wordmark. The wordmark follows the locale and every colour follows
 * the palette it sits on (light header, dark footer, an accessibility scheme), so it is legible everywhere
 * (the footer logo's variant depends on locale and colour scheme).
 */
export const Logo = observer(function Logo({ compact = false }: { compact?: boolean }) {
  const { locale, ui, init } = useStore();
  const scheme = ui.colorScheme ?? 'default';
  return (
    <Mark data-logo-variant={`${locale.locale}-${scheme}`} data-compact={compact ? 'true' : 'false'}>
      <svg width={compact ? 36 : 44} height={compact ? 36 : 44} viewBox="0 0 44 44" aria-hidden="true" focusable="false">
        <rect className="plate" width="44" height="44" rx="10" />
        <text className="ink" x="22" y="25" textAnchor="middle" fontSize="14" fontWeight="700" fontFamily="Arial, sans-serif" letterSpacing="0.5">
          {SHORT_NAME[locale.locale]}
        </text>
        <rect className="rule" x="11" y="30" width="22" height="2.5" rx="1.25" />
      </svg>
      <Wordmark>{init.siteName}</Wordmark>
    </Mark>
  );
});
