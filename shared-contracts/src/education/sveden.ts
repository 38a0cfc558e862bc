import { Type, type Static } from '@sinclair/typebox';

/**
 * "Сведения об образовательной организации": the special section every Russian educational organisation's site
 * must have. Its structure is set by the Requirements approved by Rosobrnadzor order No. 1493 of 04.08.2023 (in force
 * from 1 September 2024 until 1 March 2028): п. 6 names the subsections, пп. 7–20 what each holds, п. 27 requires
 * HTML markup. Order No. 1353 of 03.07.2025 amends it from 1 March 2026 (accreditation moves from "Основные
 * сведения" to "Образование"; п. 21, the version for the visually impaired, is repealed). The markup's vocabulary
 * (`itemprop` names and their main tags) is the one of Rosobrnadzor's methodological recommendations, version 9.0.0,
 * tables 3.1–3.15.1. The subsections, in the order's order, with their URL segments (`/sveden/{id}`, table 3.1).
 */
export const SVEDEN_ORDER = 'Приказ Рособрнадзора от 04.08.2023 № 1493 (в редакции приказа от 03.07.2025 № 1353)';
export const SVEDEN_SUBSECTIONS = [
  'common',
  'struct',
  'document',
  'education',
  'eduStandarts',
  'managers',
  'employees',
  'objects',
  'paid_edu',
  'budget',
  'vacant',
  'grants',
  'inter',
  'catering',
] as const;
export type SvedenSubsectionId = (typeof SVEDEN_SUBSECTIONS)[number];

/**
 * Every `itemprop` name the recommendations' tables 3.2.1–3.15.1 (and their templates) use; no other name may appear
 * in the section, so a name from a repealed format is refused when the content is written or read.
 */
export const SVEDEN_ITEMPROPS = [
  // 3.2.1 "Основные сведения"
  'fullName',
  'shortName',
  'regDate',
  'uchredLaw',
  'nameUchred',
  'addressUchred',
  'telUchred',
  'mailUchred',
  'websiteUchred',
  'address',
  'workTime',
  'telephone',
  'email',
  'licenseDocLink',
  'accreditationDocLink',
  'addressPlaceSet',
  'addressPlacePrac',
  'addressPlacePodg',
  'addressPlaceGia',
  'addressPlaceDop',
  'addressPlaceOppo',
  // 3.3.1 "Структура и органы управления"
  'structOrgUprav',
  'name',
  'fio',
  'post',
  'addressStr',
  'site',
  'divisionClauseDocLink',
  'filInfo',
  'nameFil',
  'fioFil',
  'postFil',
  'addressFil',
  'emailFil',
  'websiteFil',
  'repInfo',
  'nameRep',
  'fioRep',
  'postRep',
  'addressRep',
  'emailRep',
  'websiteRep',
  // 3.4.1 "Документы"
  'ustavDocLink',
  'localActStud',
  'localActOrder',
  'localActCollec',
  'reportEduDocLink',
  'prescriptionDocLink',
  'priemDocLink',
  'modeDocLink',
  'tekKontrolDocLink',
  'perevodDocLink',
  'vozDocLink',
  // 3.5.1 "Образование"
  'eduAccred',
  'eduCode',
  'eduName',
  'eduProf',
  'eduLevel',
  'eduForm',
  'learningTerm',
  'eduPred',
  'eduPrac',
  'languageEl',
  'eduChislenEl',
  'eduPriemEl',
  'eduPerevodEl',
  'eduOp',
  'opMain',
  'educationPlan',
  'educationRpd',
  'educationShedule',
  'eduPr',
  'methodology',
  'eduNir',
  'perechenNir',
  'napravNir',
  'resultNir',
  'baseNir',
  'graduateJob',
  'v1',
  't1',
  // 3.6.1 "Образовательные стандарты и требования"
  'eduFedDoc',
  'eduStandartDoc',
  'eduFedTreb',
  'eduStandartTreb',
  // 3.7.1 "Руководство"
  'rucovodstvo',
  'rucovodstvoZam',
  'rucovodstvoFil',
  // 3.8.1 "Педагогический состав"
  'teachingStaff',
  'teachingDiscipline',
  'teachingLevel',
  'degree',
  'academStat',
  'qualification',
  'profDevelopment',
  'specExperience',
  'teachingOp',
  // 3.9.1 "Материально-техническое обеспечение и оснащённость образовательного процесса. Доступная среда"
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
  'objOvz',
  'ovz',
  'purposeFacil',
  'purposeFacilOvz',
  'comNet',
  'comNetOvz',
  'erList',
  'erListOvz',
  'techOvz',
  'hostelInfo',
  'interInfo',
  'hostelNum',
  'hostelNumOvz',
  'interNum',
  'interNumOvz',
  'hostelInterOvz',
  'localActObSt',
  // 3.10.1 "Стипендии и меры поддержки обучающихся"
  'grant',
  'support',
  // 3.11.1 "Платные образовательные услуги"
  'paidEdu',
  'paidDog',
  'paidSt',
  'paidParents',
  // 3.12.1 "Финансово-хозяйственная деятельность"
  'finBFVolume',
  'finBRVolume',
  'finBMVolume',
  'finPVolume',
  'volume',
  'finYear',
  'finPost',
  'finRas',
  'finPlanDocLink',
  // 3.13.1 "Вакантные места для приёма (перевода) обучающихся"
  'vacant',
  'eduCourse',
  'numberBFVacant',
  'numberBRVacant',
  'numberBMVacant',
  'numberPVacant',
  // 3.14.1 "Международное сотрудничество"
  'internationalDog',
  'stateName',
  'orgName',
  'dogReg',
  // 3.15.1 "Организация питания в образовательной организации"
  'meals',
  'health',
] as const;
export type SvedenItemprop = (typeof SVEDEN_ITEMPROPS)[number];

/**
 * An `itemprop` of the recommendations' vocabulary: a string schema with one anchored alternation, not a union of
 * literals, since the response serializer tries every member of a union on every value (a subsection has thousands).
 */
const ItemProp = Type.Unsafe<SvedenItemprop>({ ...Type.String({ pattern: `^(${SVEDEN_ITEMPROPS.join('|')})$` }) });

/**
 * One value: text, optionally a link (a document, a site, `tel:`/`mailto:`) and, for dates, the ISO date the page puts
 * in `<time datetime>`. `itemprop` names this value alone when the item is per cell (the hostel table of table 3.9.4
 * has a different item in each cell) and overrides its column's.
 */
export const SvedenValueSchema = Type.Object({
  text: Type.String({ minLength: 1 }),
  href: Type.Optional(Type.String()),
  datetime: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  itemprop: Type.Optional(ItemProp),
});
export type SvedenValue = Static<typeof SvedenValueSchema>;

/** What one field or table cell holds: a value, or several (e.g. one link per course syllabus, each `educationRpd`). */
export const SvedenCellSchema = Type.Union([SvedenValueSchema, Type.Array(SvedenValueSchema, { minItems: 1 })]);
export type SvedenCell = Static<typeof SvedenCellSchema>;

/** A labelled value carrying its item's `itemprop` (none for a value the recommendations name no item for). */
export const SvedenFieldSchema = Type.Object({
  label: Type.String(),
  itemprop: Type.Optional(ItemProp),
  value: SvedenCellSchema,
});
export type SvedenField = Static<typeof SvedenFieldSchema>;

/**
 * The blocks a subsection is made of. `fields`: labelled values, optionally inside one main tag (`itemprop` on the
 * group, e.g. `uchredLaw` around `nameUchred`…). `table`: one row per item; `rowItemprop` is the main tag each row
 * carries (e.g. `teachingStaff`), each column's `itemprop` goes on the values in its cells (e.g. `fio`).
 */
export const SvedenFieldsBlockSchema = Type.Object({
  kind: Type.Literal('fields'),
  title: Type.Optional(Type.String()),
  itemprop: Type.Optional(ItemProp),
  fields: Type.Array(SvedenFieldSchema),
});
export const SvedenTableBlockSchema = Type.Object({
  kind: Type.Literal('table'),
  title: Type.String(),
  rowItemprop: Type.Optional(ItemProp),
  columns: Type.Array(Type.Object({ label: Type.String(), itemprop: Type.Optional(ItemProp) }), { minItems: 1 }),
  rows: Type.Array(Type.Array(SvedenCellSchema)),
});
export const SvedenBlockSchema = Type.Union([SvedenFieldsBlockSchema, SvedenTableBlockSchema]);
export type SvedenBlock = Static<typeof SvedenBlockSchema>;
export type SvedenTableBlock = Static<typeof SvedenTableBlockSchema>;
export type SvedenFieldsBlock = Static<typeof SvedenFieldsBlockSchema>;

export const SvedenSubsectionIdSchema = Type.Union(SVEDEN_SUBSECTIONS.map((id) => Type.Literal(id)));

export const SvedenSubsectionSchema = Type.Object({
  id: SvedenSubsectionIdSchema,
  title: Type.String(),
  /** When the subsection's information was last updated (ISO date). */
  updatedAt: IsoDay(),
  blocks: Type.Array(SvedenBlockSchema),
});
export type SvedenSubsection = Static<typeof SvedenSubsectionSchema>;

function IsoDay() {
  return Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
}

/** `GET {locale}/sveden`: the subsections in the order's order, with their titles. */
export const SvedenIndexResponseSchema = Type.Object({
  data: Type.Object({
    order: Type.String(),
    items: Type.Array(Type.Object({ id: SvedenSubsectionIdSchema, title: Type.String(), updatedAt: IsoDay() })),
  }),
});
export type SvedenIndexResponse = Static<typeof SvedenIndexResponseSchema>;

/** `GET {locale}/sveden/{id}`. */
export const SvedenSubsectionResponseSchema = Type.Object({ data: SvedenSubsectionSchema });
export type SvedenSubsectionResponse = Static<typeof SvedenSubsectionResponseSchema>;
