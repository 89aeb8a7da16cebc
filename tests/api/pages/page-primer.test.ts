import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { MAIN_BRANCH_ID } from '../../../src/server/db/branch.ts';
import { DEMO_SETTINGS } from '../../../src/server/db/seed/demo-restaurant.ts';
import { createCatalogService } from '../../../src/server/modules/catalog/catalog.service.ts';
import { startPagePrimer } from '../../../src/server/modules/pages/page-primer.ts';
import { createPagesService } from '../../../src/server/modules/pages/pages.service.ts';
import { createRestaurantService } from '../../../src/server/modules/restaurant/restaurant.service.ts';
import type { TestApp } from '../../support/test-app.ts';
import { PAGES_PUBLIC_URL, PAGES_SHELL, useShellPagesWorld } from '../../support/pages-world.ts';

/**
 * Pages made ahead of the guests (decision 078): at start and for a branch just opened its first
 * pages in each language, after a change the pages guests asked for lately; a page made ahead
 * is the one the next guest gets, not made again for them.
 */

const test = useShellPagesWorld({ email: 'primer-owner@example.com', password: 'primer-owner-password' });

/** The pages service on the real menu and settings, with a renderer that counts what it makes, by language, branch and page. */
function countedPages(t: TestApp) {
  const restaurant = createRestaurantService(t.database.db, DEMO_SETTINGS);
  const catalog = createCatalogService(t.database, { imageExists: async () => true });
  const made: string[] = [];
  const pages = createPagesService(
    {
      products: (language) => catalog.products(undefined, language),
      product: (id, language) => catalog.product(id, language),
      settings: () => restaurant.at(MAIN_BRANCH_ID).get(),
      version: () => `${catalog.version()}.${restaurant.version()}`,
      render: async (url, language, branch = '') => {
        made.push(`${language} ${branch} ${url}`);
        return { html: `<main>${language} ${branch} ${url} #${made.length}</main>`, dataScript: '' };
      },
    },
    PAGES_PUBLIC_URL,
    PAGES_SHELL,
  );
  return { pages, made, catalog, restaurant };
}

describe('the page primer', () => {
  test('makes each open branch’s first pages in each language at start, and a guest then gets them as made', async ({
    t,
  }) => {
    const { pages, made, catalog, restaurant } = countedPages(t);
    const open = ['main', 'gulshan'];
    const primer = startPagePrimer(
      {
        page: (...address) => pages.page(...address),
        inUse: () => pages.inUse(),
        isKept: (address) => pages.isKept(address),
        version: () => `${catalog.version()}.${restaurant.version()}`,
        openBranches: async () => open,
      },
      { checkMs: 60_000, settleMs: 0 },
    );
    try {
      await primer.check();
      // No branch chosen, and each open branch: home, menu, about and booking page, in English and Bangla.
      expect(made).toHaveLength(3 * 2 * 4);
      for (const branch of ['', 'main', 'gulshan'])
        for (const language of ['en', 'bn'])
          for (const url of ['/', '/products', '/about', '/reservations/new'])
            expect(made).toContain(`${language} ${branch} ${url}`);
      const page = await pages.page('/products', '', 'bn', 'gulshan');
      expect(page?.document.body).toContain('<main>bn gulshan /products #');
      expect(made, 'the guest got the page made ahead').toHaveLength(24);

      // Nothing changed, no branch opened: a round makes nothing.
      await primer.check();
      expect(made).toHaveLength(24);

      // A branch opened: its first pages, and only those.
      open.push('uttara');
      await primer.check();
      expect(made).toHaveLength(32);
      expect(made.slice(24).every((line) => line.split(' ')[1] === 'uttara')).toBe(true);
    } finally {
      await primer.stop();
    }
  });

  test('a round cut at its most pages goes on in the next from where it stopped', async ({ t }) => {
    const { pages, made, catalog, restaurant } = countedPages(t);
    const primer = startPagePrimer(
      {
        page: (...address) => pages.page(...address),
        inUse: () => pages.inUse(),
        version: () => `${catalog.version()}.${restaurant.version()}`,
        openBranches: async () => ['main', 'gulshan'],
        isKept: (address) => pages.isKept(address),
      },
      { checkMs: 60_000, settleMs: 0, maxPages: 5 },
    );
    try {
      const rounds: number[] = [];
      for (let round = 0; round < 6; round += 1) {
        const before = made.length;
        await primer.check();
        rounds.push(made.length - before);
      }
      // 24 pages (three branches, two languages, four pages) five at a time, each made once, then none.
      expect(rounds).toEqual([5, 5, 5, 5, 4, 0]);
      expect(new Set(made).size).toBe(24);
    } finally {
      await primer.stop();
    }
  });

  test('after a change makes again the pages guests asked for lately, a dish’s page too', async ({ t }) => {
    const { pages, made, catalog, restaurant } = countedPages(t);
    const primer = startPagePrimer(
      {
        page: (...address) => pages.page(...address),
        inUse: () => pages.inUse(),
        isKept: (address) => pages.isKept(address),
        version: () => `${catalog.version()}.${restaurant.version()}`,
        openBranches: async () => [],
      },
      { checkMs: 60_000, settleMs: 0 },
    );
    try {
      await primer.check();
      const dish = (await pages.page('/products/1', '', 'en', ''))?.document.body;
      expect(dish).toContain('<main>en  /products/1 #');
      const before = made.length;
      catalog.invalidate();
      await primer.check();
      // The eight pages made at start and the dish's page, once each, in the order asked last.
      expect(made.slice(before).sort()).toEqual(made.slice(0, before).sort());
      expect(made.slice(before)[0]).toBe('en  /products/1');
      // The guest gets the dish's page made again ahead (the first of the round), not one made for them.
      expect((await pages.page('/products/1', '', 'en', ''))?.document.body).toContain(`#${before + 1}</main>`);
      expect(made).toHaveLength(2 * before);
    } finally {
      await primer.stop();
    }
  });

  test('waits for a burst of changes to settle, and ends a round that a change overtakes', async ({ t }) => {
    const { pages, made, catalog, restaurant } = countedPages(t);
    let changeAt = -1;
    const sources = {
      page: async (...address: Parameters<typeof pages.page>) => {
        const page = await pages.page(...address);
        if (made.length === changeAt) catalog.invalidate();
        return page;
      },
      inUse: () => pages.inUse(),
      isKept: (address: Parameters<typeof pages.isKept>[0]) => pages.isKept(address),
      version: () => `${catalog.version()}.${restaurant.version()}`,
      openBranches: async () => [] as string[],
    };
    const primer = startPagePrimer(sources, { checkMs: 60_000, settleMs: 60_000 });
    try {
      // At start at once: no branch chosen, in English and Bangla.
      await primer.check();
      expect(made).toHaveLength(8);
      // A change not yet held for the settling time: nothing is made.
      catalog.invalidate();
      await primer.check();
      await primer.check();
      expect(made).toHaveLength(8);
    } finally {
      await primer.stop();
    }
    const quick = startPagePrimer({ ...sources, openBranches: async () => ['main'] }, { checkMs: 60_000, settleMs: 0 });
    try {
      // The third page of a round changes the menu: the round ends there, and the next makes them all.
      changeAt = made.length + 3;
      await quick.check();
      expect(made).toHaveLength(changeAt);
      await quick.check();
      expect(made.length).toBeGreaterThanOrEqual(changeAt + 16);
    } finally {
      await quick.stop();
    }
  });

  test('stops between two pages when the server closes', async ({ t }) => {
    const { pages, made, catalog, restaurant } = countedPages(t);
    const primer = startPagePrimer(
      {
        page: async (...address) => {
          const page = await pages.page(...address);
          if (made.length === 3) void primer.stop();
          return page;
        },
        inUse: () => pages.inUse(),
        isKept: (address) => pages.isKept(address),
        version: () => `${catalog.version()}.${restaurant.version()}`,
        openBranches: async () => ['main'],
      },
      { checkMs: 60_000, settleMs: 0 },
    );
    await primer.check();
    expect(made).toHaveLength(3);
  });
});

describe('a server that listens', () => {
  test('makes its pages ahead of the guests: each branch’s first pages in each language (decision 078)', async ({
    t,
  }) => {
    if (!existsSync(resolve('dist/ssr/entry-server.js')))
      throw new Error('This test reads the built renderer: run `npm run build` first');
    const lines: { msg?: string; pages?: number }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n'))
          if (line.trim()) lines.push(JSON.parse(line) as { msg?: string; pages?: number });
        done();
      },
    });
    const app = await buildApp({
      config: { ...t.config, clientDir: resolve('dist/client') },
      database: t.database,
      logger: pino({ level: 'debug' }, stream),
      announce: () => {},
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      await expect
        .poll(() => lines.find((line) => line.msg === 'made pages ahead'), { timeout: 30_000, interval: 100 })
        .toBeDefined();
      // No branch chosen and the main branch: home, menu, about and booking page in English and Bangla.
      expect(lines.find((line) => line.msg === 'made pages ahead')?.pages).toBeGreaterThanOrEqual(16);
      expect(lines.filter((line) => line.msg === 'could not render a page on the server; sent the shell')).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
