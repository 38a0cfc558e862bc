import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { COLOR_SCHEME_NAMES, SECTION_THEMES, isColorSchemeName, splitLocaleFromPath, type ColorSchemeName, type Locale, type SectionTheme } from '@site/contracts';
import {
  Badge,
  BadgeList,
  Button,
  ButtonLink,
  Card,
  CardGrid,
  Column,
  EmptyState,
  FilterLinks,
  GRID_ALIGN_VALUES,
  GRID_JUSTIFY_VALUES,
  Grid,
  Image,
  Lead,
  LinkTabs,
  Muted,
  Pagination,
  SafeHtml,
  Section,
  SectionTitle,
  SiteLink,
  hrefWithQuery,
} from '@site/ui';
import { useStore } from '../app/contexts';
import { DEFAULT_COLOR_SCHEME } from '../stores/init-store';

const Intro = styled.div`
  h1 {
    margin: 0 0 0.75rem;
  }
`;

const Block = styled.div`
  display: grid;
  gap: 0.75rem;
  align-content: start;
  h3 {
    margin: 0;
  }
  p {
    margin: 0;
  }
  ul[data-links] {
    display: grid;
    gap: 0.25rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;

const DemoBox = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 3rem;
  padding: 0.5rem 0.75rem;
  border: 1px dashed var(--site-border);
  border-radius: 0.5rem;
  background: var(--site-surface);
  font-size: var(--site-text-small);
  text-align: center;
  &[data-tall='true'] {
    min-height: 6rem;
  }
`;

const DemoGroup = styled.div`
  display: grid;
  gap: 0.5rem;
  margin-bottom: 2rem;
  h3 {
    margin: 0;
  }
`;

/** Sample backend HTML (not a message: HTML does not belong in ICU messages). */
const RICH_TEXT_SAMPLE: Record<Locale, string> = {
  ru: '<p>HTML из бэкенда <strong>очищается</strong>: стандартные теги, а также <em>img</em> и <em>br</em>.<br>Перенос строки и <a href="#grid">ссылка</a>.</p><ul><li>Первый пункт</li><li>Второй пункт</li></ul><script>document.title = "unsafe"</script>',
  en: '<p>Backend HTML is <strong>sanitised</strong>: standard tags plus <em>img</em> and <em>br</em>.<br>A line break, and a <a href="#grid">link</a>.</p><ul><li>First item</li><li>Second item</li></ul><script>document.title = "unsafe"</script>',
};

const THEME_MESSAGES: Record<SectionTheme, string> = {
  dark: 'uikit.theme.dark',
  light: 'uikit.theme.light',
  grey: 'uikit.theme.grey',
  secondary: 'uikit.theme.secondary',
  colorScheme: 'uikit.theme.colorScheme',
};

/** The scheme the preview shows: `?scheme=` (one of the four, or none for the standard colours). */
function usePreviewScheme(): ColorSchemeName | null {
  const scheme = new URLSearchParams(useLocation().search).get('scheme');
  return isColorSchemeName(scheme) ? scheme : null;
}

/** Every primitive of `@site/ui` once, as a section of the given theme would show it. */
/** The page's path without the locale prefix: links add it back (SiteLink localises every internal path). */
function useUnprefixedLocation(): { pathname: string; search: string } {
  const location = useLocation();
  return { pathname: splitLocaleFromPath(location.pathname).path, search: location.search };
}

function Showcase({ theme }: { theme: SectionTheme }) {
  const intl = useIntl();
  const { locale } = useStore().locale;
  const t = (id: string) => intl.formatMessage({ id });
  const { pathname, search } = useUnprefixedLocation();
  return (
    <Grid>
      <Column small={12} medium={6} large={4}>
        <Block data-primitive="typography">
          <h3>
            <FormattedMessage id="uikit.typography" />
          </h3>
          <Lead>
            <FormattedMessage id="uikit.lead" />
          </Lead>
          <p>
            <FormattedMessage id="uikit.body" />
          </p>
          <Muted>
            <FormattedMessage id="uikit.muted" />
          </Muted>
          <BadgeList>
            <Badge>
              <FormattedMessage id="uikit.badge.recommended" />
            </Badge>
            <Badge>
              <FormattedMessage id="uikit.badge.free" />
            </Badge>
          </BadgeList>
        </Block>
      </Column>
      <Column small={12} medium={6} large={4}>
        <Block data-primitive="links">
          <h3>
            <FormattedMessage id="uikit.links" />
          </h3>
          <ul data-links>
            <li>
              <SiteLink href="/news">
                <FormattedMessage id="uikit.link.internal" />
              </SiteLink>
            </li>
            <li>
              <SiteLink href="#grid">
                <FormattedMessage id="uikit.link.hash" />
              </SiteLink>
            </li>
            <li>
              <SiteLink href="mailto:info@stu.example">
                <FormattedMessage id="uikit.link.mail" />
              </SiteLink>
            </li>
            <li>
              <SiteLink href="tel:+74950000000">
                <FormattedMessage id="uikit.link.phone" />
              </SiteLink>
            </li>
            <li>
              <SiteLink href="https://example.org/">
                <FormattedMessage id="uikit.link.external" />
              </SiteLink>
            </li>
            <li>
              <SiteLink href="http://old.ntu.example/archive">
                <FormattedMessage id="uikit.link.legacy" />
              </SiteLink>
            </li>
          </ul>
        </Block>
      </Column>
      <Column small={12} medium={12} large={4}>
        <Block data-primitive="buttons">
          <h3>
            <FormattedMessage id="uikit.buttons" />
          </h3>
          <Buttons>
            <Button>
              <FormattedMessage id="uikit.button.primary" />
            </Button>
            <Button variant="secondary">
              <FormattedMessage id="uikit.button.secondary" />
            </Button>
            <Button disabled>
              <FormattedMessage id="uikit.button.disabled" />
            </Button>
            <ButtonLink href="/news" variant="secondary">
              <FormattedMessage id="uikit.button.link" />
            </ButtonLink>
          </Buttons>
        </Block>
      </Column>
      <Column>
        <Block data-primitive="cards">
          <h3>
            <FormattedMessage id="uikit.cards" />
          </h3>
          <CardGrid>
            <li>
              <Card title={t('uikit.card.title1')} href="/news" eyebrow={<Muted>{t('uikit.card.eyebrow')}</Muted>} media={<Image image={null} decorative />}>
                <p>
                  <FormattedMessage id="uikit.card.text" />
                </p>
              </Card>
            </li>
            <li>
              <Card title={t('uikit.card.title2')} href="/events" eyebrow={<Muted>{t('uikit.card.eyebrow')}</Muted>}>
                <p>
                  <FormattedMessage id="uikit.card.text" />
                </p>
              </Card>
            </li>
            <li>
              <Card title={t('uikit.card.title3')} href="/education">
                <BadgeList>
                  <Badge>
                    <FormattedMessage id="uikit.badge.free" />
                  </Badge>
                </BadgeList>
              </Card>
            </li>
          </CardGrid>
        </Block>
      </Column>
      <Column small={12} medium={6}>
        <Block data-primitive="navigation">
          <h3>
            <FormattedMessage id="uikit.navigation" />
          </h3>
          <Pagination
            page={3}
            pageCount={9}
            hrefFor={(page) => hrefWithQuery(pathname, search, { page })}
            label={`${t('uikit.pagination')} (${t(THEME_MESSAGES[theme])})`}
            previousLabel={t('uikit.previous')}
            nextLabel={t('uikit.next')}
          />
          <FilterLinks
            label={`${t('uikit.filters')} (${t(THEME_MESSAGES[theme])})`}
            options={[
              { id: 'science', label: t('uikit.filter.science'), href: pathname, active: true, count: 12 },
              { id: 'campus', label: t('uikit.filter.campus'), href: pathname, active: false, count: 4 },
              { id: 'sport', label: t('uikit.filter.sport'), href: pathname, active: false, count: 0 },
            ]}
          />
          <LinkTabs
            label={`${t('uikit.tabs')} (${t(THEME_MESSAGES[theme])})`}
            tabs={[
              { id: 'upcoming', label: t('uikit.tab.upcoming'), href: pathname, active: true },
              { id: 'all', label: t('uikit.tab.all'), href: pathname, active: false },
            ]}
          />
        </Block>
      </Column>
      <Column small={12} medium={6}>
        <Block data-primitive="content">
          <h3>
            <FormattedMessage id="uikit.richText" />
          </h3>
          <SafeHtml html={RICH_TEXT_SAMPLE[locale]} />
          <EmptyState>
            <FormattedMessage id="common.noData" />
          </EmptyState>
        </Block>
      </Column>
    </Grid>
  );
}

function GridDemo() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <>
      <DemoGroup data-grid-demo="spans">
        <h3>
          <FormattedMessage id="uikit.grid.spans" />
        </h3>
        <Grid>
          {[1, 2, 3, 4].map((n) => (
            <Column key={n} small={12} medium={6} large={3}>
              <DemoBox data-grid-box>small 12 · medium 6 · large 3</DemoBox>
            </Column>
          ))}
          <Column small={12} medium={8} large={9}>
            <DemoBox>small 12 · medium 8 · large 9</DemoBox>
          </Column>
          <Column small={12} medium={4} large={3}>
            <DemoBox>small 12 · medium 4 · large 3</DemoBox>
          </Column>
        </Grid>
      </DemoGroup>
      <DemoGroup data-grid-demo="hide-auto">
        <h3>
          <FormattedMessage id="uikit.grid.hideAuto" />
        </h3>
        <Grid align="center">
          <Column small="auto">
            <DemoBox>auto</DemoBox>
          </Column>
          <Column small="hide" medium={4}>
            <DemoBox data-hidden-on-small>{t('uikit.grid.hiddenOnSmall')}</DemoBox>
          </Column>
          <Column small={6} medium={4} large="hide">
            <DemoBox data-hidden-on-large>{t('uikit.grid.hiddenOnLarge')}</DemoBox>
          </Column>
        </Grid>
      </DemoGroup>
      {GRID_ALIGN_VALUES.map((align) => (
        <DemoGroup key={align} data-grid-demo={`align-${align}`}>
          <h3>align = {align}</h3>
          <Grid align={align}>
            <Column small={4}>
              <DemoBox data-tall="true">1</DemoBox>
            </Column>
            <Column small={4}>
              <DemoBox>2</DemoBox>
            </Column>
            <Column small={4}>
              <DemoBox>3</DemoBox>
            </Column>
          </Grid>
        </DemoGroup>
      ))}
      {GRID_JUSTIFY_VALUES.map((justify) => (
        <DemoGroup key={justify} data-grid-demo={`justify-${justify}`}>
          <h3>justify = {justify}</h3>
          <Grid justify={justify}>
            <Column small={3}>
              <DemoBox>1</DemoBox>
            </Column>
            <Column small={3}>
              <DemoBox>2</DemoBox>
            </Column>
            <Column small={3}>
              <DemoBox>3</DemoBox>
            </Column>
          </Grid>
        </DemoGroup>
      ))}
    </>
  );
}

/**
 * `/ui-kit`: every primitive of the design system in every section theme, under the standard colours or any of
 * the four accessibility schemes (`?scheme=`), plus the grid, the medium size and the slider type.
 */
export const UiKitPage = observer(function UiKitPage() {
  const { ui, init } = useStore();
  const intl = useIntl();
  const { pathname, search } = useUnprefixedLocation();
  const previewScheme = usePreviewScheme();
  const colorMode = ui.colorScheme !== null || previewScheme !== null;
  // The colorScheme theme in a colour of the init data that differs from the dark theme, so the two can be told apart.
  const schemeColors = init.colorOf(init.data?.colors.find((item) => item.color.bg.toLowerCase() !== DEFAULT_COLOR_SCHEME.bg.toLowerCase())?.id);
  const schemeTabs = [
    { id: 'none', label: intl.formatMessage({ id: 'a11y.scheme.none' }), href: hrefWithQuery(pathname, search, { scheme: null }), active: previewScheme === null },
    ...COLOR_SCHEME_NAMES.map((name) => ({
      id: name,
      label: intl.formatMessage({ id: `a11y.scheme.${name}` }),
      href: hrefWithQuery(pathname, search, { scheme: name }),
      active: previewScheme === name,
    })),
  ];
  return (
    <article data-page="ui-kit">
      <Section theme="light">
        <Intro>
          <h1>
            <FormattedMessage id="uikit.title" />
          </h1>
          <Lead>
            <FormattedMessage id="uikit.intro" />
          </Lead>
          <LinkTabs label={intl.formatMessage({ id: 'uikit.schemes' })} tabs={schemeTabs} />
        </Intro>
      </Section>
      <div data-color-scheme={previewScheme ?? undefined} data-ui-kit-preview={previewScheme ?? 'none'}>
        {SECTION_THEMES.map((theme) => (
          <div key={theme} data-ui-kit-theme={theme}>
            <Section theme={theme} colorMode={colorMode} schemeColors={theme === 'colorScheme' ? schemeColors : undefined} labelledBy={`uikit-theme-${theme}`}>
              <SectionTitle id={`uikit-theme-${theme}`}>
                <FormattedMessage id="uikit.themeTitle" values={{ theme: intl.formatMessage({ id: THEME_MESSAGES[theme] }) }} />
              </SectionTitle>
              <Showcase theme={theme} />
            </Section>
          </div>
        ))}
      </div>
      <Section theme="light" id="grid" labelledBy="uikit-grid">
        <SectionTitle id="uikit-grid">
          <FormattedMessage id="uikit.grid" />
        </SectionTitle>
        <Lead>
          <FormattedMessage id="uikit.gridIntro" />
        </Lead>
        <GridDemo />
      </Section>
      <Section theme="grey" size="medium" labelledBy="uikit-size" colorMode={colorMode}>
        <SectionTitle id="uikit-size">
          <FormattedMessage id="uikit.sizeMedium" />
        </SectionTitle>
        <p>
          <FormattedMessage id="uikit.sizeMediumText" />
        </p>
      </Section>
      <Section theme="light" slider="cards" labelledBy="uikit-slider" colorMode={colorMode}>
        <SectionTitle id="uikit-slider">
          <FormattedMessage id="uikit.slider" />
        </SectionTitle>
        <CardGrid data-slider-demo>
          {[1, 2, 3, 4, 5, 6].map((n) => (
            <li key={n}>
              <Card title={intl.formatMessage({ id: 'uikit.sliderCard' }, { n })} href="/news">
                <p>
                  <FormattedMessage id="uikit.card.text" />
                </p>
              </Card>
            </li>
          ))}
        </CardGrid>
      </Section>
    </article>
  );
});
