import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { assertNoShellOwnedImports, discoverSections } = require('./sections.js') as {
  assertNoShellOwnedImports(rootDir: string): void;
  discoverSections(rootDir: string): string[];
};

function remoteWith(files: Record<string, string>): string {
  const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(rootDir, name)), { recursive: true });
    fs.writeFileSync(path.join(rootDir, name), text);
  }
  return rootDir;
}

describe('a remote build', () => {
  test('finds the sections by their folders', () => {
    const rootDir = remoteWith({ 'src/sections/CampusMap/index.tsx': 'export default null;', 'src/sections/notes/readme.md': '' });
    expect(discoverSections(rootDir)).toEqual(['CampusMap']);
  });

  test('refuses section code that imports the router, naming the file and what to use instead', () => {
    const rootDir = remoteWith({
      'src/sections/CampusMap/index.tsx': "import { styled } from '@linaria/react';\nimport { useLocation } from 'react-router-dom';\n",
      'src/util/lazy.ts': "export const router = () => import('react-router');\n",
    });
    expect(() => assertNoShellOwnedImports(rootDir)).toThrow(
      [
        `${path.join('src', 'sections', 'CampusMap', 'index.tsx')} imports "react-router-dom", which only the shell may import; use SiteLink, usePageLocation, usePageQuery and useNavigateTo from @site/ui`,
        `${path.join('src', 'util', 'lazy.ts')} imports "react-router", which only the shell may import; use SiteLink, usePageLocation, usePageQuery and useNavigateTo from @site/ui`,
      ].join('\n'),
    );
  });

  test('lets routing through @site/ui, and tests use any router they like', () => {
    const rootDir = remoteWith({
      'src/sections/CampusMap/index.tsx': "import { SiteLink, usePageLocation } from '@site/ui';\n",
      'src/sections/CampusMap/CampusMap.test.tsx': "import { MemoryRouter } from 'react-router-dom';\n",
    });
    expect(() => assertNoShellOwnedImports(rootDir)).not.toThrow();
  });

  test("the five teams' code passes the check", () => {
    for (const team of ['news', 'events', 'education', 'forms', 'search']) {
      expect(() => assertNoShellOwnedImports(path.resolve(__dirname, '../../../remotes', team))).not.toThrow();
    }
  });
});
