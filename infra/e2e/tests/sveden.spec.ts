import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { asReturningVisitor, openHydrated } from '../support/site';

/**
 * "Сведения об образовательной организации": the special section of the Requirements for the structure of an
 * educational organisation's official site and the format of its information, approved by Rosobrnadzor order
 * No. 1493 of 04.08.2023 (in force since 01.03.2024; it replaced order No. 831 of 14.08.2020). Point 3 of the
 * Requirements lists the subsections in this order; each sub-point names what the subsection holds, and the format
 * gives each item its `itemprop`.
 *
 * subsection → the order's point → the `itemprop` names the page must carry, each on an element with content.
 */
const REQUIRED: Array<{ id: string; point: string; title: string; itemprops: string[] }> = [
  {
    id: 'common',
    point: 'п. 3.1',
    title: 'Основные сведения',
    itemprops: [
      'fullName',
      'shortName',
      'regDate',
      'address',
      'workTime',
      'telephone',
      'email',
      'licenseDocLink',
      'uchredLaw',
      'nameUchred',
      'addressUchred',
      'telUchred',
      'mailUchred',
      'websiteUchred',
      'addressPlaceSet',
      'addressPlacePrac',
      'addressPlacePodg',
      'addressPlaceGia',
      'addressPlaceDop',
      'addressPlaceOppo',
      'filInfo',
      'nameFil',
      'repInfo',
      'nameRep',
    ],
  },
  {
    id: 'struct',
    point: 'п. 3.2',
    title: 'Структура и органы управления образовательной организацией',
    itemprops: ['structOrgUprav', 'name', 'fio', 'post', 'addressStr', 'site', 'email', 'divisionClauseDocLink'],
  },
  {
    id: 'document',
    point: 'п. 3.3',
    title: 'Документы',
    itemprops: [
      'ustavDocLink',
      'priemDocLink',
      'modeDocLink',
      'tekKontrolDocLink',
      'perevodDocLink',
      'vozDocLink',
      'localActStud',
      'localActOrder',
      'localActCollec',
      'reportEduDocLink',
      'prescriptionDocLink',
    ],
  },
  {
    id: 'education',
    point: 'п. 3.4',
    title: 'Образование',
    itemprops: [
      'accreditationDocLink',
      'eduAccred',
      'eduCode',
      'eduName',
      'eduLevel',
      'eduForm',
      'learningTerm',
      'dateEnd',
      'language',
      'eduPred',
      'eduPrac',
      'eduEl',
      'eduOp',
      'opMain',
      'educationPlan',
      'educationAnnotation',
      'educationShedule',
      'methodology',
      'eduPr',
      'eduChislen',
      'numberAll',
      'numberBF',
      'numberBR',
      'numberBM',
      'numberP',
      'eduPriem',
      'numberBFpriem',
      'numberBRpriem',
      'numberBMpriem',
      'numberPpriem',
      'score',
      'eduPerevod',
      'numberOut',
      'numberTo',
      'numberRes',
      'numberExp',
      'eduNir',
      'perechenNir',
      'resultNir',
      'baseNir',
      'graduateJob',
      'v1',
      't1',
    ],
  },
  {
    id: 'eduStandarts',
    point: 'п. 3.5',
    title: 'Образовательные стандарты и требования',
    itemprops: ['eduFedDoc', 'eduStandartDoc', 'eduFedTreb', 'eduStandartTreb'],
  },
  {
    id: 'managers',
    point: 'п. 3.6',
    title: 'Руководство',
    itemprops: ['rucovodstvo', 'rucovodstvoZam', 'rucovodstvoFil', 'nameFil', 'fio', 'post', 'telephone', 'email'],
  },
  {
    id: 'employees',
    point: 'п. 3.7',
    title: 'Педагогический состав',
    itemprops: [
      'teachingStaff',
      'fio',
      'post',
      'teachingDiscipline',
      'teachingLevel',
      'teachingQual',
      'employeeQualification',
      'degree',
      'academStat',
      'profDevelopment',
      'specExperience',
      'teachingOp',
    ],
  },
  {
    id: 'objects',
    point: 'п. 3.8',
    title: 'Материально-техническое обеспечение и оснащённость образовательного процесса. Доступная среда',
    itemprops: [
      'purposeCab',
      'addressCab',
      'nameCab',
      'osnCab',
      'ovzCab',
      'purposePrac',
      'addressPrac',
      'namePrac',
      'osnPrac',
      'ovzPrac',
      'purposeLibr',
      'purposeSport',
      'objName',
      'objAddress',
      'objSq',
      'objCnt',
      'objOvz',
      'purposeFacil',
      'purposeFacilOvz',
      'ovz',
      'comNet',
      'comNetOvz',
      'erList',
      'erListOvz',
      'techOvz',
      'hostelInfo',
      'hostelNum',
      'hostelNumRooms',
      'hostelNumOvz',
      'interInfo',
      'interNum',
      'interNumOvz',
    ],
  },
  { id: 'paid_edu', point: 'п. 3.9', title: 'Платные образовательные услуги', itemprops: ['paidEdu', 'paidDog', 'paidSt', 'paidParents'] },
  {
    id: 'budget',
    point: 'п. 3.10',
    title: 'Финансово-хозяйственная деятельность',
    itemprops: ['volume', 'finYear', 'finBFVolume', 'finBRVolume', 'finBMVolume', 'finPVolume', 'finRec', 'finPost', 'finRas', 'finPlanDocLink'],
  },
  {
    id: 'vacant',
    point: 'п. 3.11',
    title: 'Вакантные места для приёма (перевода) обучающихся',
    itemprops: ['vacant', 'eduCode', 'eduName', 'eduLevel', 'eduCourse', 'eduForm', 'numberBFVacant', 'numberBRVacant', 'numberBMVacant', 'numberPVacant'],
  },
  {
    id: 'grants',
    point: 'п. 3.12',
    title: 'Стипендии и меры поддержки обучающихся',
    itemprops: ['grant', 'support', 'hostelInfo', 'hostelNum', 'graduateJob'],
  },
  {
    id: 'inter',
    point: 'п. 3.13',
    title: 'Международное сотрудничество',
    itemprops: ['internationalDog', 'stateName', 'orgName', 'dogReg', 'internationalAccr'],
  },
  {
    id: 'catering',
    point: 'п. 3.14',
    title: 'Организация питания в образовательной организации',
    itemprops: ['meals', 'health', 'objName', 'objAddress', 'objOvz'],
  },
];

/** Every `itemprop` in the page's section with the text it carries (its own, or its link's address for documents). */
async function itemprops(page: Page): Promise<Record<string, string[]>> {
  return page.locator('[data-sveden]').evaluate((root) => {
    const found: Record<string, string[]> = {};
    for (const element of root.querySelectorAll('[itemprop]')) {
      const name = element.getAttribute('itemprop')!;
      (found[name] ??= []).push((element.textContent ?? '').trim() || element.getAttribute('href') || '');
    }
    return found;
  });
}

test.describe('"Сведения об образовательной организации" (Rosobrnadzor order No. 1493 of 04.08.2023)', () => {
  test('the footer’s "Сведения об организации" opens /sveden, which links all 14 subsections in the order’s order', async ({ page, context }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/news');
    await page.locator('[data-footer-info]').getByRole('link', { name: 'Сведения об организации' }).click();
    await expect(page).toHaveURL(/\/sveden$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сведения об образовательной организации');
    await expect(page.locator('[data-section="PageHero"]').getByRole('heading', { level: 2 })).toHaveText('Научно-технологический университет');
    const links = page.locator('[data-section="SvedenIndex"]').getByRole('link');
    await expect(links).toHaveText(REQUIRED.map((entry) => entry.title));
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(REQUIRED.map((entry) => `/sveden/${entry.id}`));
    await expect(page.locator('[data-section="SvedenIndex"]')).toContainText('приказом Рособрнадзора от 04.08.2023 № 1493');
  });

  for (const { id, point, title, itemprops: required } of REQUIRED) {
    test(`/sveden/${id} (${point}): every item the format requires carries its itemprop with content, in the server HTML too`, async ({ page, request }) => {
      // The server's HTML already carries the microdata (the regulator's crawler runs no scripts): parsed as an
      // HTML parser reads it, before any script of the page runs.
      const html = await (await request.get(`/sveden/${id}`)).text();
      const served = await page.evaluate(
        (markup) =>
          [...new DOMParser().parseFromString(markup, 'text/html').querySelectorAll('[data-sveden] [itemprop]')].map((element) =>
            element.getAttribute('itemprop'),
          ),
        html,
      );
      for (const name of required) expect(served, `${point}: itemprop="${name}" in the server HTML`).toContain(name);

      await openHydrated(page, `/sveden/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('heading', { level: 2, name: 'Сведения об образовательной организации' })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.()]/g, '\\$&')} \\|`));
      await expect(
        page.getByRole('navigation', { name: 'Подразделы сведений об образовательной организации' }).getByRole('link', { name: title, exact: true }),
      ).toHaveAttribute('aria-current', 'page');
      const found = await itemprops(page);
      for (const name of required) {
        expect(found[name]?.length ?? 0, `${point}: itemprop="${name}" on /sveden/${id}`).toBeGreaterThan(0);
        expect(
          found[name]!.every((value) => value !== ''),
          `${point}: itemprop="${name}" has content`,
        ).toBe(true);
      }
    });
  }

  test('the English version translates headings and labels under /en/sveden/{id} and keeps the same microdata', async ({ page }) => {
    await openHydrated(page, '/en/sveden/managers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Management');
    await expect(page.getByRole('heading', { level: 2, name: 'Information about the educational organisation' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Head of the organisation' })).toBeVisible();
    const found = await itemprops(page);
    for (const name of REQUIRED.find((entry) => entry.id === 'managers')!.itemprops)
      expect(found[name]?.length ?? 0, `en: itemprop="${name}"`).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Subsections of the information about the educational organisation' })
      .getByRole('link', { name: 'Documents' })
      .click();
    await expect(page).toHaveURL(/\/en\/sveden\/document$/);
    await expect(page.locator('[itemprop="ustavDocLink"]')).toHaveText('Charter of the university');
  });

  test('dates are machine-readable, and the documents the section links to open as PDFs', async ({ page, request }) => {
    await openHydrated(page, '/sveden/common');
    await expect(page.locator('time[itemprop="regDate"]')).toHaveAttribute('datetime', '1956-05-14');
    await openHydrated(page, '/sveden/document');
    const hrefs = await page.locator('[data-sveden] a[itemprop$="DocLink"]').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThanOrEqual(6);
    for (const href of hrefs) {
      const response = await request.get(href);
      expect([href, response.status(), response.headers()['content-type']]).toEqual([href, 200, 'application/pdf']);
      expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
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
