'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

/** A built file's size as it travels (gzip, level 9, as the precompressed copies), in bytes. */
function gzipBytes(file) {
  return fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function sum(dir, files) {
  return [...new Set(files)].reduce((total, file) => total + gzipBytes(path.join(dir, file)), 0);
}

/**
 * What a remote adds to a page, from its published manifest: its entry, each section's own code and styles, and
 * the fallback copies of shared packages (loaded only where the shell does not provide them, i.e. never on the
 * site: the shell provides every singleton).
 */
function remoteSizeReport(distDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8'));
  const entry = manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js';
  const rows = [{ part: 'entry', js: sum(distDir, [entry]), css: 0 }];
  for (const expose of manifest.exposes ?? []) {
    rows.push({
      part: `section ${expose.name}`,
      js: sum(distDir, expose.assets.js.sync),
      css: sum(distDir, [...expose.assets.css.sync, ...expose.assets.css.async]),
    });
  }
  for (const shared of manifest.shared ?? []) {
    const js = sum(distDir, [...shared.assets.js.sync, ...shared.assets.js.async]);
    const css = sum(distDir, [...shared.assets.css.sync, ...shared.assets.css.async]);
    if (js + css > 0) rows.push({ part: `fallback ${shared.name} (the shell provides it)`, js, css });
  }
  return rows;
}

/**
 * The shell's browser files: what every page loads first (the entry's chunks), then each other chunk named by the
 * packages it holds (the shared singletons the shell provides to every remote, pages split off, lazily loaded code),
 * from the chunk list the build writes (shell-chunks.json).
 */
function shellSizeReport(browserDir) {
  const assets = JSON.parse(fs.readFileSync(path.join(browserDir, 'shell-assets.json'), 'utf8'));
  const chunksFile = path.join(browserDir, 'shell-chunks.json');
  const chunks = fs.existsSync(chunksFile) ? JSON.parse(fs.readFileSync(chunksFile, 'utf8')) : [];
  const label = (chunk) => `${chunk.name && chunk.name !== 'main' ? `${chunk.name}: ` : ''}${chunk.packages.join(', ') || 'webpack runtime'}`;
  const rows = [{ part: 'entry and stylesheets (every page)', js: sum(browserDir, assets.js), css: sum(browserDir, assets.css) }];
  // The entry's weight by package: each package's share of the minified code (from the source map), applied to the
  // compressed size.
  for (const chunk of chunks.filter((c) => c.initial)) {
    for (const file of chunk.files) {
      const js = sum(browserDir, [file]);
      const shares = minifiedShares(path.join(browserDir, file));
      for (const [name, share] of shares.filter(([, value]) => value >= 0.02)) rows.push({ part: `  ~ ${name}`, js: js * share, css: 0 });
    }
  }
  const listed = new Set(assets.js.concat(assets.css));
  for (const chunk of chunks.filter((c) => !c.initial)) {
    chunk.files.forEach((file) => listed.add(file));
    rows.push({ part: `chunk ${label(chunk)}`, js: sum(browserDir, chunk.files), css: 0 });
  }
  const css = fs.readdirSync(browserDir).filter((file) => file.endsWith('.css') && !listed.has(file));
  if (css.length > 0) rows.push({ part: `other stylesheets (${css.length})`, js: 0, css: sum(browserDir, css) });
  return rows;
}

const VLQ_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one source-map segment (base64 VLQ) into its numbers. */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const character of segment) {
    const digit = VLQ_DIGITS.indexOf(character);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** The package a source-map source belongs to (node_modules package, workspace package, or the shell's own code). */
function packageOfSource(source) {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage) return inPackage[1];
  if (/shared-ui\//.test(source)) return '@site/ui';
  if (/shared-contracts\//.test(source)) return '@site/contracts';
  return /^webpack:\/\/[^/]*\/webpack\//.test(source) ? 'webpack runtime' : 'shell';
}

/** Each package's share of a minified file's characters, from its source map, largest first; none without a map. */
function minifiedShares(file) {
  if (!fs.existsSync(`${file}.map`)) return [];
  const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'));
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const characters = new Map();
  let sourceIndex = 0;
  let total = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    let column = 0;
    const segments = line ? line.split(',').map(decodeSegment) : [];
    segments.forEach((segment, index) => {
      column += segment[0];
      if (segment.length > 1) sourceIndex += segment[1];
      const next = segments[index + 1];
      const end = next ? column + next[0] : (lines[lineIndex] ?? '').length;
      const name = segment.length > 1 ? packageOfSource(map.sources[sourceIndex] ?? '') : 'webpack runtime';
      characters.set(name, (characters.get(name) ?? 0) + (end - column));
      total += end - column;
    });
  });
  return [...characters.entries()].map(([name, count]) => [name, total > 0 ? count / total : 0]).sort((a, b) => b[1] - a[1]);
}

function formatSizeReport(title, rows) {
  return [title, ...rows.map((row) => `  ${row.part.padEnd(52)} JS ${kb(row.js).padStart(9)}  CSS ${kb(row.css).padStart(8)} (gzip)`)].join('\n');
}

module.exports = { remoteSizeReport, shellSizeReport, formatSizeReport };
