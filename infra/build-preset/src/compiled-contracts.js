'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');
const babel = require('@babel/core');
const { TypeCompiler } = require('@sinclair/typebox/compiler');
const { babelConfigFile, repoRoot } = require('./paths');

/**
 * Browsers ship no TypeBox (it would cost the phone budget tens of kilobytes): in browser builds this loader replaces each schema module of the
 * contracts (a module of shared-contracts/src that imports TypeBox's builders) with a generated one in which every
 * exported schema is its checker, compiled from the real schema by TypeBox's TypeCompiler here, in Node, at build
 * time. A checker is a plain function (`value => boolean`); the browser's `check` (shared-contracts/src/check.browser.ts)
 * calls it. Nothing is compiled in the browser, which the site's Content-Security-Policy (no `eval`) would forbid.
 *
 * A schema module may export schemas, constants (copied as JSON, so they must survive JSON unchanged) and
 * re-exports (kept as written); a function there would be lost, so it lives in a schema-free module and the schema
 * module re-exports it. The server builds keep TypeBox and its error messages.
 */

/** Sources of the contracts package, whether reached through the workspace folder or the installed package link. */
const CONTRACTS_SOURCES = /[\\/](shared-contracts|node_modules[\\/]@site[\\/]contracts)[\\/]src[\\/].+\.ts$/;

const TYPEBOX_KIND = Symbol.for('TypeBox.Kind');
const FIELD_ISSUES = Symbol.for('site.contracts.fieldIssues');

/** The browser needs TypeCompiler's runtime helpers only for formats, custom kinds and unique items: no contract uses them. */
const RUNTIME_HELPERS = /\b(kind|format|hash)\(/;

function isSchema(value) {
  return typeof value === 'object' && value !== null && value[TYPEBOX_KIND] !== undefined;
}

function parse(source, filename) {
  return babel.parseSync(source, { configFile: babelConfigFile, babelrc: false, filename });
}

/** True if the module imports TypeBox's builders (not only its types): it defines schemas. */
function definesSchemas(ast) {
  return ast.program.body.some(
    (node) =>
      node.type === 'ImportDeclaration' &&
      node.source.value === '@sinclair/typebox' &&
      node.importKind !== 'type' &&
      node.specifiers.some((specifier) => specifier.importKind !== 'type'),
  );
}

function sourceRoot(file) {
  const index = file.lastIndexOf(`${path.sep}src${path.sep}`);
  return file.slice(0, index + 5);
}

function contractFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? contractFiles(path.join(dir, entry.name))
        : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
          ? [path.join(dir, entry.name)]
          : [],
    )
    .sort();
}

/** A digest of every contracts source: the schemas change only with them. */
function sourcesDigest(root) {
  const hash = crypto.createHash('sha256');
  for (const file of contractFiles(root)) hash.update(`${path.relative(root, file)}\0`).update(fs.readFileSync(file));
  return hash.digest('hex');
}

/** A package as webpack resolves it for these builds: from the importing file's folders, then the repository's (resolve.js). */
function requirePackage(file, request) {
  try {
    return createRequire(file)(request);
  } catch (error) {
    if (error?.code !== 'MODULE_NOT_FOUND') throw error;
    return createRequire(path.join(repoRoot, 'package.json'))(request);
  }
}

/**
 * The contracts' modules as the server runs them, loaded from their sources (Babel, to CommonJS) in a graph of their
 * own: relative imports resolve to sources (never to `.browser.ts` files), packages to the installed ones.
 */
function createEvaluator() {
  const modules = new Map();
  function resolveSource(request) {
    for (const candidate of [`${request}.ts`, path.join(request, 'index.ts'), request])
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    throw new Error(`compiled contracts: cannot resolve ${request}`);
  }
  function load(file) {
    const cached = modules.get(file);
    if (cached) return cached.exports;
    if (file.endsWith('.json')) return JSON.parse(fs.readFileSync(file, 'utf8'));
    const { code } = babel.transformFileSync(file, { configFile: babelConfigFile, babelrc: false, envName: 'test', sourceMaps: false });
    const module = { exports: {} };
    modules.set(file, module);
    const localRequire = (request) =>
      request.startsWith('.') ? load(resolveSource(path.resolve(path.dirname(file), request))) : requirePackage(file, request);
    vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename: file })(
      module.exports,
      localRequire,
      module,
      file,
      path.dirname(file),
    );
    return module.exports;
  }
  return { load };
}

/** The checker of a schema: TypeCompiler's JavaScript, which returns the check function, run once when the module loads. */
function checkerSource(schema, where) {
  const code = TypeCompiler.Code(schema, [], { language: 'javascript' });
  if (RUNTIME_HELPERS.test(code)) {
    throw new Error(
      `compiled contracts: ${where} needs TypeCompiler's runtime helpers (formats, custom kinds or unique items); give browsers an implementation first`,
    );
  }
  const checker = `/*#__PURE__*/ (function () {\n${code}\n})()`;
  if (!schema[FIELD_ISSUES] || !schema.properties) return checker;
  // A form's schema (marked by `formSchema` in the forms contract) also gets one checker per field, so that the browser can say which field is
  // wrong (see validate-issues.browser.ts); `required` lists the fields that may not be left out.
  const fields = Object.entries(schema.properties).map(
    ([field, fieldSchema]) => `${JSON.stringify(field)}: ${checkerSource(fieldSchema, `${where}.${field}`)}`,
  );
  return `/*#__PURE__*/ Object.assign(${checker}, { fields: { ${fields.join(', ')} }, required: ${JSON.stringify(schema.required ?? [])} })`;
}

/** Strings, finite numbers, booleans, null, and arrays and plain objects of them: what JSON copies unchanged. */
function isJsonValue(value) {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return (prototype === null || Object.getPrototypeOf(prototype) === null) && Object.values(value).every(isJsonValue);
}

function constantSource(value, where) {
  if (!isJsonValue(value)) {
    throw new Error(`compiled contracts: ${where} is neither a schema nor a JSON value; move it to a module without schemas and re-export it`);
  }
  return JSON.stringify(value);
}

/** The names a module exports from its own declarations, in source order, and its value re-exports as written. */
function exportsOf(ast, where) {
  const local = [];
  const reexports = [];
  for (const node of ast.program.body) {
    if (node.type === 'ExportAllDeclaration') {
      if (node.exportKind === 'type') continue;
      throw new Error(`compiled contracts: ${where} re-exports everything of ${node.source.value}; name what it re-exports`);
    }
    if (node.type === 'ExportDefaultDeclaration') throw new Error(`compiled contracts: ${where} has a default export`);
    if (node.type !== 'ExportNamedDeclaration' || node.exportKind === 'type') continue;
    const specifiers = node.specifiers.filter((specifier) => specifier.exportKind !== 'type');
    if (node.source) {
      const names = specifiers.map((specifier) =>
        specifier.local.name === specifier.exported.name ? specifier.local.name : `${specifier.local.name} as ${specifier.exported.name}`,
      );
      if (names.length > 0) reexports.push(`export { ${names.join(', ')} } from ${JSON.stringify(node.source.value)};`);
      continue;
    }
    local.push(...specifiers.map((specifier) => specifier.exported.name));
    const declaration = node.declaration;
    if (!declaration || declaration.declare) continue;
    if (declaration.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations) {
        if (declarator.id.type !== 'Identifier') throw new Error(`compiled contracts: ${where} exports a destructured declaration`);
        local.push(declarator.id.name);
      }
    } else if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
      throw new Error(
        `compiled contracts: ${where} exports ${declaration.id.name}, which is not a schema; move it to a module without schemas and re-export it`,
      );
    }
  }
  return { local, reexports };
}

// One evaluation of the contracts per state of their sources, for every module a build (or a build process) compiles.
let evaluation = { digest: '', evaluator: null };

/**
 * The browser module for a contracts module: the source as it is when it defines no schema, else the generated module.
 * `files` lists the sources the result depends on.
 */
function browserContractModule(file, source) {
  const ast = parse(source, file);
  if (!definesSchemas(ast)) return { code: source, files: [file] };
  const root = sourceRoot(file);
  const digest = sourcesDigest(root);
  if (evaluation.digest !== digest) evaluation = { digest, evaluator: createEvaluator() };
  const where = path.relative(path.dirname(root), file);
  const exported = evaluation.evaluator.load(file);
  const { local, reexports } = exportsOf(ast, where);
  const lines = [
    `// Generated at build time from ${where.split(path.sep).join('/')}: every schema is its checker (see @site/build-preset compiled-contracts.js).`,
    ...reexports,
  ];
  for (const name of local) {
    const value = exported[name];
    lines.push(`export const ${name} = ${isSchema(value) ? checkerSource(value, `${where}: ${name}`) : constantSource(value, `${where}: ${name}`)};`);
  }
  return { code: `${lines.join('\n')}\n`, files: contractFiles(root) };
}

/** The webpack loader (browser builds only, see rules.js). */
function compiledContractsLoader(source) {
  const { code, files } = browserContractModule(this.resourcePath, source);
  for (const dependency of files) this.addDependency(dependency);
  return code;
}

module.exports = compiledContractsLoader;
module.exports.CONTRACTS_SOURCES = CONTRACTS_SOURCES;
module.exports.browserContractModule = browserContractModule;
