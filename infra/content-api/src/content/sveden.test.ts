import {
  PageResponseSchema,
  SVEDEN_ORDER,
  SVEDEN_SUBSECTIONS,
  SvedenIndexResponseSchema,
  SvedenSubsectionResponseSchema,
  validate,
  type SvedenBlock,
  type SvedenCell,
  type SvedenSubsection,
  type SvedenValue,
  type TSchemaLike,
} from '../test-support/contracts';
import { ENGINES, getJson, startTestApi, type TestApi } from '../test-support/test-api';

function expectContract(schema: TSchemaLike, body: unknown): void {
  const result = validate(schema, body);
  expect(result.ok ? [] : result.issues).toEqual([]);
}

/** The values of a field or cell: one, or several (one link per syllabus). */
const valuesOf = (cell: SvedenCell): SvedenValue[] => (Array.isArray(cell) ? cell : [cell]);

/** Every value of a block, wherever it sits. */
function blockValues(block: SvedenBlock): SvedenValue[] {
  return block.kind === 'fields' ? block.fields.flatMap((field) => valuesOf(field.value)) : block.rows.flat().flatMap(valuesOf);
}

/** Every `itemprop` a subsection carries: main tags of groups and rows, columns, fields and single values. */
function itempropsOf(subsection: SvedenSubsection): Set<string> {
  const names = new Set<string>();
  for (const block of subsection.blocks) {
    if (block.kind === 'fields') {
      if (block.itemprop) names.add(block.itemprop);
      for (const field of block.fields) if (field.itemprop) names.add(field.itemprop);
    } else {
      if (block.rowItemprop) names.add(block.rowItemprop);
      for (const column of block.columns) if (column.itemprop) names.add(column.itemprop);
    }
    for (const value of blockValues(block)) if (value.itemprop) names.add(value.itemprop);
  }
  return names;
}

/** The names of the main tags (`rowItemprop`) of a subsection's tables with the columns' names under each. */
function rowsOf(subsection: SvedenSubsection): Record<string, string[]> {
  const rows: Record<string, string[]> = {};
  for (const block of subsection.blocks) {
    if (block.kind === 'table' && block.rowItemprop) rows[block.rowItemprop] = block.columns.flatMap((column) => (column.itemprop ? [column.itemprop] : []));
  }
  return rows;
}

describe.each(ENGINES)('"Сведения об образовательной организации" on %s', (engine) => {
  let server: TestApi;
  beforeAll(async () => {
    server = await startTestApi(engine);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('the index lists the 14 subsections of order No. 1493 in its order, titled in each locale', async () => {
    const titles: Record<string, string[]> = {};
    for (const locale of ['ru', 'en']) {
      const { status, body } = await getJson<{ data: { order: string; items: { id: string; title: string }[] } }>(server, `/${locale}/sveden`);
      expect(status).toBe(200);
      expectContract(SvedenIndexResponseSchema, body);
      expect(body.data.order).toBe(SVEDEN_ORDER);
      expect(body.data.items.map((item) => item.id)).toEqual([...SVEDEN_SUBSECTIONS]);
      titles[locale] = body.data.items.map((item) => item.title);
    }
    expect(titles.ru?.[0]).toBe('Основные сведения');
    expect(titles.ru?.[13]).toBe('Организация питания в образовательной организации');
    expect(titles.en?.[0]).toBe('General information');
  });

  test('each subsection answers with its blocks, and every link value is a document, a site, a phone or an address', async () => {
    for (const locale of ['ru', 'en']) {
      for (const id of SVEDEN_SUBSECTIONS) {
        const { status, body } = await getJson<{ data: SvedenSubsection }>(server, `/${locale}/sveden/${id}`);
        expect([id, status]).toEqual([id, 200]);
        expectContract(SvedenSubsectionResponseSchema, body);
        expect(body.data.id).toBe(id);
        expect(body.data.blocks.length).toBeGreaterThan(0);
        for (const block of body.data.blocks) {
          if (block.kind === 'table') for (const row of block.rows) expect(row).toHaveLength(block.columns.length);
          for (const value of blockValues(block)) {
            expect(value.text).not.toBe('');
            if (value.href) expect(value.href).toMatch(/^(\/media\/documents\/[a-z0-9-]+\.pdf|https:\/\/|mailto:|tel:\+)/);
          }
        }
      }
    }
  });

  test('the items carry the microdata names of the order’s format, the same in both locales', async () => {
    const { body: common } = await getJson<{ data: SvedenSubsection }>(server, '/ru/sveden/common');
    expect([...itempropsOf(common.data)]).toEqual(
      expect.arrayContaining([
        'fullName',
        'shortName',
        'regDate',
        'address',
        'workTime',
        'telephone',
        'email',
        'uchredLaw',
        'nameUchred',
        'addressPlaceSet',
        'licenseDocLink',
      ]),
    );
    const { body: managers } = await getJson<{ data: SvedenSubsection }>(server, '/en/sveden/managers');
    expect([...itempropsOf(managers.data)]).toEqual(expect.arrayContaining(['rucovodstvo', 'rucovodstvoZam', 'fio', 'post', 'telephone', 'email']));
    for (const id of SVEDEN_SUBSECTIONS) {
      const { body: ru } = await getJson<{ data: SvedenSubsection }>(server, `/ru/sveden/${id}`);
      const { body: en } = await getJson<{ data: SvedenSubsection }>(server, `/en/sveden/${id}`);
      expect([id, [...itempropsOf(en.data)].sort()]).toEqual([id, [...itempropsOf(ru.data)].sort()]);
    }
    const { body: regDate } = await getJson<{ data: SvedenSubsection }>(server, '/ru/sveden/common');
    const fields = regDate.data.blocks.flatMap((block) => (block.kind === 'fields' ? block.fields : []));
    expect(fields.find((field) => field.itemprop === 'regDate')?.value).toEqual({ text: '14.05.1956', datetime: '1956-05-14' });
  });

  test('names from the repealed format are gone, and the items sit in the subsections and main tags of the recommendations', async () => {
    const all: Record<string, SvedenSubsection> = {};
    for (const id of SVEDEN_SUBSECTIONS) all[id] = (await getJson<{ data: SvedenSubsection }>(server, `/ru/sveden/${id}`)).body.data;
    const every = new Set(SVEDEN_SUBSECTIONS.flatMap((id) => [...itempropsOf(all[id]!)]));
    for (const repealed of [
      'teachingQual',
      'employeeQualification',
      'eduChislen',
      'numberAll',
      'eduPriem',
      'eduPerevod',
      'finRec',
      'internationalAccr',
      'hostelNumRooms',
      'objSq',
      'educationAnnotation',
      'workTimeFil',
      'telephoneFil',
      'language',
      'dateEnd',
      'eduEl',
    ]) {
      expect([repealed, every.has(repealed)]).toEqual([repealed, false]);
    }
    // Branches and representative offices belong to "Структура и органы управления" (table 3.3.1).
    expect(rowsOf(all.struct!)).toMatchObject({
      structOrgUprav: ['name', 'fio', 'post', 'addressStr', 'site', 'email', 'divisionClauseDocLink'],
      filInfo: ['nameFil', 'fioFil', 'postFil', 'addressFil', 'emailFil', 'websiteFil', 'divisionClauseDocLink'],
      repInfo: ['nameRep', 'fioRep', 'postRep', 'addressRep', 'emailRep', 'websiteRep', 'divisionClauseDocLink'],
    });
    expect([...itempropsOf(all.common!)].filter((name) => /Fil$|Rep$|^filInfo$|^repInfo$/.test(name))).toEqual([]);
    // Since order No. 1353 (from 01.03.2026) accreditation is shown under "Образование".
    expect(itempropsOf(all.common!).has('accreditationDocLink')).toBe(false);
    expect(itempropsOf(all.education!).has('accreditationDocLink')).toBe(true);
    expect(rowsOf(all.education!)).toMatchObject({
      eduAccred: ['eduCode', 'eduName', 'eduProf', 'eduLevel', 'eduForm', 'learningTerm', 'eduPred', 'eduPrac'],
      eduOp: ['eduCode', 'eduName', 'eduLevel', 'eduProf', 'eduForm', 'opMain', 'educationPlan', 'educationRpd', 'educationShedule', 'eduPr', 'methodology'],
      eduNir: expect.arrayContaining(['eduCode', 'eduName', 'perechenNir', 'eduProf', 'eduLevel', 'resultNir', 'baseNir']),
      graduateJob: ['eduCode', 'eduName', 'eduProf', 'v1', 't1'],
    });
    expect(rowsOf(all.budget!)).toEqual({ volume: ['finYear', 'finPost', 'finRas'] });
    expect(rowsOf(all.vacant!).vacant).toContain('eduProf');
    // Hostels and health are single values, not row containers.
    for (const id of ['objects', 'grants', 'catering'] as const) {
      expect(Object.keys(rowsOf(all[id]!)).filter((name) => ['hostelInfo', 'interInfo', 'health'].includes(name))).toEqual([]);
    }
    const hostel = all.objects!.blocks.flatMap(blockValues).filter((value) => value.itemprop);
    expect(hostel.map((value) => [value.itemprop, value.text])).toEqual([
      ['hostelInfo', '4'],
      ['interInfo', '0'],
      ['hostelNum', '2350'],
      ['interNum', '0'],
      ['hostelNumOvz', '24'],
      ['interNumOvz', '0'],
    ]);
    // The documents' names match their content: students' internal rules, labour rules, collective agreement.
    const documentFields = Object.fromEntries(
      all.document!.blocks.flatMap((block) => (block.kind === 'fields' ? block.fields : [])).map((field) => [field.itemprop, valuesOf(field.value)[0]!.text]),
    );
    expect(documentFields).toMatchObject({
      localActStud: 'Правила внутреннего распорядка обучающихся',
      localActOrder: 'Правила внутреннего трудового распорядка',
      localActCollec: 'Коллективный договор',
    });
    const staffColumns = (all.employees!.blocks[0] as { columns: { label: string; itemprop?: string }[] }).columns;
    expect(staffColumns.find((column) => column.itemprop === 'qualification')?.label).toMatch(/повышении квалификации/);
    expect(staffColumns.find((column) => column.itemprop === 'profDevelopment')?.label).toMatch(/переподготовке/);
  });

  test('the postal address on "Основные сведения" is the one the settings give search engines', async () => {
    for (const locale of ['ru', 'en']) {
      const { body: init } = await getJson<{ data: { settings: { organization: { address: Record<string, string> } } } }>(server, `/${locale}/init`);
      const { body: common } = await getJson<{ data: SvedenSubsection }>(server, `/${locale}/sveden/common`);
      const address = common.data.blocks.flatMap((block) => (block.kind === 'fields' ? block.fields : [])).find((field) => field.itemprop === 'address');
      const { postalCode, addressLocality, streetAddress } = init.data.settings.organization.address;
      expect(valuesOf(address!.value)[0]!.text).toBe(`${postalCode}, г. ${addressLocality}, ${streetAddress}`);
    }
  });

  test('an unknown subsection or locale is a 404 with the API’s error shape', async () => {
    for (const path of ['/ru/sveden/unknown', '/ru/sveden/Common', '/de/sveden', '/de/sveden/common', `/ru/sveden/${'x'.repeat(40)}`]) {
      const { status, body } = await getJson<{ statusCode: number; message: string }>(server, path);
      expect([path, status]).toEqual([path, 404]);
      expect(body.statusCode).toBe(404);
    }
  });

  test('the section’s pages exist under their fixed mixed-case addresses and name its sections', async () => {
    for (const locale of ['ru', 'en']) {
      const { status, body } = await getJson<{ data: { components: { name: string; props: Record<string, unknown> }[] } }>(server, `/${locale}/pages/sveden`);
      expect(status).toBe(200);
      expectContract(PageResponseSchema, body);
      expect(body.data.components.map((component) => component.name)).toEqual(['PageHero', 'SvedenIndex']);
      for (const id of SVEDEN_SUBSECTIONS) {
        const page = await getJson<{ data: { slug: string; components: { name: string; props: Record<string, unknown> }[] } }>(
          server,
          `/${locale}/pages/sveden/${id}`,
        );
        expect([id, page.status]).toEqual([id, 200]);
        expect(page.body.data.slug).toBe(`sveden/${id}`);
        expect(page.body.data.components[1]).toMatchObject({ name: 'SvedenSection', props: { subsection: id } });
      }
    }
    // Only the order's own mixed-case addresses are page slugs; other mixed-case paths stay unknown.
    for (const path of ['/ru/pages/sveden/edustandarts', '/ru/pages/Sveden/common', '/ru/pages/sveden/common/extra', '/ru/pages/news_feed']) {
      expect([path, (await getJson(server, path)).status]).toEqual([path, 404]);
    }
  });

  test('the footer’s "Сведения об организации" leads to /sveden in both locales', async () => {
    for (const locale of ['ru', 'en']) {
      const { body } = await getJson<{ data: { footer: { info: { label: string; href: string }[] } } }>(server, `/${locale}/init`);
      expect(body.data.footer.info[0]).toMatchObject({ href: '/sveden', label: locale === 'ru' ? 'Сведения об организации' : 'About the institution' });
    }
  });

  test('every linked document is a PDF the API serves; other names are 404', async () => {
    const linked = new Set<string>();
    for (const id of SVEDEN_SUBSECTIONS) {
      const { body } = await getJson<{ data: SvedenSubsection }>(server, `/ru/sveden/${id}`);
      for (const block of body.data.blocks) for (const value of blockValues(block)) if (value.href?.startsWith('/media/documents/')) linked.add(value.href);
    }
    expect(linked.size).toBeGreaterThanOrEqual(100);
    for (const href of linked) {
      const response = await fetch(`${server.baseUrl}${href}`);
      expect([href, response.status, response.headers.get('content-type')]).toEqual([href, 200, 'application/pdf']);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = bytes.toString('latin1');
      // The cross-reference table points at the objects' real offsets, so readers need no repair.
      const xrefAt = Number(/startxref\n(\d+)/.exec(text)?.[1]);
      expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
      const firstObject = Number(/xref\n0 \d+\n0000000000 65535 f \n(\d{10})/.exec(text)?.[1]);
      expect(text.slice(firstObject, firstObject + 7)).toBe('1 0 obj');
    }
    // The numbers of students (an electronic document of "Образование") include foreign citizens.
    const students = Buffer.from(await (await fetch(`${server.baseUrl}/media/documents/students-number.pdf`)).arrayBuffer()).toString('latin1');
    expect(students).toContain('Foreign citizens');
    expect(students).toMatch(/\(09\.03\.04 \| Software Engineering \| Bachelor's \| full-time \| \d+ \| \d+ \| \d+ \| \d+ \| \d+\)/);
    expect((await fetch(`${server.baseUrl}/media/documents/missing.pdf`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/media/documents/constructor.pdf`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/media/documents/..%2Fustav.pdf`)).status).toBe(404);
  });
});
