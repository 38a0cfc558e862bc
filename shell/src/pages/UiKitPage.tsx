import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import {
  COLOR_SCHEME_NAMES,
  SECTION_THEMES,
  isColorSchemeName,
  splitLocaleFromPath,
  type ColorSchemeName,
  type Locale,
  type SectionTheme,
} from '@site/contracts';
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
import { useStore } from '../stores/contexts';
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

/** The page's path without the locale prefix: links add it back (SiteLink localises every internal path). */
function useUnprefixedLocation(): { pathname: string; search: string } {
  const location = useLocation();
  return { pathname: splitLocaleFromPath(location.pathname).path, search: location.search };
}

/** One link of each kind SiteLink tells apart: internal, hash, mail, phone, external and the old site's. */
const LINK_SAMPLES = [
  { href: '/news', message: 'uikit.link.internal' },
  { href: '#grid', message: 'uikit.link.hash' },
  { href: 'mailto:info@stu.example', message: 'uikit.link.mail' },
  { href: 'tel:+74950000000', message: 'uikit.link.phone' },
  { href: 'https://example.org/', message: 'uikit.link.external' },
  { href: 'http://old.ntu.example/archive', message: 'uikit.link.legacy' },
];

/** The text styles, each with the component that renders it. */
const TEXT_SAMPLES = [
  { Text: Lead, message: 'uikit.lead' },
  { Text: 'p' as const, message: 'uikit.body' },
  { Text: Muted, message: 'uikit.muted' },
];

const BADGE_SAMPLES = ['uikit.badge.recommended', 'uikit.badge.free'];

/** Every button variant and state, and a link styled as a button. */
const BUTTON_SAMPLES = [
  { message: 'uikit.button.primary' },
  { message: 'uikit.button.secondary', variant: 'secondary' as const },
  { message: 'uikit.button.disabled', disabled: true },
  { message: 'uikit.button.link', variant: 'secondary' as const, href: '/news' },
];

/** Cards with media and an eyebrow, with an eyebrow only, and with badges instead of text. */
const CARD_SAMPLES = [
  { title: 'uikit.card.title1', href: '/news', eyebrow: true, media: true },
  { title: 'uikit.card.title2', href: '/events', eyebrow: true, media: false },
  { title: 'uikit.card.title3', href: '/education', eyebrow: false, media: false, badges: ['uikit.badge.free'] },
];

const FILTER_SAMPLES = [
  { id: 'science', active: true, count: 12 },
  { id: 'campus', active: false, count: 4 },
  { id: 'sport', active: false, count: 0 },
];

const TAB_SAMPLES = [
  { id: 'upcoming', active: true },
  { id: 'all', active: false },
];

/** Column spans of the first grid demo: four quarters on large screens, then a 9 + 3 row. */
const SPAN_SAMPLES = [
  ...[1, 2, 3, 4].map(() => ({ small: 12, medium: 6, large: 3, box: true })),
  { small: 12, medium: 8, large: 9, box: false },
  { small: 12, medium: 4, large: 3, box: false },
] as const;

const NUMBERED_BOXES = ['1', '2', '3'];

function BadgeSamples({ messages }: { messages: string[] }) {
  return (
    <BadgeList>
      {messages.map((message) => (
        <Badge key={message}>
          <FormattedMessage id={message} />
        </Badge>
      ))}
    </BadgeList>
  );
}

/** Every primitive of `@site/ui` once, as a section of the given theme would show it. */
function Showcase({ theme }: { theme: SectionTheme }) {
  const intl = useIntl();
  const { locale } = useStore().locale;
  const t = (id: string) => intl.formatMessage({ id });
  const { pathname, search } = useUnprefixedLocation();
  const themeName = t(THEME_MESSAGES[theme]);
  return (
    <Grid>
      <Column small={12} medium={6} large={4}>
        <Block data-primitive="typography">
          <h3>
            <FormattedMessage id="uikit.typography" />
          </h3>
          {TEXT_SAMPLES.map(({ Text, message }) => (
            <Text key={message}>
              <FormattedMessage id={message} />
            </Text>
          ))}
          <BadgeSamples messages={BADGE_SAMPLES} />
        </Block>
      </Column>
      <Column small={12} medium={6} large={4}>
        <Block data-primitive="links">
          <h3>
            <FormattedMessage id="uikit.links" />
          </h3>
          <ul data-links>
            {LINK_SAMPLES.map(({ href, message }) => (
              <li key={href}>
                <SiteLink href={href}>
                  <FormattedMessage id={message} />
                </SiteLink>
              </li>
            ))}
          </ul>
        </Block>
      </Column>
      <Column small={12} medium={12} large={4}>
        <Block data-primitive="buttons">
          <h3>
            <FormattedMessage id="uikit.buttons" />
          </h3>
          <Buttons>
            {BUTTON_SAMPLES.map(({ message, href, ...props }) =>
              href ? (
                <ButtonLink key={message} href={href} {...props}>
                  <FormattedMessage id={message} />
                </ButtonLink>
              ) : (
                <Button key={message} {...props}>
                  <FormattedMessage id={message} />
                </Button>
              ),
            )}
          </Buttons>
        </Block>
      </Column>
      <Column>
        <Block data-primitive="cards">
          <h3>
            <FormattedMessage id="uikit.cards" />
          </h3>
          <CardGrid>
            {CARD_SAMPLES.map((card) => (
              <li key={card.title}>
                <Card
                  title={t(card.title)}
                  href={card.href}
                  eyebrow={card.eyebrow ? <Muted>{t('uikit.card.eyebrow')}</Muted> : undefined}
                  media={card.media ? <Image image={null} decorative /> : undefined}
                >
                  {card.badges ? (
                    <BadgeSamples messages={card.badges} />
                  ) : (
                    <p>
                      <FormattedMessage id="uikit.card.text" />
                    </p>
                  )}
                </Card>
              </li>
            ))}
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
            label={`${t('uikit.pagination')} (${themeName})`}
            previousLabel={t('uikit.previous')}
            nextLabel={t('uikit.next')}
          />
          <FilterLinks
            label={`${t('uikit.filters')} (${themeName})`}
            options={FILTER_SAMPLES.map((option) => ({ ...option, label: t(`uikit.filter.${option.id}`), href: pathname }))}
          />
          <LinkTabs
            label={`${t('uikit.tabs')} (${themeName})`}
            tabs={TAB_SAMPLES.map((tab) => ({ ...tab, label: t(`uikit.tab.${tab.id}`), href: pathname }))}
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

/** Three numbered boxes in one grid row, `width` columns each; a taller first box shows vertical alignment. */
function NumberedBoxes({ width, tallFirst = false }: { width: number; tallFirst?: boolean }) {
  return NUMBERED_BOXES.map((label, index) => (
    <Column key={label} small={width}>
      <DemoBox data-tall={tallFirst && index === 0 ? 'true' : undefined}>{label}</DemoBox>
    </Column>
  ));
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
          {SPAN_SAMPLES.map(({ small, medium, large, box }, index) => (
            <Column key={index} small={small} medium={medium} large={large}>
              <DemoBox data-grid-box={box ? true : undefined}>{`small ${small} · medium ${medium} · large ${large}`}</DemoBox>
            </Column>
          ))}
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
            <NumberedBoxes width={4} tallFirst />
          </Grid>
        </DemoGroup>
      ))}
      {GRID_JUSTIFY_VALUES.map((justify) => (
        <DemoGroup key={justify} data-grid-demo={`justify-${justify}`}>
          <h3>justify = {justify}</h3>
          <Grid justify={justify}>
            <NumberedBoxes width={3} />
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
    {
      id: 'none',
      label: intl.formatMessage({ id: 'a11y.scheme.none' }),
      href: hrefWithQuery(pathname, search, { scheme: null }),
      active: previewScheme === null,
    },
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
