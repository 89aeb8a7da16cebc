import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import type { DemoDish } from './demo-menu.ts';

/**
 * Draws each demo dish's picture from Twemoji graphics (CC-BY 4.0, shipped in the
 * @twemoji/svg npm package): a warm plate-like backdrop, the dish's emoji large in the
 * middle and its garnish small around it. Drawn once, stored in the database in the widths of every dish picture.
 */
const WIDTH = 1024;
const HEIGHT = 768;
/** The drawing was designed at 640 × 480; everything scales with it. */
const SCALE = WIDTH / 640;

const PALETTES: Record<string, [string, string]> = {
  'Delish Burger': ['#fde68a', '#f59e0b'],
  Sandwiches: ['#fef3c7', '#fb923c'],
  'Mexcan Cuisine': ['#fecaca', '#ef4444'],
  'Italian Cuisine': ['#d9f99d', '#16a34a'],
  Salads: ['#bbf7d0', '#059669'],
  Desserts: ['#fbcfe8', '#db2777'],
  Bangladeshi: ['#fed7aa', '#c2410c'],
};

const twemojiDir = dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));

async function emoji(code: string, size: number): Promise<Buffer> {
  const svg = await readFile(join(twemojiDir, `${code}.svg`));
  return sharp(svg, { density: Math.ceil((72 * size) / 36) })
    .resize(size, size)
    .png()
    .toBuffer();
}

function backdrop([light, dark]: [string, string]): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <radialGradient id="bg" cx="50%" cy="45%" r="75%">
      <stop offset="0%" stop-color="${light}"/><stop offset="100%" stop-color="${dark}"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <ellipse cx="${WIDTH / 2}" cy="${HEIGHT / 2 + 20 * SCALE}" rx="${230 * SCALE}" ry="${190 * SCALE}" fill="#ffffff" fill-opacity="0.85"/>
  <ellipse cx="${WIDTH / 2}" cy="${HEIGHT / 2 + 20 * SCALE}" rx="${200 * SCALE}" ry="${162 * SCALE}" fill="none" stroke="#e5e7eb" stroke-width="${6 * SCALE}"/>
</svg>`);
}

/** The key of a demo dish's picture in the images table (its URLs: /images/dishes/{key}-{width}.webp). */
function demoPictureKey(slug: string): string {
  return `demo-${slug}`;
}

/** The URL a demo dish's `img` names: its 640 px rendition. */
export function demoPictureUrl(slug: string): string {
  return `/images/dishes/${demoPictureKey(slug)}-640.webp`;
}

/** Draws a demo dish's picture at 1024 × 768 (PNG, re-encoded by the images module). */
async function drawMenuImage(dish: DemoDish): Promise<Buffer> {
  const main = Math.round(260 * SCALE);
  const small = Math.round(110 * SCALE);
  const margin = Math.round(40 * SCALE);
  const spots = [
    { left: margin, top: margin },
    { left: WIDTH - small - margin, top: HEIGHT - small - margin },
    { left: WIDTH - small - margin, top: margin },
  ];
  const layers: OverlayOptions[] = [
    {
      input: await emoji(dish.emoji, main),
      left: Math.round((WIDTH - main) / 2),
      top: Math.round((HEIGHT - main) / 2 + 10 * SCALE),
    },
  ];
  for (const [i, code] of dish.garnish.entries()) {
    const spot = spots[i];
    if (spot) layers.push({ input: await emoji(code, small), ...spot });
  }
  const palette = PALETTES[dish.category] ?? ['#f5f5f4', '#a8a29e'];
  return sharp(backdrop(palette)).composite(layers).png().toBuffer();
}

/**
 * Draws the pictures that are missing and stores them through `store` (the images module's
 * ensurePicture, which renders the WebP widths); existing ones are kept. Returns how many it drew.
 */
export async function ensureMenuImages(
  store: (key: string, draw: () => Promise<Buffer>) => Promise<boolean>,
  dishes: DemoDish[],
): Promise<number> {
  let drawn = 0;
  for (const dish of dishes) {
    if (await store(demoPictureKey(dish.slug), () => drawMenuImage(dish))) drawn += 1;
  }
  return drawn;
}
