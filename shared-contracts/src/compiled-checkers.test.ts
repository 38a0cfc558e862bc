import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Type, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Check } from '@sinclair/typebox/value';
import { startContentApi, type RunningContentApi } from '@site/test-support';
import { browserFiles, compileCheckers } from '../scripts/compile-checkers';

/**
 * The browser build of the contracts (scripts/compile-checkers.js, the package's `browser` export condition): written
 * into a temporary folder and loaded the way a browser bundle runs it, then compared, export by export, with the
 * server's: constants and functions alike, and each schema's compiled checker agrees with TypeBox's Check on the seeded
 * content API's answers (and every object in them), on broken copies of them and on form values.
 */

const srcDir = __dirname;
const ENTRIES = ['', 'news', 'events', 'education', 'forms', 'search'];
const TYPEBOX_KIND = Symbol.for('TypeBox.Kind');

type Exports = Record<string, unknown>;

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-checkers-'));
const written = compileCheckers({ srcDir, outDir, load: (module) => jest.requireActual<Exports>(path.join(srcDir, module)) });
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

function browser(entry: string): Exports {
  const index = ['index.ts', 'index.js'].map((name) => path.join(outDir, entry, name)).find((file) => fs.existsSync(file));
  return jest.requireActual<Exports>(index ?? path.join(outDir, entry, 'index'));
}

function server(entry: string): Exports {
  return jest.requireActual<Exports>(path.join(srcDir, entry, 'index.ts'));
}

function isSchema(value: unknown): value is TSchema {
  return typeof value === 'object' && value !== null && TYPEBOX_KIND in value;
}

function callable(value: unknown): (...args: unknown[]) => unknown {
  if (typeof value !== 'function') throw new TypeError(`not a function: ${String(value)}`);
  return (...args) => Reflect.apply(value, undefined, args);
}

/** Every object and array in a JSON value, the value first. */
function objectsIn(value: unknown, into: unknown[] = []): unknown[] {
  if (typeof value !== 'object' || value === null) return into;
  into.push(value);
  for (const child of Object.values(value)) objectsIn(child, into);
  return into;
}

/** The paths to every node of a JSON value, in document order. */
function pathsIn(value: unknown, prefix: string[] = [], into: string[][] = []): string[][] {
  into.push(prefix);
  if (typeof value === 'object' && value !== null) for (const [key, child] of Object.entries(value)) pathsIn(child, [...prefix, key], into);
  return into;
}

const REMOVED = Symbol('removed');
const BREAKAGES: unknown[] = [REMOVED, null, 42, 1.5, -1, 'x', '', [], {}, [42], true, '2024-01-01'];

/** A copy of the value with the node at the path replaced (or removed); only the nodes along the path are copied. */
function mutated(value: unknown, at: string[], replacement: unknown): unknown {
  const [key, ...rest] = at;
  if (key === undefined) return replacement === REMOVED ? undefined : replacement;
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = Array.isArray(value) ? Object.fromEntries(value.entries()) : { ...value };
  const next = mutated(copy[key], rest, replacement);
  if (next === undefined && rest.length === 0 && !Array.isArray(value)) delete copy[key];
  else copy[key] = next;
  return Array.isArray(value) ? Object.values(copy) : copy;
}

/** Form values as the forms send them and other bodies browsers see: valid ones, which the mutations then break. */
const SAMPLES = [
  { name: 'Anna Petrova', email: 'anna@example.org', message: 'When does the admission office open on Saturdays?', consent: true },
  { name: 'Anna Petrova', email: 'anna@example.org', phone: '+7 (495) 123-45-67', topic: 'Admission', message: 'When does the office open?', consent: true },
  { name: 'Anna Petrova', email: 'anna@example.org', programId: 'p-1', eventId: '5', message: 'Please', consent: true },
  { name: 'Anna Petrova', email: 'anna@example.org', vacancyId: 'v-1', coverLetter: 'Hello', consent: true },
  { email: 'anna@example.org', centreIds: ['c-1', 'c-2'], consent: true },
  { id: 'f-1', message: 'Accepted' },
  { revision: 3, remotes: [{ name: 'news', version: '1.2.0', manifestUrl: '/remotes/news/1.2.0/mf-manifest.json' }] },
  { name: 'NewsFeed', lazy: true, loadBudgetMs: 500 },
  'anna@example.org',
  'common',
  {
    revision: 3,
    updatedAt: '2026-11-23T10:00:00.000Z',
    remotes: [
      { name: 'news', version: '1.2.0', manifestUrl: '/remotes/news/1.2.0/mf-manifest.json', files: { 'remoteEntry.js': 'a'.repeat(64) } },
      {
        name: 'forms',
        version: '2.0.0',
        manifestUrl: '/remotes/forms/2.0.0/mf-manifest.json',
        canary: { version: '2.1.0', manifestUrl: '/remotes/forms/2.1.0/mf-manifest.json', percent: 10 },
      },
    ],
    previews: [
      {
        id: 'p1a2b3c4',
        remote: 'news',
        version: '1.3.0',
        manifestUrl: '/remotes/news/1.3.0/mf-manifest.json',
        tokenSha256: 'b'.repeat(64),
        expiresAt: '2026-11-24T10:00:00.000Z',
        files: { 'remoteEntry.js': 'c'.repeat(64) },
      },
    ],
  },
  {
    id: 'news',
    name: 'news',
    metaData: { name: 'news', globalName: 'news', publicPath: '/remotes/news/1.2.0/', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    exposes: [
      { id: 'news:NewsFeed', name: 'NewsFeed', path: './NewsFeed', assets: { js: { sync: ['a.js'], async: [] }, css: { sync: [], async: ['a.css'] } } },
    ],
    site: {
      team: 'news',
      version: '1.2.0',
      contractsVersion: '4.0.0',
      teamContract: { entry: '@site/contracts/news', version: '1.0.0' },
      builtAt: '2026-11-23T10:00:00.000Z',
      sections: [{ name: 'NewsFeed', expose: './NewsFeed', lazy: true }],
    },
  },
];

const ENDPOINTS = [
  'init',
  'news',
  'news/filters',
  'news/7',
  'events',
  'events?scope=all',
  'events/5',
  'offices',
  'people',
  'handbooks',
  'vacancies',
  'programs',
  'courses',
  'research',
  'history',
  'sveden',
  'sveden/common',
  'sveden/struct',
  'sveden/document',
  'sveden/education',
];
const PAGES = [
  'index',
  'about',
  'news',
  'events',
  'education',
  'programs',
  'courses',
  'people',
  'vacancies',
  'contacts',
  'apply',
  'search',
  'no-such-page',
  'search/admission',
];

/** Functions compare by kind: the browser's module is a second instance of the same source. */
function shapeOf(value: unknown): unknown {
  if (typeof value === 'function') return 'function';
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, shapeOf(child)]));
}

describe('the browser build of the contracts: compiled checkers, no TypeBox', () => {
  let api: RunningContentApi;
  const corpus: unknown[] = [];
  /** Each corpus value's length as JSON, measured once (sorting by it would otherwise serialise the values again and again). */
  const sizes = new Map<unknown, number>();
  const sizeOf = (value: unknown): number => sizes.get(value) ?? JSON.stringify(value)?.length ?? 0;

  beforeAll(async () => {
    api = await startContentApi();
    const paths = ['/sitemap'];
    for (const locale of ['ru', 'en']) paths.push(...ENDPOINTS.map((endpoint) => `/${locale}/${endpoint}`), ...PAGES.map((slug) => `/${locale}/pages/${slug}`));
    const answers = await Promise.all(
      paths.map(async (url) => (await fetch(new URL(url.slice(1), api.baseUrl), { headers: { accept: 'application/json' } })).json() as Promise<unknown>),
    );
    const seen = new Set<string>();
    for (const value of [...answers, ...SAMPLES].flatMap((answer) => (typeof answer === 'string' ? [answer] : objectsIn(answer)))) {
      const key = JSON.stringify(value);
      if (!seen.has(key)) {
        corpus.push(value);
        sizes.set(value, key.length);
      }
      seen.add(key);
    }
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  test('no module of the browser build imports TypeBox other than for its types', () => {
    const modules = [...written.keys()].filter((name) => /\.(js|ts)$/.test(name) && !name.endsWith('.d.ts'));
    expect(modules.length).toBeGreaterThan(20);
    const importers = modules.filter((name) =>
      /^\s*(import|export)\s+(?!type\b)[^;]*from\s+'@sinclair\/typebox/m.test(fs.readFileSync(path.join(outDir, name), 'utf8')),
    );
    expect(importers).toEqual([]);
  });

  test.each(ENTRIES)('entry "%s": the same exports, constants and functions as on the server', (entry) => {
    const onServer = server(entry);
    const compiled = browser(entry);
    expect(Object.keys(compiled).sort()).toEqual(Object.keys(onServer).sort());
    for (const [name, value] of Object.entries(onServer)) {
      if (isSchema(value)) expect([name, typeof compiled[name]]).toEqual([name, 'function']);
      else expect([name, shapeOf(compiled[name])]).toEqual([name, shapeOf(value)]);
    }
  });

  test.each(ENTRIES)('entry "%s": every schema agrees with TypeBox on the seeded answers, their objects and broken copies', (entry) => {
    const compiled = browser(entry);
    const schemas = Object.entries(server(entry)).filter((pair): pair is [string, TSchema] => isSchema(pair[1]));
    expect(schemas.length).toBeGreaterThan(0);
    const withoutValidSample: string[] = [];
    for (const [name, schema] of schemas) {
      const checker = callable(compiled[name]);
      const disagreements: string[] = [];
      const agree = (value: unknown): boolean => {
        const expected = Check(schema, value);
        if (checker(value) !== expected && disagreements.length < 5)
          disagreements.push(`${name}: TypeBox says ${expected} for ${JSON.stringify(value)?.slice(0, 300)}`);
        return expected;
      };
      const valid = [...corpus, ...BREAKAGES.filter((value) => value !== REMOVED)].filter(agree);
      if (valid.length === 0) withoutValidSample.push(name);
      let rejected = 0;
      // The biggest valid samples, broken node by node (at most 60 nodes each, spread over the document).
      for (const sample of valid.sort((a, b) => sizeOf(b) - sizeOf(a)).slice(0, 4)) {
        const paths = pathsIn(sample);
        const step = Math.max(1, Math.floor(paths.length / 60));
        for (let index = 0; index < paths.length; index += step) {
          for (const breakage of BREAKAGES) if (!agree(mutated(sample, paths[index] ?? [], breakage))) rejected += 1;
        }
      }
      expect(disagreements).toEqual([]);
      if (valid.length > 0 && schema.type === 'object') expect([name, rejected > 0]).toEqual([name, true]);
    }
    // Schemas no seeded answer or sample matches (their agreement above is then on invalid values only).
    expect(withoutValidSample).toEqual([]);
  });

  test('the factories compose checkers as TypeBox composes schemas', () => {
    const onServer = server('');
    const compiled = browser('');
    const arguments_: TSchema[] = [
      Type.Unknown(),
      Type.Object({}),
      Type.Object({ title: Type.String() }),
      Type.Object({ id: Type.String(), label: Type.String() }),
      Type.Record(Type.String(), Type.String()),
    ];
    const disagreements: string[] = [];
    const compare = (factory: string, got: unknown, expected: boolean, value: unknown) => {
      if (got !== expected && disagreements.length < 5) disagreements.push(`${factory}: TypeBox says ${expected} for ${JSON.stringify(value)?.slice(0, 200)}`);
    };
    for (const factory of ['sectionDescriptorSchemaWithProps', 'PaginatedSchema']) {
      let valid = 0;
      for (const argument of arguments_) {
        const schema = callable(onServer[factory])(argument);
        if (!isSchema(schema)) throw new TypeError(`${factory} built no schema`);
        // The argument's checker as the build compiles it (here in Node, where TypeCompiler may evaluate it).
        const checker = callable(callable(compiled[factory])(TypeCompiler.Compile(argument).Check.bind(TypeCompiler.Compile(argument))));
        for (const value of corpus) {
          const expected = Check(schema, value);
          compare(factory, checker(value), expected, value);
          if (!expected) continue;
          valid += 1;
          for (const at of pathsIn(value).slice(0, 20))
            for (const breakage of BREAKAGES) {
              const broken = mutated(value, at, breakage);
              compare(factory, checker(broken), Check(schema, broken), broken);
            }
        }
      }
      expect([factory, valid > 0]).toEqual([factory, true]);
    }
    expect(disagreements).toEqual([]);
  });

  test("the browser's validate and parseContract reject malformed data with one issue at the root, and keep the valid entries", () => {
    const contracts = browser('');
    const schema = contracts.TaxonomyEntrySchema;
    expect(callable(contracts.validate)(schema, { id: 'a', label: 'A' })).toEqual({ ok: true, value: { id: 'a', label: 'A' } });
    expect(callable(contracts.validate)(schema, { id: 'a' })).toEqual({ ok: false, issues: [{ path: '/', message: 'Expected a value matching the schema' }] });
    expect(() => callable(contracts.parseContract)('TaxonomyEntry', schema, { label: 3 })).toThrow('TaxonomyEntry does not match its contract');
    expect(callable(contracts.keepValidEntries)(schema, [{ id: 'a', label: 'A' }, { id: 1 }, null])).toEqual([{ id: 'a', label: 'A' }]);
    // A TypeBox schema handed to the browser build is refused by name rather than read as "valid".
    expect(() => callable(contracts.validate)(Type.String(), 'a')).toThrow('@site/contracts: not a compiled checker');
  });

  test("a form's schema names each wrong field in the browser, the fields the server names, so the form shows its messages there", () => {
    const pathsOf = (result: unknown): string[] =>
      typeof result === 'object' && result !== null && 'issues' in result && Array.isArray(result.issues)
        ? result.issues.map((issue: { path: string }) => issue.path)
        : [];
    const browserValidate = callable(browser('').validate);
    const serverValidate = callable(server('').validate);
    const forms = browser('forms');
    const serverForms = server('forms');
    const cases: Array<[string, Record<string, unknown>, string[]]> = [
      ['ContactFormSchema', { name: 'A', email: 'not-an-address', message: 'short', consent: true }, ['/email', '/message', '/name']],
      ['ContactFormSchema', { name: 'Anna', email: 'anna@example.org', message: 'A long enough message', phone: 'letters' }, ['/consent', '/phone']],
      ['ApplicationFormSchema', { name: 'Anna', email: 'anna@example', consent: true }, ['/email']],
      ['ResumeFormSchema', { email: 'anna@example.org', consent: false }, ['/consent', '/name']],
      ['VacancySubscriptionSchema', { email: 'anna@example.org', centreIds: [1], consent: true }, ['/centreIds']],
    ];
    for (const [name, value, fields] of cases) {
      const inBrowser = browserValidate(forms[name], value);
      expect(inBrowser).toMatchObject({ ok: false });
      expect(pathsOf(inBrowser).sort()).toEqual(fields);
      const serverFields = new Set(pathsOf(serverValidate(serverForms[name], value)).map((issue) => `/${issue.split('/')[1]}`));
      expect([...serverFields].sort()).toEqual(fields);
    }
    expect(
      browserValidate(forms.ContactFormSchema, { name: 'Anna', email: 'anna@example.org', message: 'A long enough message', consent: true }),
    ).toMatchObject({
      ok: true,
    });
  });
});

describe('compile-checkers refuses a schema module the browser could not get right, naming what to change', () => {
  const cases: Array<[string, string, Exports, RegExp]> = [
    [
      'formats.ts',
      "export const MailSchema = Type.String({ format: 'email' });\n",
      { MailSchema: Type.String({ format: 'email' }) },
      /src\/formats\.ts: MailSchema needs TypeCompiler's runtime helpers/,
    ],
    [
      'function.ts',
      "export const A = Type.String();\nexport function isA(value: unknown) { return typeof value === 'string'; }\n",
      { A: Type.String(), isA: () => true },
      /exports isA, which is not a schema/,
    ],
    [
      'date.ts',
      'export const A = Type.String();\nexport const EPOCH = new Date(0);\n',
      { A: Type.String(), EPOCH: new Date(0) },
      /EPOCH is neither a schema nor a JSON value/,
    ],
    [
      'value-import.ts',
      "import { Value } from '@sinclair/typebox/value';\nexport const clean = Value.Clean;\n",
      {},
      /imports @sinclair\/typebox\/value, which browsers do not ship/,
    ],
  ];
  test.each(cases)('%s', (name, body, exported, error) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-checkers-'));
    try {
      const header = name === 'value-import.ts' ? '' : "import { Type } from '@sinclair/typebox';\n";
      fs.writeFileSync(path.join(dir, name), `${header}${body}`);
      expect(() => browserFiles(dir, () => exported)).toThrow(error);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
