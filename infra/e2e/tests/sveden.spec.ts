import { expect, test } from '@playwright/test';
import reference from '../fixtures/sveden/reference.json';
import { seriousViolations } from '../support/axe';
import { asReturningVisitor, openHydrated } from '../support/site';

/**
 * "Сведения об образовательной организации" (пп. 7–20 of the Requirements approved by Rosobrnadzor order No. 1493 of
 * 04.08.2023, as amended by order No. 1353 of 03.07.2025), checked the way Rosobrnadzor's checker reads it: section 5
 * of its methodological recommendations (version 9.0.0). The reference table, `fixtures/sveden/reference.json`, names
 * for each subsection every item of the recommendations' table 3.x.1 (with its row number) and, for a main tag
 * ("Главный тег"), the items that count only inside it.
 */
interface ReferenceItem {
  no: string;
  itemprop: string;
  children?: { no: string; itemprop: string }[];
}
interface ReferenceSubsection {
  id: string;
  title: string;
  order: string;
  table: string;
  items: ReferenceItem[];
}
const SUBSECTIONS: ReferenceSubsection[] = reference.subsections;

/** What the checker counted on a page: root items by name, and child items by their main tag and name. */
interface Counted {
  roots: Record<string, number>;
  children: Record<string, Record<string, number>>;
  /** Every name inside the section's region, to find names outside the vocabulary. */
  names: string[];
}

/**
 * Section 5 of the recommendations, run in the page: every tag with an `itemprop` in one list (step 2); for a tag whose
 * name is a child of main tags, the nearest enclosing tagged element with one of those names is its parent, however
 * deep it is (steps 3 and 4.1.1); a tag without such an ancestor counts as a root (4.2.1), never as the child (4.2.2).
 * A tag counts only when it carries information: text, or a link's address.
 */
function countMicrodata(parentsOf: Record<string, string[]>): Counted {
  const roots: Record<string, number> = {};
  const children: Record<string, Record<string, number>> = {};
  const tagged = [...document.querySelectorAll('[itemprop]')];
  for (const element of tagged) {
    const name = element.getAttribute('itemprop')!;
    const wanted = parentsOf[name] ?? [];
    let parent: string | null = null;
    for (let up = element.parentElement?.closest('[itemprop]'); up && wanted.length > 0; up = up.parentElement?.closest('[itemprop]')) {
      const signature = up.getAttribute('itemprop')!;
      if (wanted.includes(signature)) {
        parent = signature;
        break;
      }
    }
    if ((element.textContent ?? '').trim() === '' && !element.getAttribute('href')) continue;
    if (parent) {
      const under = (children[parent] ??= {});
      under[name] = (under[name] ?? 0) + 1;
    } else roots[name] = (roots[name] ?? 0) + 1;
  }
  const names = tagged.filter((element) => element.closest('[data-sveden]')).map((element) => element.getAttribute('itemprop')!);
  return { roots, children, names };
}

/** For each child name of a subsection, the main tags it belongs under. */
function parentsOf(subsection: ReferenceSubsection): Record<string, string[]> {
  const parents: Record<string, string[]> = {};
  for (const item of subsection.items) for (const child of item.children ?? []) (parents[child.itemprop] ??= []).push(item.itemprop);
  return parents;
}

/** Step 5: every item of the reference found where it must be; the missing ones, cited by table and row. */
function missingItems(subsection: ReferenceSubsection, counted: Counted): { checked: number; missing: string[] } {
  const missing: string[] = [];
  let checked = 0;
  const cite = (no: string, name: string) => `${no.includes(' ') ? no : `${subsection.table} № ${no}`} itemprop="${name}"`;
  for (const item of subsection.items) {
    checked += 1;
    if (!counted.roots[item.itemprop]) missing.push(cite(item.no, item.itemprop));
    for (const child of item.children ?? []) {
      checked += 1;
      if (!counted.children[item.itemprop]?.[child.itemprop]) missing.push(`${cite(child.no, child.itemprop)} inside itemprop="${item.itemprop}"`);
    }
  }
  return { checked, missing };
}

/** The names the reference allows on a subsection's page. */
const vocabularyOf = (subsection: ReferenceSubsection) =>
  new Set(subsection.items.flatMap((item) => [item.itemprop, ...(item.children ?? []).map((child) => child.itemprop)]));

test.describe('"Сведения об образовательной организации" (Rosobrnadzor order No. 1493 of 04.08.2023 as amended by order No. 1353)', () => {
  test('the footer’s "Сведения об организации" opens /sveden, which links all 14 subsections in the order’s order', async ({ page, context }) => {
    await asReturningVisitor(context);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') warnings.push(message.text());
    });
    await openHydrated(page, '/news');
    await page.locator('[data-footer-info]').getByRole('link', { name: 'Сведения об организации' }).click();
    await expect(page).toHaveURL(/\/sveden$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сведения об образовательной организации');
    await expect(page.locator('[data-section="PageHero"]').getByRole('heading', { level: 2 })).toHaveText('Научно-технологический университет');
    const links = page.locator('[data-section="SvedenIndex"]').getByRole('link');
    await expect(links).toHaveText(SUBSECTIONS.map((entry) => entry.title));
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(
      SUBSECTIONS.map((entry) => `/sveden/${entry.id}`),
    );
    await expect(page.locator('[data-section="SvedenIndex"]')).toContainText(
      'приказом Рособрнадзора от 04.08.2023 № 1493 (в редакции приказа от 03.07.2025 № 1353)',
    );
    // A subsection rendered in the browser by a client navigation: the lower-case microdata costs no warning.
    await page.locator('[data-section="SvedenIndex"]').getByRole('link', { name: 'Руководство' }).click();
    await expect(page.locator('[data-sveden="managers"] tr[itemprop="rucovodstvo"] [itemprop="fio"]')).toHaveCount(1);
    expect(warnings.filter((text) => /itemprop|hydrat/i.test(text))).toEqual([]);
  });

  test('the checker of section 5 counts a child only inside its main tag (the recommendations’ own examples)', async ({ page }) => {
    await page.setContent(`<div itemprop="uchredLaw"><div class="for-design"><span itemprop="nameUchred">Учредитель</span></div></div>
      <div itemprop="uchredLaw">Текст</div><span itemprop="addressUchred">Адрес</span><span itemprop="telUchred"></span>`);
    const counted = await page.evaluate(countMicrodata, { nameUchred: ['uchredLaw'], addressUchred: ['uchredLaw'], telUchred: ['uchredLaw'] });
    expect(counted.roots).toEqual({ uchredLaw: 2, addressUchred: 1 });
    expect(counted.children).toEqual({ uchredLaw: { nameUchred: 1 } });
    const common = SUBSECTIONS[0]!;
    expect(missingItems(common, counted).missing).toContain('3.2.1 № 5.2 itemprop="addressUchred" inside itemprop="uchredLaw"');
    expect(missingItems(common, counted).missing).not.toContain('3.2.1 № 5.1 itemprop="nameUchred" inside itemprop="uchredLaw"');
  });

  test('every subsection’s server HTML carries every item of the recommendations’ tables inside its main tag, `itemprop` in lower case', async ({
    browser,
  }) => {
    // The regulator's checker runs no scripts: the page as the server sent it, read by a browser with scripts off.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    let checked = 0;
    const problems: string[] = [];
    for (const subsection of SUBSECTIONS) {
      const response = await page.goto(`/sveden/${subsection.id}`);
      expect([subsection.id, response?.status()]).toEqual([subsection.id, 200]);
      const html = await response!.text();
      expect(html, `${subsection.id}: microdata written in lower case`).toContain(' itemprop="');
      expect(html, `${subsection.id}: no camel-case itemProp`).not.toContain('itemProp=');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(subsection.title);
      const counted = await page.evaluate(countMicrodata, parentsOf(subsection));
      const result = missingItems(subsection, counted);
      checked += result.checked;
      problems.push(...result.missing.map((entry) => `/sveden/${subsection.id} (${subsection.order}): missing ${entry}`));
      const vocabulary = vocabularyOf(subsection);
      problems.push(
        ...[...new Set(counted.names.filter((name) => !vocabulary.has(name)))].map(
          (name) => `/sveden/${subsection.id}: itemprop="${name}" is not in table ${subsection.table}`,
        ),
      );
    }
    await context.close();
    console.log(`sveden conformance: ${checked} items checked in ${SUBSECTIONS.length} subsections, ${problems.length} problems`);
    expect(problems).toEqual([]);
    expect(checked).toBe(
      SUBSECTIONS.reduce((sum, subsection) => sum + subsection.items.reduce((count, item) => count + 1 + (item.children?.length ?? 0), 0), 0),
    );
  });

  test('the postal address in the structured data is the one "Основные сведения" shows', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    const graphs = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((match) => {
      const parsed = JSON.parse(match[1]!) as Record<string, unknown> | Record<string, unknown>[];
      const list = Array.isArray(parsed) ? parsed : [parsed];
      return list.flatMap((entry) => (Array.isArray(entry['@graph']) ? (entry['@graph'] as Record<string, unknown>[]) : [entry]));
    });
    const university = graphs.find((entry) => entry['@type'] === 'CollegeOrUniversity');
    const address = university?.address as Record<string, string> | undefined;
    expect(address).toMatchObject({ '@type': 'PostalAddress', addressCountry: 'RU' });
    await page.goto('/sveden/common');
    const shown = (await page.locator('[data-sveden] [itemprop="address"]').textContent())?.trim();
    const town = `г. ${address!.addressLocality}`;
    const region = address!.addressRegion && address!.addressRegion !== address!.addressLocality ? [address!.addressRegion] : [];
    expect(shown).toBe([address!.postalCode, ...region, town, address!.streetAddress].join(', '));
  });

  test('the English version translates the titles under /en/sveden/{id} and keeps the Russian items, marked as Russian, with the same microdata', async ({
    page,
  }) => {
    await openHydrated(page, '/en/sveden/managers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Management');
    await expect(page.getByRole('heading', { level: 2, name: 'Information about the educational organisation' })).toBeVisible();
    await expect(page.locator('[data-sveden]')).toContainText('This information is published in Russian, the language of the law that requires it.');
    await expect(page.locator('[data-sveden] [lang="ru"]').getByRole('heading', { name: 'Руководитель образовательной организации' })).toBeVisible();
    const counted = await page.evaluate(countMicrodata, parentsOf(SUBSECTIONS.find((entry) => entry.id === 'managers')!));
    expect(
      missingItems(
        SUBSECTIONS.find((entry) => entry.id === 'managers')!,
        counted,
      ).missing,
    ).toEqual([]);
    await page
      .getByRole('navigation', { name: 'Subsections of the information about the educational organisation' })
      .getByRole('link', { name: 'Documents' })
      .click();
    await expect(page).toHaveURL(/\/en\/sveden\/document$/);
    await expect(page.locator('[itemprop="ustavDocLink"]')).toHaveText('Устав университета');
  });

  test('dates are machine-readable, and the documents the section links to open as PDFs', async ({ page, request }) => {
    await openHydrated(page, '/sveden/common');
    await expect(page.locator('time[itemprop="regDate"]')).toHaveAttribute('datetime', '1956-05-14');
    await openHydrated(page, '/sveden/document');
    const hrefs = await page.locator('[data-sveden] a[itemprop]').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThanOrEqual(10);
    await openHydrated(page, '/sveden/education');
    for (const name of ['languageEl', 'eduChislenEl', 'eduPriemEl', 'eduPerevodEl']) {
      hrefs.push((await page.locator(`[data-sveden] a[itemprop="${name}"]`).getAttribute('href'))!);
    }
    for (const href of hrefs) {
      const response = await request.get(href);
      expect([href, response.status(), response.headers()['content-type']]).toEqual([href, 200, 'application/pdf']);
      expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  test('on a phone a staff table keeps its words whole and scrolls sideways inside its own region, not the page', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    await asReturningVisitor(context);
    const page = await context.newPage();
    await openHydrated(page, '/sveden/employees');
    const region = page.locator('[role="region"]:has(> table)').first();
    await region.scrollIntoViewIfNeeded();
    // Each word of the first rows' cells sits on one line (a word broken across lines has a box on each).
    const broken = await region.evaluate((element) => {
      const found: string[] = [];
      for (const cell of [...element.querySelectorAll('th, td')].slice(0, 30)) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/[^\s]+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
            if (lines.size > 1) found.push(match[0]);
          }
        }
      }
      return found;
    });
    expect(broken).toEqual([]);
    const widths = await region.evaluate((element) => ({
      region: element.clientWidth,
      table: element.scrollWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(widths.table).toBeGreaterThan(widths.region);
    expect(widths.page).toBeLessThanOrEqual(412);
    await context.close();
  });

  test('the subsections with the widest tables pass axe with no serious or critical violation', async ({ browser }) => {
    // axe is injected as a script of its own, which the site's Content-Security-Policy would block.
    const context = await browser.newContext({ bypassCSP: true });
    await asReturningVisitor(context);
    const page = await context.newPage();
    for (const id of ['common', 'education', 'employees']) {
      await openHydrated(page, `/sveden/${id}`);
      const { findings } = await seriousViolations(page);
      expect([id, findings]).toEqual([id, []]);
    }
    await context.close();
  });
});
