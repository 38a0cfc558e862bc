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

/** The shell's browser files: what every page loads first (the entry), and the rest (shared packages, pages). */
function shellSizeReport(browserDir) {
  const assets = JSON.parse(fs.readFileSync(path.join(browserDir, 'shell-assets.json'), 'utf8'));
  const files = fs.readdirSync(browserDir).filter((file) => /\.(js|css)$/.test(file));
  const rows = [{ part: 'entry and stylesheets (every page)', js: sum(browserDir, assets.js), css: sum(browserDir, assets.css) }];
  const rest = files.filter((file) => !assets.js.includes(file) && !assets.css.includes(file));
  rows.push({
    part: `other chunks (${rest.length}, loaded as needed)`,
    js: sum(
      browserDir,
      rest.filter((f) => f.endsWith('.js')),
    ),
    css: sum(
      browserDir,
      rest.filter((f) => f.endsWith('.css')),
    ),
  });
  return rows;
}

function formatSizeReport(title, rows) {
  return [title, ...rows.map((row) => `  ${row.part.padEnd(52)} JS ${kb(row.js).padStart(9)}  CSS ${kb(row.css).padStart(8)} (gzip)`)].join('\n');
}

module.exports = { remoteSizeReport, shellSizeReport, formatSizeReport };
