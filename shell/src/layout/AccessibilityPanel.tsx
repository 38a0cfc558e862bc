import { useEffect, useId, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { AltColorSchemeEntrySchema, COLOR_SCHEME_NAMES, keepValidEntries, type ColorSchemeName } from '@site/contracts';
import { COLOR_SCHEMES, FONT_SCALES, GRID_MEDIA, READING_PREFERENCES, READING_PREFERENCE_NAMES, type ReadingPreferenceName } from '@site/ui';
import { useStore } from '../stores/contexts';
import { CloseIcon } from './icons';
import { stopSpeaking, useSpeechAvailable } from './SelectionReader';

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

const Hint = styled.p`
  width: 100%;
  margin: 0.25rem 0 0;
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

/** The message ids of a reading preference: its legend and each value's label. */
const READING_LEGENDS: Record<ReadingPreferenceName, string> = {
  letterSpacing: 'a11y.letterSpacing',
  lineHeight: 'a11y.lineHeight',
  fontFamily: 'a11y.fontFamily',
  images: 'a11y.images',
};

/** One reading preference as a group of toggle buttons, exactly one pressed. */
const ReadingPreferenceGroup = observer(function ReadingPreferenceGroup({ name }: { name: ReadingPreferenceName }) {
  const { ui } = useStore();
  const legend = READING_LEGENDS[name];
  return (
    <fieldset data-a11y-group={name}>
      <legend>
        <FormattedMessage id={legend} />
      </legend>
      {READING_PREFERENCES[name].values.map((value) => (
        <button
          key={value}
          type="button"
          data-a11y-option={name}
          data-value={value}
          aria-pressed={ui.reading[name] === value}
          onClick={() => ui.setReadingPreference(name, value)}
        >
          <FormattedMessage id={`${legend}.${value}`} />
        </button>
      ))}
    </fieldset>
  );
});

/** Reading the selected text aloud: offered only where the browser can speak. */
const SpeechGroup = observer(function SpeechGroup() {
  const { ui } = useStore();
  const available = useSpeechAvailable();
  const hintId = useId();
  if (!available) return null;
  return (
    <fieldset data-a11y-group="speech" aria-describedby={hintId}>
      <legend>
        <FormattedMessage id="a11y.speech" />
      </legend>
      <button type="button" data-a11y-speech="off" aria-pressed={!ui.speech} onClick={() => ui.setSpeech(false)}>
        <FormattedMessage id="a11y.speech.off" />
      </button>
      <button type="button" data-a11y-speech="on" aria-pressed={ui.speech} onClick={() => ui.setSpeech(true)}>
        <FormattedMessage id="a11y.speech.on" />
      </button>
      <button type="button" data-a11y-speech-stop onClick={stopSpeaking}>
        <FormattedMessage id="a11y.speech.stop" />
      </button>
      <Hint id={hintId}>
        <FormattedMessage id="a11y.speech.hint" />
      </Hint>
    </fieldset>
  );
});

/**
 * The accessibility options (the "version for the visually impaired" GOST R 52872-2019 and Russian university sites
 * offer): colour scheme, font size, letter spacing, line height, font family, images, reading selected text aloud,
 * and reset. Each choice applies at once to the whole site, is remembered (cookie and local storage) and is applied
 * before the first paint of the next page. Every control is a button in a fieldset with its legend; Escape closes
 * the panel (the header then returns the focus to its toggle).
 */
export const AccessibilityPanel = observer(function AccessibilityPanel({ onClose }: { onClose: () => void }) {
  const { ui, init } = useStore();
  const intl = useIntl();
  const texts = useAccessibilityTexts();
  const labels = new Map(keepValidEntries(AltColorSchemeEntrySchema, init.data?.header?.altColorScheme).map((entry) => [entry.name, entry.label]));
  const schemeLabel = (name: ColorSchemeName) => labels.get(name) ?? intl.formatMessage({ id: `a11y.scheme.${name}` });
  const letter = intl.formatMessage({ id: 'a11y.swatchLetter' });
  const panel = useRef<HTMLDivElement>(null);
  // Escape from any control of the panel closes it.
  useEffect(() => {
    const element = panel.current;
    if (!element) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onClose();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
  return (
    <Panel ref={panel} role="region" aria-label={texts.title} data-a11y-panel>
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
        {READING_PREFERENCE_NAMES.map((name) => (
          <ReadingPreferenceGroup key={name} name={name} />
        ))}
        <SpeechGroup />
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
