import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The contracts' modules import each other without a circle (type-only imports count too): a circle makes the order in
 * which modules initialise depend on which one a consumer imports first. dpdm reads the import graph; it runs as its
 * command line (its programmatic entry loads ES-module-only packages, which jest's module system does not load).
 */

const packageDir = path.resolve(__dirname, '..');
const DPDM = require.resolve('dpdm/lib/bin/dpdm.js');

interface DpdmReport {
  tree: Record<string, unknown>;
  circulars: string[][];
}

/** dpdm's report on the files the globs match, resolved from `cwd`, type-only imports included. */
function importGraph(cwd: string, globs: string[]): DpdmReport {
  const output = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dpdm-')), 'report.json');
  try {
    execFileSync(
      process.execPath,
      [DPDM, '--no-tree', '--no-warning', '--no-progress', '--transform=false', '--cwd', cwd, '--context', cwd, '-o', output, ...globs],
      {
        stdio: 'pipe',
      },
    );
    return JSON.parse(fs.readFileSync(output, 'utf8')) as DpdmReport;
  } finally {
    fs.rmSync(path.dirname(output), { recursive: true, force: true });
  }
}

test('no import circle among the modules of shared-contracts', () => {
  const report = importGraph(packageDir, ['src/**/*.ts', 'scripts/*.js']);
  expect(Object.keys(report.tree).filter((file) => file.startsWith('src/')).length).toBeGreaterThan(40);
  expect(report.circulars).toEqual([]);
});

test('the check finds a two-file circle made of a value import and a type-only import', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-circle-'));
  try {
    fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    fs.writeFileSync(path.join(dir, 'b.ts'), "import type { a } from './a';\nexport const b = 1;\nexport type A = typeof a;\n");
    expect(importGraph(dir, ['*.ts']).circulars).toEqual([['b.ts', 'a.ts']]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
