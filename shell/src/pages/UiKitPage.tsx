import { FormattedMessage } from 'react-intl';
import { SECTION_THEMES } from '@site/contracts';
import { Section } from '@site/ui';
import { observer } from 'mobx-react-lite';
import { useStore } from '../app/contexts';

/** `/ui-kit`: the design system's primitives in every theme, under the current colour scheme. */
export const UiKitPage = observer(function UiKitPage() {
  const { ui } = useStore();
  return (
    <article data-page="ui-kit">
      <h1>
        <FormattedMessage id="uikit.title" />
      </h1>
      {SECTION_THEMES.map((theme) => (
        <Section key={theme} theme={theme} colorMode={ui.colorScheme !== null} schemeColors={{ bg: '#2F312E', color: '#FFFFFF', text: '#FFFFFF' }}>
          <h2>{theme}</h2>
          <p>
            The quick brown fox jumps over the lazy dog. <a href="#top">Link</a>
          </p>
        </Section>
      ))}
    </article>
  );
});
