#!/usr/bin/env node
'use strict';
// Draws the site's icons from assets/icons/icon.svg: favicon.ico (16, 32 and 48 px PNGs in an ICO container),
// apple-touch-icon.png (180 px), icon-{48,96,144,192,384,512}.png for the web app manifest, and the maskable
// icon-maskable-{192,512}.png from icon-maskable.svg (full-bleed, the emblem inside the central 80% safe zone).
// Run once after changing an SVG; the output is committed.
const fs = require('node:fs');
const path = require('node:path');
const sharp = require('sharp');

const dir = path.resolve(__dirname, '../assets/icons');
const svg = fs.readFileSync(path.join(dir, 'icon.svg'));
const maskableSvg = fs.readFileSync(path.join(dir, 'icon-maskable.svg'));
const png = (size, source = svg) => sharp(source, { density: 600 }).resize(size, size).png().toBuffer();

/** An ICO file whose images are PNGs (supported by every browser since 2010). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

async function main() {
  const sizes = [16, 32, 48];
  const images = await Promise.all(sizes.map(async (size) => ({ size, data: await png(size) })));
  fs.writeFileSync(path.join(dir, 'favicon.ico'), ico(images));
  fs.writeFileSync(path.join(dir, 'apple-touch-icon.png'), await png(180));
  for (const size of [48, 96, 144, 192, 384, 512]) fs.writeFileSync(path.join(dir, `icon-${size}.png`), await png(size));
  for (const size of [192, 512]) fs.writeFileSync(path.join(dir, `icon-maskable-${size}.png`), await png(size, maskableSvg));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
