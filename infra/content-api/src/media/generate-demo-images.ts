import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_ROOT } from './media-routes';

/**
 * Draws the demo pictures the seed refers to (campus-like scenes from simple shapes) and writes them as
 * JPEGs into assets/images. Run once with `npm run images -w @site/content-api`; the output is committed.
 */
const WIDTH = 1280;
const HEIGHT = 853;

function scene(sky: [string, string], ground: string, buildings: string, extra = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <rect y="${HEIGHT * 0.72}" width="${WIDTH}" height="${HEIGHT * 0.28}" fill="${ground}"/>
  ${buildings}${extra}</svg>`;
}

function windows(x: number, y: number, columns: number, rows: number, colour: string): string {
  let cells = '';
  for (let column = 0; column < columns; column += 1) {
    for (let row = 0; row < rows; row += 1) cells += `<rect x="${x + column * 34}" y="${y + row * 44}" width="20" height="28" fill="${colour}"/>`;
  }
  return cells;
}

const PICTURES: Record<string, string> = {
  'campus-main.jpg': scene(
    ['#6fa8dc', '#dbeafe'],
    '#5b8c3a',
    `<rect x="340" y="250" width="600" height="370" fill="#e8dcc8"/><polygon points="320,250 640,120 960,250" fill="#9c4a3c"/>${windows(380, 300, 16, 6, '#4a5d7a')}<rect x="600" y="520" width="80" height="100" fill="#6b4f3a"/>`,
  ),
  'laboratory.jpg': scene(
    ['#1e293b', '#334155'],
    '#0f172a',
    `<rect x="160" y="420" width="960" height="40" fill="#94a3b8"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="${220 + i * 180}" y="${300 - i * 10}" width="60" height="${120 + i * 10}" rx="10" fill="#38bdf8" opacity="0.8"/>`).join('')}<circle cx="1000" cy="200" r="60" fill="#fbbf24" opacity="0.6"/>`,
  ),
  'library.jpg': scene(
    ['#7c2d12', '#b45309'],
    '#451a03',
    [0, 1, 2, 3, 4, 5]
      .map(
        (shelf) =>
          `<rect x="100" y="${120 + shelf * 90}" width="1080" height="10" fill="#292524"/>` +
          Array.from(
            { length: 30 },
            (_, i) =>
              `<rect x="${110 + i * 35}" y="${60 + shelf * 90}" width="28" height="60" fill="${['#b91c1c', '#1d4ed8', '#15803d', '#a16207'][(i + shelf) % 4]}"/>`,
          ).join(''),
      )
      .join(''),
  ),
  'lecture-hall.jpg': scene(
    ['#f5f5f4', '#d6d3d1'],
    '#78716c',
    `<rect x="390" y="120" width="500" height="260" fill="#ffffff" stroke="#44403c" stroke-width="8"/>` +
      [0, 1, 2, 3, 4].map((row) => `<rect x="${140 - row * 20}" y="${460 + row * 70}" width="${1000 + row * 40}" height="40" rx="8" fill="#57534e"/>`).join(''),
  ),
  'aerial-campus.jpg': scene(
    ['#86efac', '#4ade80'],
    '#22c55e',
    Array.from(
      { length: 12 },
      (_, i) =>
        `<rect x="${80 + (i % 4) * 300}" y="${80 + Math.floor(i / 4) * 240}" width="${180 + (i % 3) * 30}" height="${140 + (i % 2) * 30}" fill="${['#e5e7eb', '#cbd5e1', '#fde68a'][i % 3]}" stroke="#64748b" stroke-width="4"/>`,
    ).join('') + `<path d="M0 420 C 400 380, 800 480, 1280 420" stroke="#a8a29e" stroke-width="30" fill="none"/>`,
  ),
  'robotics-lab.jpg': scene(
    ['#0c4a6e', '#0369a1'],
    '#082f49',
    `<rect x="520" y="260" width="240" height="220" rx="30" fill="#e2e8f0"/><circle cx="590" cy="340" r="26" fill="#0ea5e9"/><circle cx="690" cy="340" r="26" fill="#0ea5e9"/>` +
      `<rect x="600" y="410" width="80" height="16" fill="#334155"/><rect x="430" y="300" width="90" height="26" fill="#94a3b8"/><rect x="760" y="300" width="90" height="26" fill="#94a3b8"/><rect x="560" y="480" width="160" height="130" fill="#cbd5e1"/>`,
  ),
  'placeholder.jpg': scene(
    ['#e5e7eb', '#d1d5db'],
    '#d1d5db',
    `<rect x="540" y="326" width="200" height="160" rx="12" fill="none" stroke="#9ca3af" stroke-width="12"/><circle cx="600" cy="380" r="18" fill="#9ca3af"/><polygon points="560,470 620,410 660,450 690,420 730,470" fill="#9ca3af"/>`,
  ),
};

/** Square staff portraits: a head-and-shoulders silhouette on a coloured studio background. */
function portrait(background: string, clothes: string, hair: string, long: boolean): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><rect width="480" height="480" fill="${background}"/>` +
    (long ? `<path d="M150 220 Q150 90 240 90 Q330 90 330 220 L335 330 L145 330 Z" fill="${hair}"/>` : '') +
    `<path d="M70 480 Q80 340 240 330 Q400 340 410 480 Z" fill="${clothes}"/><rect x="212" y="280" width="56" height="70" fill="#e8c4a8"/>` +
    `<ellipse cx="240" cy="210" rx="78" ry="95" fill="#f1d3bc"/>` +
    (long
      ? `<path d="M162 190 Q170 110 240 108 Q310 110 318 190 Q280 150 240 150 Q200 150 162 190 Z" fill="${hair}"/>`
      : `<path d="M162 190 Q160 110 240 105 Q320 110 318 190 Q300 140 240 138 Q180 140 162 190 Z" fill="${hair}"/>`) +
    '</svg>'
  );
}

for (const [index, [background, clothes, hair]] of [
  ['#dbeafe', '#1e3a8a', '#3f2a1d'],
  ['#e7e5e4', '#334155', '#111827'],
  ['#dcfce7', '#7c2d12', '#78716c'],
].entries()) {
  PICTURES[`portrait-man-${index + 1}.jpg`] = portrait(background!, clothes!, hair!, false);
  PICTURES[`portrait-woman-${index + 1}.jpg`] = portrait(
    background!,
    ['#9d174d', '#0f766e', '#4338ca'][index]!,
    ['#7c4a23', '#1c1917', '#a16207'][index]!,
    true,
  );
}

async function main(): Promise<void> {
  const folder = path.join(MEDIA_ROOT, 'images');
  fs.mkdirSync(folder, { recursive: true });
  for (const [name, svg] of Object.entries(PICTURES)) {
    const target = path.join(folder, name);
    await sharp(Buffer.from(svg)).jpeg({ quality: 72, mozjpeg: true }).toFile(target);
    console.log(`${name}: ${fs.statSync(target).size} bytes`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
