import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { compileInlineScript } from './inline-script';

describe('compileInlineScript: a TypeScript module as the text of one inline script', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inline-script-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function write(name: string, source: string): string {
    const file = path.join(dir, name);
    fs.writeFileSync(file, source);
    return file;
  }

  it('strips types and exports, calls the entry, and leaks no name into the page', () => {
    const file = write(
      'greet.ts',
      "export const GREETING: string = 'hello';\ninterface Page { marks: string[] }\nexport function greet(): void {\n  (globalThis as unknown as Page).marks.push(GREETING);\n}\n",
    );
    const script = compileInlineScript(file, 'greet');
    expect(script).not.toMatch(/\n|export|interface/);
    const page = vm.createContext({ marks: [] as string[] });
    vm.runInContext(script, page);
    expect(page.marks).toEqual(['hello']);
    expect(Object.keys(page)).toEqual(['marks']);
  });

  it('refuses a module that imports anything: the page would have nothing to resolve it with', () => {
    const file = write('imports.ts', "import { helper } from './helper';\nexport function run(): void {\n  helper();\n}\n");
    expect(() => compileInlineScript(file, 'run')).toThrow('An inline script imports nothing');
  });
});
