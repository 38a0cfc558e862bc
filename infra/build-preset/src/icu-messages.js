'use strict';
const babel = require('@babel/core');

/**
 * Messages precompiled at build: every ICU message string of a team's dictionaries becomes the formatjs AST that
 * react-intl formats directly, so browsers never parse a message and the ICU parser is not shipped (browser builds
 * alias it to its `no-parser` build, see resolve.js). Two kinds of dictionary are compiled:
 * - a remote's `src/messages/<locale>.json` (`{ id: message }`);
 * - the shell's `src/i18n/messages.ts`, whose top-level `const ru = { ... }` / `const en = { ... }` objects hold
 *   the messages: their string values are replaced by ASTs and the rest of the module is left as written.
 */

/** Files the loader applies to. */
const MESSAGE_JSON = /[\\/]src[\\/]messages[\\/][a-z]{2}\.json$/;
const SHELL_MESSAGES_MODULE = /[\\/]shell[\\/]src[\\/]i18n[\\/]messages\.ts$/;
const LOCALE_CONSTANTS = new Set(['ru', 'en']);

let parserPromise;
/** The ICU parser (an ES module), loaded once per build process. */
function loadParser() {
  parserPromise ??= import('@formatjs/icu-messageformat-parser').then((module) => module.parse);
  return parserPromise;
}

function compileMessage(parse, id, message, file) {
  try {
    return parse(message);
  } catch (error) {
    throw new Error(`${file}: message "${id}" is not a valid ICU message (${error.message}): ${JSON.stringify(message)}`);
  }
}

/** `{ id: message }` to `{ id: AST }`. */
function compileDictionary(parse, dictionary, file) {
  const compiled = {};
  for (const [id, message] of Object.entries(dictionary)) {
    if (typeof message !== 'string') throw new Error(`${file}: message "${id}" is not a string`);
    compiled[id] = compileMessage(parse, id, message, file);
  }
  return compiled;
}

/** The shell's TypeScript dictionaries: string-valued properties of the top-level `ru`/`en` objects become ASTs. */
function compileShellModule(parse, source, file) {
  const { types: t } = babel;
  const plugin = () => ({
    visitor: {
      VariableDeclarator(declaratorPath) {
        const { id } = declaratorPath.node;
        // `{ ... }`, `{ ... } as const` or `{ ... } satisfies T`.
        let init = declaratorPath.node.init;
        while (t.isTSAsExpression(init) || t.isTSSatisfiesExpression(init)) init = init.expression;
        if (!t.isIdentifier(id) || !LOCALE_CONSTANTS.has(id.name) || !t.isObjectExpression(init)) return;
        if (!t.isProgram(declaratorPath.parentPath.parentPath?.node)) return;
        for (const property of init.properties) {
          if (!t.isObjectProperty(property)) continue;
          const key = t.isStringLiteral(property.key) ? property.key.value : t.isIdentifier(property.key) ? property.key.name : null;
          if (key === null || !t.isStringLiteral(property.value)) continue;
          property.value = t.valueToNode(compileMessage(parse, key, property.value.value, file));
        }
      },
    },
  });
  const result = babel.transformSync(source, {
    filename: file,
    configFile: false,
    babelrc: false,
    sourceMaps: false,
    // Texts stay as written (no \u escapes: they compress worse).
    generatorOpts: { jsescOption: { minimal: true } },
    parserOpts: { plugins: ['typescript'] },
    plugins: [plugin],
  });
  return result.code;
}

/** The webpack loader. */
module.exports = function icuMessagesLoader(source) {
  const callback = this.async();
  const file = this.resourcePath;
  loadParser()
    .then((parse) => {
      if (MESSAGE_JSON.test(file)) return JSON.stringify(compileDictionary(parse, JSON.parse(source), file));
      if (SHELL_MESSAGES_MODULE.test(file)) return compileShellModule(parse, source, file);
      return source;
    })
    .then((output) => callback(null, output), callback);
};

module.exports.MESSAGE_JSON = MESSAGE_JSON;
module.exports.SHELL_MESSAGES_MODULE = SHELL_MESSAGES_MODULE;
module.exports.compileDictionary = compileDictionary;
module.exports.compileShellModule = compileShellModule;
module.exports.loadParser = loadParser;
