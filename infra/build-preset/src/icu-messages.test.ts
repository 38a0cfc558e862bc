import fs from 'node:fs';
import path from 'node:path';
import { transformSync } from '@babel/core';
import { createIntl, createIntlCache } from 'react-intl';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const icu = require('./icu-messages.js') as {
  loadParser(): Promise<(message: string) => unknown[]>;
  compileDictionary(parse: (message: string) => unknown[], dictionary: Record<string, string>, file: string): Record<string, unknown[]>;
  compileShellModule(parse: (message: string) => unknown[], source: string, file: string): string;
};

const repoRoot = path.resolve(__dirname, '../../..');
const REMOTES = ['news', 'events', 'education', 'forms', 'search'];
const cache = createIntlCache();

/** Every message formatted with the same values (each argument named in it set to 2), as a visitor would read it. */
function formatAll(locale: string, messages: Record<string, string | unknown[]>, texts: Record<string, string>): Record<string, string> {
  const intl = createIntl({ locale, messages: messages as Record<string, string>, onError: () => {} }, cache);
  const formatted: Record<string, string> = {};
  for (const [id, text] of Object.entries(texts)) {
    const values = Object.fromEntries([...text.matchAll(/\{\s*(\w+)/g)].map((match) => [match[1], 2]));
    formatted[id] = String(intl.formatMessage({ id }, values));
  }
  return formatted;
}

/** The shell's messages module as the browser build gets it, run as CommonJS. */
function runShellModule(source: string): { shellMessages: Record<string, Record<string, string | unknown[]>> } {
  const code =
    transformSync(source, {
      filename: 'messages.ts',
      configFile: false,
      babelrc: false,
      presets: ['@babel/preset-typescript', ['@babel/preset-env', { targets: { node: '20' }, modules: 'commonjs' }]],
    })?.code ?? '';
  const exports = {};
  new Function('exports', 'require', code)(exports, require);
  return exports as { shellMessages: Record<string, Record<string, string | unknown[]>> };
}

describe('messages precompiled at build', () => {
  test("every remote's messages format exactly as their strings do, in both languages", async () => {
    const parse = await icu.loadParser();
    for (const team of REMOTES) {
      for (const locale of ['ru', 'en']) {
        const file = path.join(repoRoot, 'remotes', team, 'src', 'messages', `${locale}.json`);
        const texts = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
        const compiled = icu.compileDictionary(parse, texts, file);
        expect(Object.keys(compiled)).toEqual(Object.keys(texts));
        for (const ast of Object.values(compiled)) expect(Array.isArray(ast)).toBe(true);
        expect(formatAll(locale, compiled, texts)).toEqual(formatAll(locale, texts, texts));
      }
    }
  });

  test("the shell's messages module keeps its exports, with every message compiled", async () => {
    const parse = await icu.loadParser();
    const file = path.join(repoRoot, 'shell', 'src', 'i18n', 'messages.ts');
    const source = fs.readFileSync(file, 'utf8');
    const original = runShellModule(source).shellMessages;
    const compiled = runShellModule(icu.compileShellModule(parse, source, file)).shellMessages;
    for (const locale of ['ru', 'en']) {
      const texts = original[locale] as Record<string, string>;
      expect(Object.keys(compiled[locale] ?? {})).toEqual(Object.keys(texts));
      for (const message of Object.values(compiled[locale] ?? {})) expect(Array.isArray(message)).toBe(true);
      expect(formatAll(locale, compiled[locale] ?? {}, texts)).toEqual(formatAll(locale, texts, texts));
    }
  });

  test('a message that is not valid ICU stops the build, naming the file and the message', async () => {
    const parse = await icu.loadParser();
    expect(() => icu.compileDictionary(parse, { 'news.broken': 'Hello {name' }, 'ru.json')).toThrow(
      /ru\.json: message "news\.broken" is not a valid ICU message/,
    );
  });
});
