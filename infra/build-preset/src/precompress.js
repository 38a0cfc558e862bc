'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { promisify } = require('node:util');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files browsers and the shell fetch: code, stylesheets, manifests and other JSON. */
const COMPRESSIBLE = /\.(js|mjs|cjs|css|json|svg|html|txt)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 256;

function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of a build, at the highest levels: done once
 * here, static hosts then serve the right copy by `Accept-Encoding` without spending CPU per request. A copy that
 * would not be smaller is not written (the host then sends the file as it is).
 */
async function precompressDir(dir) {
  const files = listFiles(dir).filter((file) => COMPRESSIBLE.test(file) && !file.endsWith('.LICENSE.txt'));
  let written = 0;
  for (const file of files) {
    const source = fs.readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    for (const [suffix, compressed] of [
      ['.br', br],
      ['.gz', gz],
    ]) {
      if (compressed.length < source.length) {
        fs.writeFileSync(`${file}${suffix}`, compressed);
        written += 1;
      } else {
        fs.rmSync(`${file}${suffix}`, { force: true });
      }
    }
  }
  return { files: files.length, written };
}

module.exports = { precompressDir };
