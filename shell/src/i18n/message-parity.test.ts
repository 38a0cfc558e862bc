import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { shellMessages } from './messages';

/**
 * Every visitor-visible text exists in Russian and English: the shell's messages and each remote's message files
 * have the same keys in both languages, no empty text, valid ICU syntax, and the same ICU arguments (a value the
 * code passes in one language is used, or at least accepted, in the other). The remotes' files are read from disk:
 * the shell never imports a remote.
 */
const REMOTES = ['news', 'events', 'education', 'forms', 'search'] as const;

type Messages = Record<string, string>;

function remoteMessages(remote: string, locale: 'ru' | 'en'): Messages {
  const file = path.join(__dirname, '../../../remotes', remote, 'src/messages', `${locale}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Messages;
}

const CATALOGUES: Array<{ owner: string; ru: Messages; en: Messages }> = [
  { owner: 'shell', ru: shellMessages.ru, en: shellMessages.en },
  ...REMOTES.map((remote) => ({ owner: `remotes/${remote}`, ru: remoteMessages(remote, 'ru'), en: remoteMessages(remote, 'en') })),
];

/** The ICU arguments a message uses, with their kind (`name:plural`, `name:argument`, tags as `<b>`). */
function icuArguments(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        found.add(`${element.value}:argument`);
        break;
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        found.add(`${element.value}:${TYPE[element.type]}`);
        break;
      case TYPE.plural:
      case TYPE.select:
        found.add(`${element.value}:${TYPE[element.type]}`);
        for (const option of Object.values(element.options)) icuArguments(option.value, found);
        break;
      case TYPE.tag:
        found.add(`<${element.value}>`);
        icuArguments(element.children, found);
        break;
      default:
        break;
    }
  }
  return found;
}

describe('message-key parity of the shell and every remote', () => {
  it('covers the shell and all five remotes', () => {
    expect(CATALOGUES.map((catalogue) => catalogue.owner)).toEqual([
      'shell',
      'remotes/news',
      'remotes/events',
      'remotes/education',
      'remotes/forms',
      'remotes/search',
    ]);
    for (const catalogue of CATALOGUES) expect([catalogue.owner, Object.keys(catalogue.ru).length > 0]).toEqual([catalogue.owner, true]);
  });

  it.each(CATALOGUES)('$owner: Russian and English have the same keys', ({ ru, en }) => {
    const onlyRu = Object.keys(ru).filter((key) => !(key in en));
    const onlyEn = Object.keys(en).filter((key) => !(key in ru));
    expect({ onlyRu, onlyEn }).toEqual({ onlyRu: [], onlyEn: [] });
  });

  it.each(CATALOGUES)('$owner: no message is empty', ({ ru, en }) => {
    const empty = [
      ...Object.entries(ru).map(([key, text]) => ['ru', key, text] as const),
      ...Object.entries(en).map(([key, text]) => ['en', key, text] as const),
    ]
      .filter(([, , text]) => typeof text !== 'string' || text.trim() === '')
      .map(([locale, key]) => `${locale}:${key}`);
    expect(empty).toEqual([]);
  });

  it.each(CATALOGUES)('$owner: every message parses and uses the same ICU arguments in both languages', ({ ru, en }) => {
    const problems: string[] = [];
    for (const key of Object.keys(ru)) {
      if (!(key in en)) continue;
      let ruArguments: Set<string>;
      let enArguments: Set<string>;
      try {
        ruArguments = icuArguments(parse(ru[key]!));
        enArguments = icuArguments(parse(en[key]!));
      } catch (error) {
        problems.push(`${key}: ${(error as Error).message}`);
        continue;
      }
      const sortedRu = [...ruArguments].sort().join(', ');
      const sortedEn = [...enArguments].sort().join(', ');
      if (sortedRu !== sortedEn) problems.push(`${key}: ru {${sortedRu}} ≠ en {${sortedEn}}`);
    }
    expect(problems).toEqual([]);
  });

  it('notices a missing key, an empty text and a different argument', () => {
    // The checks themselves: a broken pair of catalogues is reported, so the parity tests above can fail.
    const ru = { 'a.one': 'Привет, {name}', 'a.two': '' };
    const en = { 'a.one': 'Hello, {who}', 'a.three': 'Extra' };
    expect(Object.keys(en).filter((key) => !(key in ru))).toEqual(['a.three']);
    expect(Object.values(ru).filter((text) => text.trim() === '')).toHaveLength(1);
    expect([...icuArguments(parse(ru['a.one']))]).toEqual(['name:argument']);
    expect([...icuArguments(parse(en['a.one']))]).toEqual(['who:argument']);
    expect([...icuArguments(parse('{n, plural, one {# <b>file</b>} other {# files of {total, number}}}'))].sort()).toEqual(['<b>', 'n:plural', 'total:number']);
  });
});
