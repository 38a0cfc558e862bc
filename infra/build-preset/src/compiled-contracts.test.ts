import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { transformSync } from '@babel/core';
import { Type, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Check } from '@sinclair/typebox/value';
import { getJson, startTestApi, type TestApi } from '../../content-api/src/test-support/test-api';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { browserContractModule } = require('./compiled-contracts.js') as { browserContractModule(file: string, source: string): { code: string } };

/**
 * The browser's contracts (issue 11 point 3): every entry of @site/contracts loaded as a browser build bundles it
 * (the package's `browser` field, the compiled-contracts loader on every schema module) and compared, export by
 * export, with the server's: constants and functions alike, and each schema's compiled checker agrees with TypeBox's
 * Check on the seeded content API's answers (and every object in them), on broken copies of them and on form values.
 */

const repoRoot = path.resolve(__dirname, '../../..');
const contractsDir = path.join(repoRoot, 'shared-contracts');
const ENTRIES = ['', 'news', 'events', 'education', 'forms', 'search'];
const TYPEBOX_KIND = Symbol.for('TypeBox.Kind');
const babelConfigFile = path.join(repoRoot, 'babel.config.json');

type Exports = Record<string, unknown>;

/** The contracts as a browser build resolves and compiles them, run in Node; TypeBox may not be reached. */
function browserContracts(): (entry: string) => Exports {
  const browserField = (JSON.parse(fs.readFileSync(path.join(contractsDir, 'package.json'), 'utf8')) as { browser: Record<string, string> }).browser;
  const modules = new Map<string, { exports: Exports }>();
  const resolve = (request: string): string => {
    const file = [`${request}.ts`, path.join(request, 'index.ts'), request].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    if (!file) throw new Error(`cannot resolve ${request}`);
    const replacement = browserField[`./${path.relative(contractsDir, file)}`];
    return replacement ? path.join(contractsDir, replacement) : file;
  };
  const load = (file: string): Exports => {
    const cached = modules.get(file);
    if (cached) return cached.exports;
    if (file.endsWith('.json')) return JSON.parse(fs.readFileSync(file, 'utf8')) as Exports;
    const { code: browserSource } = browserContractModule(file, fs.readFileSync(file, 'utf8'));
    const code = transformSync(browserSource, { filename: file, configFile: babelConfigFile, babelrc: false, envName: 'test' })?.code ?? '';
    const module = { exports: {} as Exports };
    modules.set(file, module);
    const packageRequire = createRequire(file);
    const localRequire = (request: string): unknown => {
      if (request.startsWith('.')) return load(resolve(path.resolve(path.dirname(file), request)));
      if (request.startsWith('@sinclair/typebox')) throw new Error(`${path.relative(repoRoot, file)} imports ${request} in the browser`);
      return packageRequire(request);
    };
    const run = vm.runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename: file }) as (
      exports: Exports,
      require: unknown,
      module: unknown,
    ) => void;
    run(module.exports, localRequire, module);
    return module.exports;
  };
  return (entry) => load(resolve(path.join(contractsDir, 'src', entry)));
}

function serverContracts(entry: string): Exports {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(entry ? `@site/contracts/${entry}` : '@site/contracts') as Exports;
}

function isSchema(value: unknown): value is TSchema {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[TYPEBOX_KIND] !== undefined;
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
  if (at.length === 0) return replacement === REMOVED ? undefined : replacement;
  const [key, ...rest] = at as [string, ...string[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  const next = mutated(copy[key], rest, replacement);
  if (next === undefined && rest.length === 0 && !Array.isArray(copy)) delete copy[key];
  else copy[key] = next;
  return copy;
}

/** Form values as the forms send them: valid ones, which the mutations then break. */
const FORM_SAMPLES = [
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

/** Functions compare by kind: the browser's module is a second instance of the same source. */
function shapeOf(value: unknown): unknown {
  if (typeof value === 'function') return 'function';
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, shapeOf(child)]));
}

describe('the browser contracts: compiled checkers, no TypeBox', () => {
  let api: TestApi;
  const corpus: unknown[] = [];
  const browser = browserContracts();

  beforeAll(async () => {
    api = await startTestApi('sqlite');
    const paths = ['/sitemap'];
    for (const locale of ['ru', 'en']) {
      paths.push(
        ...[
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
        ].map((endpoint) => `/${locale}/${endpoint}`),
        ...[
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
        ].map((slug) => `/${locale}/pages/${slug}`),
      );
    }
    const answers = await Promise.all(paths.map(async (url) => (await getJson(api, url)).body));
    const seen = new Set<string>();
    for (const value of [...answers, ...FORM_SAMPLES].flatMap((answer) => (typeof answer === 'string' ? [answer] : objectsIn(answer)))) {
      const key = JSON.stringify(value);
      if (!seen.has(key)) corpus.push(value);
      seen.add(key);
    }
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  test.each(ENTRIES)('entry "%s": the same exports, constants and functions as on the server', (entry) => {
    const server = serverContracts(entry);
    const compiled = browser(entry);
    expect(Object.keys(compiled).sort()).toEqual(Object.keys(server).sort());
    for (const [name, value] of Object.entries(server)) {
      if (isSchema(value)) expect([name, typeof compiled[name]]).toEqual([name, 'function']);
      else expect([name, shapeOf(compiled[name])]).toEqual([name, shapeOf(value)]);
    }
  });

  test.each(ENTRIES)('entry "%s": every schema agrees with TypeBox on the seeded answers, their objects and broken copies', (entry) => {
    const server = serverContracts(entry);
    const compiled = browser(entry);
    const schemas = Object.entries(server).filter(([, value]) => isSchema(value));
    expect(schemas.length).toBeGreaterThan(0);
    const withoutValidSample: string[] = [];
    for (const [name, schema] of schemas as [string, TSchema][]) {
      const checker = compiled[name] as (value: unknown) => boolean;
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
      for (const sample of valid.sort((a, b) => JSON.stringify(b).length - JSON.stringify(a).length).slice(0, 4)) {
        const paths = pathsIn(sample);
        const step = Math.max(1, Math.floor(paths.length / 60));
        for (let index = 0; index < paths.length; index += step) {
          for (const breakage of BREAKAGES) if (!agree(mutated(sample, paths[index]!, breakage))) rejected += 1;
        }
      }
      expect(disagreements).toEqual([]);
      if (valid.length > 0 && schema.type === 'object') expect([name, rejected > 0]).toEqual([name, true]);
    }
    // Schemas no seeded answer or form sample matches (their agreement above is then on invalid values only).
    expect(withoutValidSample).toEqual([]);
  });

  test('the factories compose checkers as TypeBox composes schemas', () => {
    const server = serverContracts('') as unknown as Record<string, (schema: TSchema) => TSchema>;
    const compiled = browser('') as unknown as Record<string, (argument: (value: unknown) => boolean) => (value: unknown) => boolean>;
    const arguments_: TSchema[] = [
      Type.Unknown(),
      Type.Object({}),
      Type.Object({ title: Type.String() }),
      Type.Object({ id: Type.String(), label: Type.String() }),
      Type.Record(Type.String(), Type.String()),
    ];
    for (const factory of ['sectionDescriptorSchemaWithProps', 'PaginatedSchema']) {
      let valid = 0;
      for (const argument of arguments_) {
        const schema = server[factory]!(argument);
        // The argument's checker as the build would compile it (in the test, in Node).
        const checker = compiled[factory]!((value) => TypeCompiler.Compile(argument).Check(value));
        for (const value of corpus) {
          const expected = Check(schema, value);
          expect([factory, checker(value), JSON.stringify(value).slice(0, 200)]).toEqual([factory, expected, JSON.stringify(value).slice(0, 200)]);
          if (!expected) continue;
          valid += 1;
          for (const at of pathsIn(value).slice(0, 20))
            for (const breakage of BREAKAGES) {
              const broken = mutated(value, at, breakage);
              expect([factory, checker(broken)]).toEqual([factory, Check(schema, broken)]);
            }
        }
      }
      expect([factory, valid > 0]).toEqual([factory, true]);
    }
  });

  test("the browser's validate and parseContract reject malformed data with one issue at the root, and keep the valid entries", () => {
    const contracts = browser('') as Record<string, (...args: unknown[]) => unknown>;
    const schema = browser('').TaxonomyEntrySchema;
    expect(contracts.validate!(schema, { id: 'a', label: 'A' })).toEqual({ ok: true, value: { id: 'a', label: 'A' } });
    expect(contracts.validate!(schema, { id: 'a' })).toEqual({ ok: false, issues: [{ path: '/', message: 'Expected a value matching the schema' }] });
    expect(() => contracts.parseContract!('TaxonomyEntry', schema, { label: 3 })).toThrow('TaxonomyEntry does not match its contract');
    expect(contracts.keepValidEntries!(schema, [{ id: 'a', label: 'A' }, { id: 1 }, null])).toEqual([{ id: 'a', label: 'A' }]);
  });

  test("a form's schema names each wrong field in the browser, the fields the server names, so the form shows its messages there", () => {
    const browserValidate = (browser('') as Record<string, (...args: unknown[]) => { ok: boolean; issues?: Array<{ path: string }> }>).validate!;
    const serverValidate = (serverContracts('') as Record<string, (...args: unknown[]) => { ok: boolean; issues?: Array<{ path: string }> }>).validate!;
    const forms = browser('forms');
    const server = serverContracts('forms');
    const cases: Array<[string, Record<string, unknown>, string[]]> = [
      ['ContactFormSchema', { name: 'A', email: 'not-an-address', message: 'short', consent: true }, ['/email', '/message', '/name']],
      ['ContactFormSchema', { name: 'Anna', email: 'anna@example.org', message: 'A long enough message', phone: 'letters' }, ['/consent', '/phone']],
      ['ApplicationFormSchema', { name: 'Anna', email: 'anna@example', consent: true }, ['/email']],
      ['ResumeFormSchema', { email: 'anna@example.org', consent: false }, ['/consent', '/name']],
      ['VacancySubscriptionSchema', { email: 'anna@example.org', centreIds: [1], consent: true }, ['/centreIds']],
    ];
    for (const [name, value, fields] of cases) {
      const inBrowser = browserValidate(forms[name], value);
      const onServer = serverValidate(server[name], value);
      expect(inBrowser.ok).toBe(false);
      expect((inBrowser.issues ?? []).map((issue) => issue.path).sort()).toEqual(fields);
      const serverFields = new Set((onServer.issues ?? []).map((issue) => `/${issue.path.split('/')[1]}`));
      expect([...serverFields].sort()).toEqual(fields);
    }
    expect(browserValidate(forms.ContactFormSchema, { name: 'Anna', email: 'anna@example.org', message: 'A long enough message', consent: true }).ok).toBe(
      true,
    );
  });

  test('a schema module the browser could not get right fails the build, naming what to change', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-contracts-'));
    try {
      const write = (name: string, source: string): string => {
        fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'src', name), source);
        return path.join(dir, 'src', name);
      };
      const header = "import { Type } from '@sinclair/typebox';\n";
      const cases: [string, string, RegExp][] = [
        [
          'formats.ts',
          `${header}export const MailSchema = Type.String({ format: 'email' });\n`,
          /src\/formats\.ts: MailSchema needs TypeCompiler's runtime helpers/,
        ],
        [
          'function.ts',
          `${header}export const A = Type.String();\nexport function isA(value: unknown) { return typeof value === 'string'; }\n`,
          /exports isA, which is not a schema/,
        ],
        ['date.ts', `${header}export const A = Type.String();\nexport const EPOCH = new Date(0);\n`, /EPOCH is neither a schema nor a JSON value/],
      ];
      for (const [name, source, error] of cases) {
        const file = write(name, source);
        expect(() => browserContractModule(file, source)).toThrow(error);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
