import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The icons browsers and phones ask for at the site root, with their types. */
const ICONS: Record<string, string> = {
  'favicon.ico': 'image/x-icon',
  'favicon.svg': 'image/svg+xml',
  'apple-touch-icon.png': 'image/png',
  'apple-touch-icon-precomposed.png': 'image/png',
  'icon-48.png': 'image/png',
  'icon-96.png': 'image/png',
  'icon-144.png': 'image/png',
  'icon-192.png': 'image/png',
  'icon-384.png': 'image/png',
  'icon-512.png': 'image/png',
  // Full-bleed, with the emblem inside the safe zone: for launchers that cut icons into their own shapes.
  'icon-maskable-192.png': 'image/png',
  'icon-maskable-512.png': 'image/png',
};
const FILE_OF: Record<string, string> = { 'favicon.svg': 'icon.svg', 'apple-touch-icon-precomposed.png': 'apple-touch-icon.png' };

/** shell/assets/icons, from the built server (dist/server) and from the sources (src/server) alike. */
function iconsDir(): string {
  return path.resolve(__dirname, '../../assets/icons');
}

/**
 * The university's icon at the paths browsers request without being told (`/favicon.ico`, the touch icons),
 * read once at start and cached by browsers for a day.
 */
export async function siteIcons(app: FastifyInstance, { dir = iconsDir() }: { dir?: string } = {}): Promise<void> {
  for (const [name, type] of Object.entries(ICONS)) {
    const body = fs.readFileSync(path.join(dir, FILE_OF[name] ?? name));
    app.get(`/${name}`, async (_request, reply) => reply.header('content-type', type).header('cache-control', 'public, max-age=86400').send(body));
  }
}
