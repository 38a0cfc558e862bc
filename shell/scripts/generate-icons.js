#!/usr/bin/env node
'use strict';
// Draws the site's icons from assets/icons/icon.svg: favicon.ico (16, 32 and 48 px PNGs in an ICO container),
// apple-touch-icon.png (180 px) and icon-192/512.png. Run once after changing the SVG; the output is committed.
const fs = require('node:fs');
const path = require('node:path');
const sharp = require('sharp');

const dir = path.resolve(__dirname, '../assets/icons');
const svg = fs.readFileSync(path.join(dir, 'icon.svg'));
const png = (size) => sharp(svg, { density: 600 }).resize(size, size).png().toBuffer();

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
  fs.writeFileSync(path.join(dir, 'icon-192.png'), await png(192));
  fs.writeFileSync(path.join(dir, 'icon-512.png'), await png(512));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
