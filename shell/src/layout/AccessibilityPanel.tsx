import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { AltColorSchemeEntrySchema, COLOR_SCHEME_NAMES, keepValidEntries, type ColorSchemeName } from '@site/contracts';
import { COLOR_SCHEMES, FONT_SCALES, GRID_MEDIA } from '@site/ui';
import { useStore } from '../app/contexts';
import { CloseIcon } from './icons';

const Panel = styled.div`
  border-top: 1px solid var(--site-border);
  background: var(--site-surface);
  color: var(--site-text);
`;

const Inner = styled.div`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 1rem 2.5rem;
  max-width: 80rem;
  margin: 0 auto;
  padding: 1rem 3.5rem 1.25rem 1rem;
  @media ${GRID_MEDIA.large} {
    padding: 1.25rem 4rem 1.5rem 1.5rem;
  }
  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    border: 0;
    padding: 0;
    margin: 0;
    min-width: 0;
  }
  legend {
    width: 100%;
    margin-bottom: 0.5rem;
    font-weight: 700;
  }
  button {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
    min-width: 44px;
    min-height: 44px;
    padding: 0.25rem 0.85rem;
    border: 2px solid var(--site-border);
    border-radius: 0.5rem;
    background: var(--site-bg);
    color: var(--site-text);
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    border-color: var(--site-text);
    box-shadow: inset 0 0 0 2px var(--site-text);
  }
`;

const Swatch = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 1.6rem;
  height: 1.6rem;
  border: 1px solid currentColor;
  border-radius: 0.3rem;
  font-weight: 700;
  font-size: 0.9rem;
`;

const Close = styled.button`
  position: absolute;
  top: 0.75rem;
  right: 0.75rem;
  justify-content: center;
  padding: 0 !important;
`;

/** Texts of the panel: the backend's `accessibility` layout component when it has them, else the shell's own. */
function useAccessibilityTexts() {
  const { init } = useStore();
  const intl = useIntl();
  const fromBackend = init.data?.extra.accessibility as Record<string, unknown> | undefined;
  const text = (key: 'title' | 'colorScheme' | 'fontSize' | 'reset', fallback: string) => {
    const value = fromBackend?.[key];
    return typeof value === 'string' && value.trim() ? value : intl.formatMessage({ id: fallback });
  };
  return {
    title: text('title', 'a11y.panel'),
    colorScheme: text('colorScheme', 'a11y.colorScheme'),
    fontSize: text('fontSize', 'a11y.fontSize'),
    reset: text('reset', 'a11y.reset'),
  };
}

/**
 * The accessibility options (spec point 1): colour scheme, font size and reset. Each choice applies at once to the
 * whole site, is remembered (cookie and local storage) and is applied before the first paint of the next page.
 */
export const AccessibilityPanel = observer(function AccessibilityPanel({ onClose }: { onClose: () => void }) {
  const { ui, init } = useStore();
  const intl = useIntl();
  const texts = useAccessibilityTexts();
  const labels = new Map(keepValidEntries(AltColorSchemeEntrySchema, init.data?.header?.altColorScheme).map((entry) => [entry.name, entry.label]));
  const schemeLabel = (name: ColorSchemeName) => labels.get(name) ?? intl.formatMessage({ id: `a11y.scheme.${name}` });
  const letter = intl.formatMessage({ id: 'a11y.swatchLetter' });
  return (
    <Panel role="region" aria-label={texts.title} data-a11y-panel>
      <Inner>
        <fieldset>
          <legend>{texts.colorScheme}</legend>
          <button type="button" aria-pressed={ui.colorScheme === null} onClick={() => ui.setColorScheme(null)} data-scheme="none">
            <FormattedMessage id="a11y.scheme.none" />
          </button>
          {COLOR_SCHEME_NAMES.map((name) => (
            <button key={name} type="button" data-scheme={name} aria-pressed={ui.colorScheme === name} onClick={() => ui.setColorScheme(name)}>
              <Swatch aria-hidden="true" style={{ background: COLOR_SCHEMES[name].background, color: COLOR_SCHEMES[name].text }}>
                {letter}
              </Swatch>
              {schemeLabel(name)}
            </button>
          ))}
        </fieldset>
        <fieldset>
          <legend>{texts.fontSize}</legend>
          {FONT_SCALES.map((scale) => (
            <button key={scale} type="button" data-font-size={scale} aria-pressed={ui.fontScale === scale} onClick={() => ui.setFontScale(scale)}>
              <FormattedMessage id="a11y.fontSizeValue" values={{ percent: scale }} />
            </button>
          ))}
        </fieldset>
        <button type="button" data-a11y-reset onClick={() => ui.resetAccessibility()}>
          {texts.reset}
        </button>
        <Close type="button" aria-label={intl.formatMessage({ id: 'a11y.close' })} onClick={onClose} data-a11y-close>
          <CloseIcon />
        </Close>
      </Inner>
    </Panel>
  );
});
