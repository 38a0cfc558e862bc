import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { AltColorSchemeEntrySchema, COLOR_SCHEME_NAMES, keepValidEntries, type ColorSchemeName } from '@site/contracts';
import { COLOR_SCHEMES, FONT_SCALES } from '@site/ui';
import { useStore } from '../app/contexts';

const Panel = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem 2rem;
  padding: 1rem;
  border-bottom: 1px solid var(--site-border);
  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    border: 0;
    padding: 0;
    margin: 0;
  }
  legend {
    font-weight: 700;
    margin-bottom: 0.25rem;
  }
  button {
    min-width: 44px;
    min-height: 44px;
    padding: 0.25rem 0.75rem;
    border: 2px solid var(--site-border);
    border-radius: 0.5rem;
    font: inherit;
    cursor: pointer;
    background: var(--site-bg);
    color: var(--site-text);
  }
  button[aria-pressed='true'] {
    border-color: var(--site-text);
    outline: 2px solid var(--site-text);
  }
`;

/** Colour scheme, font size and reset (spec point 1, accessibility options). */
export const AccessibilityPanel = observer(function AccessibilityPanel({ id }: { id: string }) {
  const { ui, init } = useStore();
  const intl = useIntl();
  const labels = new Map(keepValidEntries(AltColorSchemeEntrySchema, init.data?.header?.altColorScheme).map((entry) => [entry.name, entry.label]));
  const schemeLabel = (name: ColorSchemeName) => labels.get(name) ?? intl.formatMessage({ id: `a11y.scheme.${name}` });
  return (
    <Panel id={id} data-a11y-panel>
      <fieldset>
        <legend>
          <FormattedMessage id="a11y.colorScheme" />
        </legend>
        <button type="button" aria-pressed={ui.colorScheme === null} onClick={() => ui.setColorScheme(null)}>
          <FormattedMessage id="a11y.scheme.none" />
        </button>
        {COLOR_SCHEME_NAMES.map((name) => (
          <button
            key={name}
            type="button"
            data-scheme={name}
            aria-pressed={ui.colorScheme === name}
            style={{ background: COLOR_SCHEMES[name].background, color: COLOR_SCHEMES[name].text }}
            onClick={() => ui.setColorScheme(name)}
          >
            {schemeLabel(name)}
          </button>
        ))}
      </fieldset>
      <fieldset>
        <legend>
          <FormattedMessage id="a11y.fontSize" />
        </legend>
        {FONT_SCALES.map((scale) => (
          <button key={scale} type="button" data-font-scale={scale} aria-pressed={ui.fontScale === scale} onClick={() => ui.setFontScale(scale)}>
            <FormattedMessage id="a11y.fontSizeValue" values={{ percent: scale }} />
          </button>
        ))}
      </fieldset>
      <button type="button" data-a11y-reset onClick={() => ui.resetAccessibility()}>
        <FormattedMessage id="a11y.reset" />
      </button>
    </Panel>
  );
});
