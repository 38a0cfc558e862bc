'use strict';
// The jest settings every package's jest.config.js starts from: TypeScript through the repo's Babel config,
// workspace packages resolved to their sources.
const path = require('node:path');
const { shellInlineScripts } = require('./infra/build-preset/src/inline-script');

const repoRoot = __dirname;

let compiledInlineScripts = null;
/** Compiled once per jest process: every project's config is read in the same one. */
function inlineScripts() {
  compiledInlineScripts ??= shellInlineScripts();
  return compiledInlineScripts;
}

module.exports = function jestPreset(packageDir, overrides = {}) {
  return {
    rootDir: packageDir,
    displayName: path.relative(repoRoot, packageDir),
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
    testEnvironment: 'node',
    // jest-transform.js compiles with SWC, and with Babel a file that imports linaria (see there).
    transform: {
      // Components are styled with linaria: the same WyW transform as the build turns styles into class names.
      '/(shared-ui|shell|remotes)/.+\\.[jt]sx?$': [
        path.join(repoRoot, 'jest-transform.js'),
        {
          babel: {
            configFile: path.join(repoRoot, 'babel.config.json'),
            presets: [
              [require.resolve('@wyw-in-js/babel-preset'), { babelOptions: { configFile: path.join(repoRoot, 'babel.config.json'), envName: 'styles' } }],
            ],
          },
        },
      ],
      '^.+\\.[cm]?[jt]s$': [path.join(repoRoot, 'jest-transform.js'), { babel: { configFile: path.join(repoRoot, 'babel.config.json') } }],
    },
    // react-intl and its formatjs dependencies ship ES modules only, as do parts of jsdom's tree (the shell's server
    // sanitizes with it). Only the innermost node_modules folder of a path decides.
    transformIgnorePatterns: [
      '/node_modules/(?!(@site|react-intl|@formatjs|intl-messageformat|icu-minify|@csstools|@asamuzakjp|parse5|entities)/)(?:@[^/]+/)?[^/]+/(?!.*node_modules/)',
    ],
    moduleNameMapper: {
      '^@site/contracts$': path.join(repoRoot, 'shared-contracts/src/index.ts'),
      '^@site/contracts/(news|events|education|forms|search|fleet)$': path.join(repoRoot, 'shared-contracts/src/$1/index.ts'),
      '^@site/ui$': path.join(repoRoot, 'shared-ui/src/index.ts'),
      '^@site/ui/testing$': path.join(repoRoot, 'shared-ui/src/testing.tsx'),
      '^@site/registry$': path.join(repoRoot, 'infra/registry/src/index.ts'),
      '^@site/server-kit$': path.join(repoRoot, 'infra/server-kit/src/index.ts'),
      '^@site/content-api$': path.join(repoRoot, 'infra/content-api/src/index.ts'),
      '^@site/shell/api-client$': path.join(repoRoot, 'shell/src/api/client.ts'),
      '^@site/test-support$': path.join(repoRoot, 'infra/test-support/src/index.ts'),
      '^@site/test-support/remote-builds$': path.join(repoRoot, 'infra/test-support/src/remote-builds.ts'),
      '\\.css$': path.join(repoRoot, 'infra/build-preset/test/style-stub.js'),
    },
    // globalsCleanup off: the federation runtime and MobX keep state on globalThis behind accessors that jest 30's
    // clean-up of globals recurses on until the stack overflows (as jest 29 did, globals go with the worker).
    testEnvironmentOptions: { customExportConditions: ['node', 'require', 'default'], globalsCleanup: 'off' },
    clearMocks: true,
    // The shell's inline start script as the build compiles it (webpack's DefinePlugin there), for code that renders
    // pages: the shell's tests and those that start a shell from its sources.
    globals: inlineScripts(),
    ...overrides,
  };
};
