import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { startTestApi, type TestApi } from '../test-support/test-api';
import { preferredFormat } from './image-formats';

/** What Chromium sends with an image request. */
const BROWSER_IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

describe('image formats by Accept', () => {
  it('picks AVIF, then WebP, among the types the client accepts, and the original otherwise', () => {
    expect(preferredFormat(BROWSER_IMAGE_ACCEPT)).toBe('avif');
    expect(preferredFormat('image/webp,*/*')).toBe('webp');
    expect(preferredFormat('image/avif;q=0, image/webp;q=0.9')).toBe('webp');
    expect(preferredFormat('*/*')).toBeNull();
    expect(preferredFormat(undefined)).toBeNull();
  });

  describe('the resizing endpoint', () => {
    let server: TestApi;
    beforeAll(async () => {
      server = await startTestApi('sqlite');
    });
    afterAll(() => server.stop());

    async function resized(accept?: string) {
      const response = await fetch(`${server.baseUrl}/media/images/campus-main.jpg?w=640`, accept ? { headers: { accept } } : {});
      return { response, bytes: Buffer.from(await response.arrayBuffer()) };
    }

    it('serves a browser AVIF, another client WebP or the original format, each the requested width, varying by Accept', async () => {
      const avif = await resized(BROWSER_IMAGE_ACCEPT);
      const webp = await resized('image/webp,*/*');
      const jpeg = await resized();
      expect([avif.response.headers.get('content-type'), webp.response.headers.get('content-type'), jpeg.response.headers.get('content-type')]).toEqual([
        'image/avif',
        'image/webp',
        'image/jpeg',
      ]);
      for (const variant of [avif, webp, jpeg]) {
        expect(variant.response.headers.get('vary')).toMatch(/accept/i);
        expect((await sharp(variant.bytes).metadata()).width).toBe(640);
      }
      expect((await sharp(avif.bytes).metadata()).format).toBe('heif');
      expect((await sharp(webp.bytes).metadata()).format).toBe('webp');
      expect(avif.bytes.length).toBeLessThan(jpeg.bytes.length);
      expect(webp.bytes.length).toBeLessThan(jpeg.bytes.length);
      expect(fs.existsSync(path.join(server.config.dataDir, 'media-cache', '640', 'images', 'campus-main.jpg.avif'))).toBe(true);
      // A second request is answered from the disk copy, the same bytes.
      expect((await resized(BROWSER_IMAGE_ACCEPT)).bytes.equals(avif.bytes)).toBe(true);
    });

    it('keeps the original at its own address whatever the client accepts', async () => {
      const response = await fetch(`${server.baseUrl}/media/images/campus-main.jpg`, { headers: { accept: BROWSER_IMAGE_ACCEPT } });
      expect(response.headers.get('content-type')).toBe('image/jpeg');
    });
  });
});
