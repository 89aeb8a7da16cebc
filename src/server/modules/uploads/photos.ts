import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { OWN_UPLOAD_PATTERN } from '../../../shared/contract/users.ts';
import { HttpError } from '../../http/errors.ts';

/**
 * Profile photos: judged by their content (not their name or declared type), decoded
 * and re-encoded as a 512px WebP (which drops EXIF and any other metadata), and stored
 * under a name the server chooses.
 */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
/** How long an uploaded photo may wait for a profile to show it. */
export const UNATTACHED_PHOTO_GRACE_MS = 24 * 60 * 60 * 1000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
const MAX_INPUT_PIXELS = 40_000_000;

export async function storePhoto(imagesDir: string, input: Buffer): Promise<string> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new HttpError(415, 'The photo must be an image (JPEG, PNG, WebP, GIF or AVIF)');
  }
  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(512, 512, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new HttpError(415, 'The photo could not be read as an image');
  }
  const dir = join(imagesDir, 'uploads');
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.webp`;
  const tmp = join(dir, `.${name}.tmp`);
  await writeFile(tmp, output);
  await rename(tmp, join(dir, name));
  return `/images/uploads/${name}`;
}

/** Removes a stored photo; anything that is not one of ours is left alone. */
export async function removePhoto(imagesDir: string, url: string | null): Promise<void> {
  if (!url || !OWN_UPLOAD_PATTERN.test(url)) return;
  await rm(join(imagesDir, 'uploads', url.slice('/images/uploads/'.length)), { force: true });
}

/**
 * Photos uploaded but never attached to a profile (a sign-up abandoned after its upload, a
 * script filling the disk) are removed once older than `graceMs`: a sign-up uploads first and
 * attaches the photo a moment later, so a fresh one is left alone. Returns how many went.
 */
export async function sweepUnattachedPhotos(imagesDir: string, attached: (url: string) => Promise<boolean>, graceMs: number, now = Date.now()): Promise<number> {
  const dir = join(imagesDir, 'uploads');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const url = `/images/uploads/${name}`;
    if (!OWN_UPLOAD_PATTERN.test(url)) continue;
    const info = await stat(join(dir, name)).catch(() => undefined);
    if (!info || now - info.mtimeMs < graceMs) continue;
    if (await attached(url)) continue;
    await rm(join(dir, name), { force: true });
    removed += 1;
  }
  return removed;
}
