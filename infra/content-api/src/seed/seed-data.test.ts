import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { BilingualSchema, SEED_DATA_DIR, Strict, localize, readSeedData } from './seed-data';

/** The shape of data/offices.json, as the seeder reads it. */
const OfficesSchema = Strict({
  offices: Type.Array(Strict({ id: Type.String(), title: BilingualSchema, location: BilingualSchema, email: Type.String(), phone: Type.String() })),
  workHoursTitle: BilingualSchema,
  workHours: BilingualSchema,
  map: Type.String(),
  contactsTitle: BilingualSchema,
  phoneLabel: BilingualSchema,
  campusLocationTitle: BilingualSchema,
});

describe('seed data files', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-data-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A copy of a shipped data file, changed by `edit`, in the test's own folder. */
  function brokenCopy(file: string, edit: (data: Record<string, unknown>) => void): void {
    const data = JSON.parse(fs.readFileSync(path.join(SEED_DATA_DIR, file), 'utf8')) as Record<string, unknown>;
    edit(data);
    fs.writeFileSync(path.join(dir, file), JSON.stringify(data));
  }

  it('reads a shipped data file as it is', () => {
    const offices = readSeedData('offices.json', OfficesSchema);
    expect(offices.offices.map((office) => office.id)).toContain('press-office');
  });

  it('stops with the file and the field when a text lacks a language', () => {
    brokenCopy('offices.json', (data) => {
      (data.offices as { title: Record<string, string> }[])[1]!.title = { ru: 'Приёмная комиссия' };
    });
    expect(() => readSeedData('offices.json', OfficesSchema, dir)).toThrow(
      `seed data file ${path.join(dir, 'offices.json')} is malformed: field /offices/1/title`,
    );
  });

  it('stops with the file and the field when a key is misspelt', () => {
    brokenCopy('offices.json', (data) => {
      data.workHour = data.workHours;
      delete data.workHours;
    });
    const error = captureError(() => readSeedData('offices.json', OfficesSchema, dir));
    expect(error).toContain(path.join(dir, 'offices.json'));
    expect(error).toMatch(/field \/workHours?\b/);
  });

  it('stops with the file when it is not JSON', () => {
    fs.writeFileSync(path.join(dir, 'offices.json'), '{ "offices": [');
    expect(() => readSeedData('offices.json', OfficesSchema, dir)).toThrow(`seed data file ${path.join(dir, 'offices.json')} cannot be read`);
  });

  it('gives each locale its own text of a bilingual pair and keeps the rest', () => {
    const value = { label: { ru: 'Контакты', en: 'Contacts' }, href: '/contacts', items: [{ ru: 'Да', en: 'Yes' }, 3] };
    expect(localize(value, 'en')).toEqual({ label: 'Contacts', href: '/contacts', items: ['Yes', 3] });
    expect(localize(value, 'ru')).toEqual({ label: 'Контакты', href: '/contacts', items: ['Да', 3] });
  });
});

function captureError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected an error');
}
