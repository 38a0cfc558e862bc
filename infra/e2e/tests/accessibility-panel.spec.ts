import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { asReturningVisitor, openHydrated } from '../support/site';

/**
 * The fuller accessible version (GOST R 52872-2019 and the panels of Russian university sites): letter spacing, line
 * height, font family, images and reading selected text aloud. Each persists across a reload and is applied before
 * the first frame, axe finds nothing serious with each on, and the whole panel works from the keyboard alone.
 */

interface FirstFrame {
  attributes: Record<string, string | null>;
  fontSize: number;
  letterSpacing: string;
  lineHeight: string;
  fontFamily: string;
  imageDisplay: string;
  imageFilter: string;
}

/** Each non-default value a visitor can choose, and what the first frame of the next page must show for it. */
const SETTINGS: Array<{ name: string; value: string; attribute: string; firstFrame: (frame: FirstFrame) => void }> = [
  {
    name: 'letterSpacing',
    value: 'wide',
    attribute: 'data-letter-spacing',
    firstFrame: (frame) => expect(parseFloat(frame.letterSpacing) / frame.fontSize).toBeCloseTo(0.12, 2),
  },
  {
    name: 'letterSpacing',
    value: 'wider',
    attribute: 'data-letter-spacing',
    firstFrame: (frame) => expect(parseFloat(frame.letterSpacing) / frame.fontSize).toBeCloseTo(0.24, 2),
  },
  {
    name: 'lineHeight',
    value: '1.5',
    attribute: 'data-line-height',
    firstFrame: (frame) => expect(parseFloat(frame.lineHeight) / frame.fontSize).toBeCloseTo(1.5, 2),
  },
  {
    name: 'lineHeight',
    value: '2',
    attribute: 'data-line-height',
    firstFrame: (frame) => expect(parseFloat(frame.lineHeight) / frame.fontSize).toBeCloseTo(2, 2),
  },
  { name: 'fontFamily', value: 'serif', attribute: 'data-font-family', firstFrame: (frame) => expect(frame.fontFamily).toMatch(/^"?PT Serif"?, Georgia/) },
  { name: 'images', value: 'hidden', attribute: 'data-images', firstFrame: (frame) => expect(frame.imageDisplay).toBe('none') },
  { name: 'images', value: 'greyscale', attribute: 'data-images', firstFrame: (frame) => expect(frame.imageFilter).toBe('grayscale(1)') },
];

const ATTRIBUTES = ['data-letter-spacing', 'data-line-height', 'data-font-family', 'data-images'];

/**
 * Records, at the first animation frame that has a body (nothing of the page can be painted earlier), the root's
 * attributes and the computed style of a paragraph and an image placed in the body for that moment.
 */
async function recordFirstFrame(context: BrowserContext): Promise<void> {
  await context.addInitScript((attributes: string[]) => {
    const record = () => {
      if (!document.body) {
        requestAnimationFrame(record);
        return;
      }
      const paragraph = document.createElement('p');
      paragraph.textContent = 'Проба';
      const image = document.createElement('img');
      image.alt = '';
      document.body.append(paragraph, image);
      const text = getComputedStyle(paragraph);
      const picture = getComputedStyle(image);
      (window as unknown as { firstFrame: unknown }).firstFrame = {
        attributes: Object.fromEntries(attributes.map((name) => [name, document.documentElement.getAttribute(name)])),
        fontSize: parseFloat(text.fontSize),
        letterSpacing: text.letterSpacing,
        lineHeight: text.lineHeight,
        fontFamily: text.fontFamily,
        imageDisplay: picture.display,
        imageFilter: picture.filter,
      };
      paragraph.remove();
      image.remove();
    };
    requestAnimationFrame(record);
  }, ATTRIBUTES);
}

/**
 * The record of the page's first frame. `load` can come before the first animation frame on a busy machine, so this
 * waits for the record to exist instead of reading it at once.
 */
async function firstFrame(page: Page): Promise<FirstFrame> {
  const record = await page.waitForFunction(() => (window as unknown as { firstFrame?: FirstFrame }).firstFrame);
  return (await record.jsonValue()) as FirstFrame;
}

async function openPanel(page: Page) {
  await page.locator('[data-a11y-toggle]').click();
  const panel = page.locator('[data-a11y-panel]');
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('the fuller accessible version', () => {
  for (const setting of SETTINGS) {
    test(`${setting.name} ${setting.value}: stored, applied before the first frame after a reload, taken over by the panel; reset removes it`, async ({
      page,
      context,
      baseURL,
    }) => {
      await asReturningVisitor(context);
      await recordFirstFrame(context);
      await openHydrated(page, '/about');
      const before = await firstFrame(page);
      expect(before.attributes[setting.attribute]).toBeNull();
      const panel = await openPanel(page);
      const option = panel.locator(`[data-a11y-option="${setting.name}"][data-value="${setting.value}"]`);
      await option.click();
      await expect(option).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('html')).toHaveAttribute(setting.attribute, setting.value);
      await expect.poll(async () => (await context.cookies(baseURL)).find((cookie) => cookie.name === setting.name)?.value).toBe(setting.value);
      await expect.poll(() => page.evaluate((name) => localStorage.getItem(name), setting.name)).toBe(setting.value);

      const response = await page.reload();
      const html = await response!.text();
      // The cached server HTML is the same for every visitor: no preference in it.
      expect(html.slice(0, html.indexOf('>', html.indexOf('<html')) + 1)).not.toContain(setting.attribute);
      const frame = await firstFrame(page);
      expect(frame.attributes[setting.attribute]).toBe(setting.value);
      setting.firstFrame(frame);
      await expect(page.locator('html[data-hydrated="true"]')).toHaveAttribute(setting.attribute, setting.value);
      const reopened = await openPanel(page);
      await expect(reopened.locator(`[data-a11y-option="${setting.name}"][data-value="${setting.value}"]`)).toHaveAttribute('aria-pressed', 'true');

      await reopened.locator('[data-a11y-reset]').click();
      await expect(page.locator('html')).not.toHaveAttribute(setting.attribute, /.*/);
      // document.cookie reaches the browser's cookie store (where the test reads it) a moment later, as when it was set.
      await expect.poll(async () => (await context.cookies(baseURL)).find((cookie) => cookie.name === setting.name)).toBeUndefined();
      await page.reload();
      expect((await firstFrame(page)).attributes[setting.attribute]).toBeNull();
    });
  }

  test('the settings reach the sections of the remotes: text spacing, serif and images on a content page', async ({ page, context }) => {
    await asReturningVisitor(context);
    await context.addInitScript(() => {
      for (const [key, value] of [
        ['letterSpacing', 'wider'],
        ['lineHeight', '2'],
        ['fontFamily', 'serif'],
        ['images', 'greyscale'],
      ]) {
        if (localStorage.getItem(key!) === null) localStorage.setItem(key!, value!);
      }
    });
    await openHydrated(page, '/');
    const sectionText = page.locator('main [data-section] p').first();
    const style = await sectionText.evaluate((element) => {
      const computed = getComputedStyle(element);
      return {
        size: parseFloat(computed.fontSize),
        spacing: parseFloat(computed.letterSpacing),
        line: parseFloat(computed.lineHeight),
        family: computed.fontFamily,
      };
    });
    expect(style.spacing / style.size).toBeCloseTo(0.24, 2);
    expect(style.line / style.size).toBeCloseTo(2, 2);
    expect(style.family).toMatch(/PT Serif/);
    const images = page.locator('main [data-section] img');
    expect(await images.count()).toBeGreaterThan(0);
    expect(new Set(await images.evaluateAll((elements) => elements.map((element) => getComputedStyle(element).filter)))).toEqual(new Set(['grayscale(1)']));
    await page.evaluate(() => localStorage.setItem('images', 'hidden'));
    await page.reload();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveAttribute('data-images', 'hidden');
    expect(new Set(await page.locator('main img').evaluateAll((elements) => elements.map((element) => getComputedStyle(element).display)))).toEqual(
      new Set(['none']),
    );
  });

  test('the whole panel is operated with the keyboard alone: every option reached with a visible focus, chosen with Space or Enter, Escape closes and returns the focus', async ({
    page,
    context,
  }) => {
    await asReturningVisitor(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/');
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          id: [...element.attributes]
            .filter((attribute) => /^data-(a11y|scheme|font-size|value)/.test(attribute.name))
            .map((attribute) => (attribute.value === 'true' || attribute.value === '' ? attribute.name : `${attribute.name}=${attribute.value}`))
            .join(' '),
          inPanel: element.closest('[data-a11y-panel]') !== null,
          outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
          pressed: element.getAttribute('aria-pressed'),
          group: element.closest('fieldset')?.querySelector('legend')?.textContent ?? null,
        };
      });
    // Tab from the top of the page to the panel's toggle.
    for (let step = 0; step < 20 && !(await focused()).id.includes('data-a11y-toggle'); step += 1) await page.keyboard.press('Tab');
    expect((await focused()).id).toContain('data-a11y-toggle');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-a11y-toggle]')).toHaveAttribute('aria-expanded', 'true');

    const choose = new Set([
      'data-a11y-option=letterSpacing data-value=wide',
      'data-a11y-option=lineHeight data-value=2',
      'data-a11y-option=fontFamily data-value=serif',
      'data-a11y-option=images data-value=hidden',
    ]);
    const seen: Array<{ id: string; group: string | null }> = [];
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      const state = await focused();
      if (!state.inPanel) break;
      expect(state.outline, `focus ring on ${state.id}`).toBe(true);
      seen.push({ id: state.id, group: state.group });
      if (choose.has(state.id)) {
        await page.keyboard.press(seen.length % 2 ? 'Space' : 'Enter');
        expect((await focused()).pressed, state.id).toBe('true');
      }
    }
    const ids = seen.map((entry) => entry.id);
    // Every group is reached, each control inside its fieldset with a legend; reset and close come last.
    for (const id of [
      ...choose,
      'data-scheme=black',
      'data-font-size=200',
      'data-a11y-option=letterSpacing data-value=wider',
      'data-a11y-option=images data-value=greyscale',
      'data-a11y-reset',
    ]) {
      expect(ids, ids.join(', ')).toContain(id);
    }
    expect(ids.at(-1)).toBe('data-a11y-close');
    for (const entry of seen.filter((item) => item.id.startsWith('data-a11y-option'))) expect(entry.group, entry.id).toBeTruthy();
    const root = page.locator('html');
    await expect(root).toHaveAttribute('data-letter-spacing', 'wide');
    await expect(root).toHaveAttribute('data-line-height', '2');
    await expect(root).toHaveAttribute('data-font-family', 'serif');
    await expect(root).toHaveAttribute('data-images', 'hidden');

    // Back past close to reset with Shift+Tab (the focus has just left the panel), then Escape from inside the panel.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.locator('[data-a11y-reset]')).toBeFocused();
    await page.keyboard.press('Enter');
    for (const attribute of ATTRIBUTES) await expect(root).not.toHaveAttribute(attribute, /.*/);
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-a11y-panel]')).toHaveCount(0);
    await expect(page.locator('[data-a11y-toggle]')).toBeFocused();
    await expect(page.locator('[data-a11y-toggle]')).toHaveAttribute('aria-expanded', 'false');
  });
});

/** Records what the page asks the browser's speech synthesis to do (the synthesis itself still runs). */
async function recordSpeech(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: Array<{ text: string; lang: string } | 'cancel'> = [];
    (window as unknown as { speechLog: typeof log }).speechLog = log;
    const synthesis = window.speechSynthesis;
    const speak = synthesis.speak.bind(synthesis);
    const cancel = synthesis.cancel.bind(synthesis);
    synthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      log.push({ text: utterance.text, lang: utterance.lang });
      speak(utterance);
    };
    synthesis.cancel = () => {
      log.push('cancel');
      cancel();
    };
  });
}

const speechLog = (page: Page) => page.evaluate(() => (window as unknown as { speechLog: Array<{ text: string; lang: string } | 'cancel'> }).speechLog);

/** Selects the text of the first paragraph of the page's content, as a visitor dragging over it would. */
const selectFirstParagraph = (page: Page) =>
  page.evaluate(() => {
    const paragraph = document.querySelector('main [data-section] p')!;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString().replace(/\s+/g, ' ').trim();
  });

test.describe('reading selected text aloud', () => {
  test('once on, a selection is read in the page language; the choice persists; reading stops on navigation', async ({ page, context }) => {
    await asReturningVisitor(context);
    await recordSpeech(context);
    await openHydrated(page, '/about');
    const panel = await openPanel(page);
    await expect(panel.locator('[data-a11y-group="speech"] legend')).toHaveText('Чтение выделенного текста вслух');
    const off = await selectFirstParagraph(page);
    await page.waitForTimeout(800);
    expect((await speechLog(page)).filter((entry) => entry !== 'cancel')).toEqual([]);
    expect(off.length).toBeGreaterThan(0);

    await panel.locator('[data-a11y-speech="on"]').click();
    await expect(panel.locator('[data-a11y-speech="on"]')).toHaveAttribute('aria-pressed', 'true');
    await page.evaluate(() => window.getSelection()!.removeAllRanges());
    const selected = await selectFirstParagraph(page);
    await expect.poll(async () => (await speechLog(page)).filter((entry) => entry !== 'cancel')).toEqual([{ text: selected, lang: 'ru-RU' }]);

    // Persisted: after a reload the option is still on and the English page reads in English.
    await openHydrated(page, '/en/about');
    expect(await page.evaluate(() => localStorage.getItem('speech'))).toBe('on');
    const english = await selectFirstParagraph(page);
    await expect.poll(async () => (await speechLog(page)).filter((entry) => entry !== 'cancel')).toEqual([{ text: english, lang: 'en-US' }]);
    const reopened = await openPanel(page);
    await expect(reopened.locator('[data-a11y-speech="on"]')).toHaveAttribute('aria-pressed', 'true');
    await expect(reopened.locator('[data-a11y-group="speech"] legend')).toHaveText('Reading selected text aloud');
    // "Stop reading" silences what is being read.
    const cancelsBeforeStop = (await speechLog(page)).filter((entry) => entry === 'cancel').length;
    await reopened.locator('[data-a11y-speech-stop]').click();
    expect((await speechLog(page)).filter((entry) => entry === 'cancel').length).toBe(cancelsBeforeStop + 1);

    // Going to another page in the site stops the reading.
    const cancelsBefore = (await speechLog(page)).filter((entry) => entry === 'cancel').length;
    await page.locator('[data-header] a[href$="/news"]').first().click();
    await expect(page).toHaveURL(/\/en\/news$/);
    await expect.poll(async () => (await speechLog(page)).filter((entry) => entry === 'cancel').length).toBeGreaterThan(cancelsBefore);

    // Turning it off: a selection is no longer read.
    const panelAgain = page.locator('[data-a11y-panel]');
    if (!(await panelAgain.isVisible())) await page.locator('[data-a11y-toggle]').click();
    await panelAgain.locator('[data-a11y-speech="off"]').click();
    const spokenBefore = (await speechLog(page)).filter((entry) => entry !== 'cancel').length;
    await selectFirstParagraph(page);
    await page.waitForTimeout(800);
    expect((await speechLog(page)).filter((entry) => entry !== 'cancel')).toHaveLength(spokenBefore);
    expect(await page.evaluate(() => localStorage.getItem('speech'))).toBeNull();
  });

  test('a browser without speech synthesis is not offered reading aloud', async ({ page, context }) => {
    await asReturningVisitor(context);
    await context.addInitScript(() => {
      Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: undefined });
    });
    await openHydrated(page, '/about');
    const panel = await openPanel(page);
    await expect(panel.locator('[data-a11y-group="letterSpacing"]')).toBeVisible();
    await expect(panel.locator('[data-a11y-group="speech"]')).toHaveCount(0);
  });
});

const AXE_STATES: Array<[string, string]> = [...SETTINGS.map((setting): [string, string] => [setting.name, setting.value]), ['speech', 'on']];

test.describe('axe-core: no serious or critical violation with each new setting on (panel open)', () => {
  // Every setting is checked once, on one of the two pages in turn: each page gets four of the eight.
  for (const [half, target] of [
    { name: 'home', path: '/' },
    { name: 'content page (news)', path: '/en/news' },
  ].entries()) {
    const states = AXE_STATES.filter((_state, index) => index % 2 === half);
    test(`${target.name}: ${states.map(([name, value]) => `${name}=${value}`).join(', ')}`, async ({ browser }) => {
      // Four settings in turn on one page, each checked by axe.
      test.setTimeout(120_000);
      const counts: string[] = [];
      const problems: string[] = [];
      // axe is injected as an inline script, which the site's Content-Security-Policy rightly refuses.
      const context = await browser.newContext({ bypassCSP: true });
      await asReturningVisitor(context);
      const page = await context.newPage();
      await openHydrated(page, target.path);
      const panel = await openPanel(page);
      for (const [name, value] of states) {
        // Each setting alone: reset takes the previous one back, as a visitor trying them one by one would.
        await panel.locator('[data-a11y-reset]').click();
        for (const attribute of ATTRIBUTES) await expect(page.locator('html')).not.toHaveAttribute(attribute, /.*/);
        const option = name === 'speech' ? panel.locator('[data-a11y-speech="on"]') : panel.locator(`[data-a11y-option="${name}"][data-value="${value}"]`);
        await option.click();
        await expect(option).toHaveAttribute('aria-pressed', 'true');
        if (name !== 'speech') await expect(page.locator('html')).toHaveAttribute(SETTINGS.find((setting) => setting.name === name)!.attribute, value);
        // Nothing hovered or focused, as on a page opened with the setting stored.
        await page.mouse.move(0, 0);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const { findings, total } = await seriousViolations(page);
        counts.push(`${name}=${value}: ${total}`);
        for (const finding of findings) {
          for (const node of finding.nodes)
            problems.push(`[${name}=${value}] ${finding.rule} (${finding.impact}) in ${node.owner}: ${node.target}: ${finding.help}`);
        }
      }
      await context.close();
      console.log(`axe serious+critical on ${target.name} (${target.path}): ${counts.join(', ')}`);
      expect(problems).toEqual([]);
    });
  }
});
