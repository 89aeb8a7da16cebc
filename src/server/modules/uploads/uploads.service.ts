import { createHash } from 'node:crypto';
import { readFile, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { OWN_UPLOAD_PATTERN } from '../../../shared/contract/users.ts';
import { HttpError } from '../../http/errors.ts';
import type { ImagesService } from '../images/images.service.ts';

/**
 * Profile photos: judged by their content (not their name or declared type), decoded and
 * re-encoded as a 512px WebP (which drops EXIF and any other metadata), and kept in the
 * database (table `images`, as `uploads/<name>`) under a name made from the encoded bytes, so
 * every app server serves them and a URL never changes what it shows (docs/reference/operations.md "Several
 * app servers"). The URL keeps the shape the profile's `userImg` accepts: /images/uploads/<uuid-shaped hash>.webp.
 */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
/** How long an uploaded photo may wait for a profile to show it. */
export const UNATTACHED_PHOTO_GRACE_MS = 24 * 60 * 60 * 1000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
const MAX_INPUT_PIXELS = 40_000_000;
const PREFIX = 'uploads/';
const URL_PREFIX = '/images/uploads/';

/** The stored name of a photo's URL ("/images/uploads/x.webp" → "uploads/x.webp"). */
export const photoName = (url: string) => `${PREFIX}${url.slice(URL_PREFIX.length)}`;

/** 32 hex digits of the content's SHA-256, shaped as a UUID (8-4-4-4-12). */
function contentKey(body: Buffer): string {
  const hex = createHash('sha256').update(body).digest('hex').slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function storePhoto(images: ImagesService, input: Buffer): Promise<string> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new HttpError(415, 'photoImageJPEGPNGWebP');
  }
  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(512, 512, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new HttpError(415, 'photoCouldNotReadImage');
  }
  const url = `${URL_PREFIX}${contentKey(output)}.webp`;
  await images.storeFile(photoName(url), 'image/webp', output);
  return url;
}

/** Removes a stored photo no profile shows any more; anything that is not one of ours is left alone. */
export async function removePhoto(
  images: ImagesService,
  url: string | null,
  inUse: (url: string) => Promise<boolean>,
): Promise<void> {
  if (!url || !OWN_UPLOAD_PATTERN.test(url) || (await inUse(url))) return;
  await images.removeFiles([photoName(url)]);
}

/**
 * Photos uploaded but never attached to a profile (a sign-up abandoned after its upload, a
 * script filling the database) are removed once older than `graceMs`: a sign-up uploads first
 * and attaches the photo a moment later, so a fresh one is left alone. Returns how many went.
 */
export async function sweepUnattachedPhotos(
  images: ImagesService,
  attached: (url: string) => Promise<boolean>,
  graceMs: number,
  now = Date.now(),
): Promise<number> {
  const names = await images.namesOlderThan(PREFIX, new Date(now - graceMs).toISOString());
  const unattached: string[] = [];
  for (const name of names) {
    const url = `${URL_PREFIX}${name.slice(PREFIX.length)}`;
    if (OWN_UPLOAD_PATTERN.test(url) && !(await attached(url))) unattached.push(name);
  }
  await images.removeFiles(unattached);
  return unattached.length;
}

/**
 * Photos that earlier versions kept as files under DATA_DIR/images/uploads move into the
 * database once, under their old names (profiles keep their URLs); the folder is then renamed
 * `uploads.imported`, so the next start has nothing to do. Returns how many moved.
 */
export async function importPhotoFiles(images: ImagesService, imagesDir: string): Promise<number> {
  const dir = join(imagesDir, 'uploads');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let moved = 0;
  for (const name of names) {
    if (!OWN_UPLOAD_PATTERN.test(`${URL_PREFIX}${name}`)) continue;
    await images.storeFile(`${PREFIX}${name}`, 'image/webp', await readFile(join(dir, name)));
    moved += 1;
  }
  await rename(dir, join(imagesDir, 'uploads.imported'));
  return moved;
}
