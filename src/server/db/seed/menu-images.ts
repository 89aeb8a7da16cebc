import { existsSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import type { DemoDish } from './demo-menu.ts';

/**
 * Draws each demo dish's picture from Twemoji graphics (CC-BY 4.0, shipped in the
 * @twemoji/svg npm package): a warm plate-like backdrop, the dish's emoji large in the
 * middle and its garnish small around it. Drawn once into DATA_DIR/images/menu.
 */
const WIDTH = 640;
const HEIGHT = 480;

const PALETTES: Record<string, [string, string]> = {
  'Delish Burger': ['#fde68a', '#f59e0b'],
  Sandwiches: ['#fef3c7', '#fb923c'],
  'Mexcan Cuisine': ['#fecaca', '#ef4444'],
  'Italian Cuisine': ['#d9f99d', '#16a34a'],
  Salads: ['#bbf7d0', '#059669'],
  Desserts: ['#fbcfe8', '#db2777'],
};

const twemojiDir = dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));

async function emoji(code: string, size: number): Promise<Buffer> {
  const svg = await readFile(join(twemojiDir, `${code}.svg`));
  return sharp(svg, { density: Math.ceil((72 * size) / 36) }).resize(size, size).png().toBuffer();
}

function backdrop([light, dark]: [string, string]): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <radialGradient id="bg" cx="50%" cy="45%" r="75%">
      <stop offset="0%" stop-color="${light}"/><stop offset="100%" stop-color="${dark}"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <ellipse cx="${WIDTH / 2}" cy="${HEIGHT / 2 + 20}" rx="230" ry="190" fill="#ffffff" fill-opacity="0.85"/>
  <ellipse cx="${WIDTH / 2}" cy="${HEIGHT / 2 + 20}" rx="200" ry="162" fill="none" stroke="#e5e7eb" stroke-width="6"/>
</svg>`);
}

export function menuImagePath(slug: string): string {
  return `/images/menu/${slug}.webp`;
}

export async function drawMenuImage(dish: DemoDish, file: string): Promise<void> {
  const main = 260;
  const small = 110;
  const spots = [
    { left: 40, top: 40 },
    { left: WIDTH - small - 40, top: HEIGHT - small - 40 },
    { left: WIDTH - small - 40, top: 40 },
  ];
  const layers: OverlayOptions[] = [
    { input: await emoji(dish.emoji, main), left: (WIDTH - main) / 2, top: (HEIGHT - main) / 2 + 10 },
  ];
  for (const [i, code] of dish.garnish.entries()) {
    const spot = spots[i];
    if (spot) layers.push({ input: await emoji(code, small), ...spot });
  }
  const palette = PALETTES[dish.category] ?? ['#f5f5f4', '#a8a29e'];
  const tmp = `${file}.tmp`;
  await sharp(backdrop(palette)).composite(layers).webp({ quality: 78 }).toFile(tmp);
  await rename(tmp, file);
}

/** Draws the pictures that are missing; existing ones are kept. */
export async function ensureMenuImages(imagesDir: string, dishes: DemoDish[]): Promise<number> {
  const dir = join(imagesDir, 'menu');
  await mkdir(dir, { recursive: true });
  let drawn = 0;
  for (const dish of dishes) {
    const file = join(dir, `${dish.slug}.webp`);
    if (existsSync(file)) continue;
    await drawMenuImage(dish, file);
    drawn += 1;
  }
  return drawn;
}
