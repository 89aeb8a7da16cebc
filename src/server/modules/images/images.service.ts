import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import { DISH_IMAGE_WIDTHS, MAX_DISH_IMAGE_BYTES, MAX_DISH_IMAGE_PIXELS } from '../../../shared/constants.ts';
import { DISH_IMAGE_PATTERN, dishImageSrcset } from '../../../shared/contract/catalog.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { createImagesRepository } from './images.repository.ts';

/**
 * Dish pictures (docs/reference/operations.md "Menu management"): judged by their content, never their name
 * or declared type; SVG (a document that can carry scripts) refused; re-encoded to WebP in
 * the widths of DISH_IMAGE_WIDTHS at 4:3 (which drops EXIF and any other metadata), and kept
 * in the database under a name made from the upload's content, so every app server serves
 * them and a URL never changes what it shows (cached for a year, immutable).
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const MIN_WIDTH = Math.min(...DISH_IMAGE_WIDTHS);
const ASPECT = 3 / 4;

export interface StoredPicture {
  /** The 640 px rendition: the one a dish's `img` names. */
  url: string;
  srcset: string;
}

function dishImageUrl(key: string, width: number): string {
  return `/images/dishes/${key}-${width}.webp`;
}

/** Checks an upload and returns its decoded size; throws a 4xx that says what is wrong. */
async function inspect(input: Buffer): Promise<void> {
  if (input.length > MAX_DISH_IMAGE_BYTES)
    throw new HttpError(413, 'pictureMostMB', { v0: MAX_DISH_IMAGE_BYTES / 1024 / 1024 });
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, 'fileNotPictureSendJPEG');
  }
  if (metadata.format === 'svg') throw new HttpError(415, 'svgPicturesAreNotAccepted');
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new HttpError(415, 'fileNotPictureSendJPEG');
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > MAX_DISH_IMAGE_PIXELS) {
    throw new HttpError(413, 'pictureMostMegapixelsOne', {
      v0: MAX_DISH_IMAGE_PIXELS / 1_000_000,
      v1: ((width * height) / 1_000_000).toFixed(1),
    });
  }
  if (width < MIN_WIDTH || height < MIN_WIDTH * ASPECT) {
    throw new HttpError(400, 'pictureLeastPixelsOne', { v0: MIN_WIDTH, v1: MIN_WIDTH * ASPECT, v2: width, v3: height });
  }
}

async function renditions(input: Buffer, key: string) {
  try {
    return await Promise.all(
      DISH_IMAGE_WIDTHS.map(async (width) => ({
        name: `${key}-${width}.webp`,
        contentType: 'image/webp',
        body: await sharp(input, { limitInputPixels: MAX_DISH_IMAGE_PIXELS, animated: false })
          .rotate()
          .resize(width, Math.round(width * ASPECT), { fit: 'cover', position: 'attention' })
          .webp({ quality: 78 })
          .toBuffer(),
      })),
    );
  } catch {
    throw new HttpError(415, 'pictureCouldNotReadSend');
  }
}

/** `now` is the app's clock (epoch ms): when a picture was stored (the sweep of unattached photos reads it). */
export function createImagesService(db: Kysely<AppDatabase>, now: () => number = Date.now) {
  const images = createImagesRepository(db, now);
  return {
    /** POST /api/v1/images: checks, renders and stores a dish picture; the same upload twice is stored once. */
    async storeDishPicture(input: Buffer): Promise<StoredPicture> {
      await inspect(input);
      const key = createHash('sha256').update(input).digest('hex').slice(0, 32);
      await images.insert(await renditions(input, key));
      const url = dishImageUrl(key, 640);
      return { url, srcset: dishImageSrcset(url) };
    },

    /**
     * Stores a picture the server drew itself (the demo menu) under a key of its own choosing;
     * `draw` runs only when the picture is missing. Returns whether it drew.
     */
    async ensurePicture(key: string, draw: () => Promise<Buffer>): Promise<boolean> {
      if (await images.exists(`${key}-640.webp`)) return false;
      await images.insert(await renditions(await draw(), key));
      return true;
    },

    /** Whether a dish's `img` names a stored picture. */
    async exists(url: string): Promise<boolean> {
      const match = DISH_IMAGE_PATTERN.exec(url);
      return match !== null && images.exists(`${match[1]}-${match[2]}.webp`);
    },

    read: (name: string) => images.find(name),

    /** Stores one file the server made (a profile photo) under its name; the same name is the same bytes. */
    storeFile: (name: string, contentType: string, body: Buffer) =>
      images.insert([{ name, contentType, body }], { touch: true }),
    removeFiles: (names: string[]) => images.remove(names),
    namesOlderThan: (prefix: string, before: string) => images.namesOlderThan(prefix, before),
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
