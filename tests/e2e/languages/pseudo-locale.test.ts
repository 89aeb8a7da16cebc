import { describe, expect, it } from 'vitest';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { ownerData, textsOutsideCatalogs } from '../../support/pseudo-texts.ts';

/**
 * The pseudo-locale run (docs/reference/service.md "Bangla and English", decision 045): the server started with
 * I18N_PSEUDO=1 writes every catalog text as "⟦Çlöšé⟧", in the pages it renders and in the
 * browser alike; a visible text left without brackets did not come from the catalogs. What the
 * owner wrote (dish names, categories, ingredients, the restaurant's name and address) is data,
 * not a text of the product, and is taken out first. The back office: pseudo-locale-office.test.ts.
 */
const suite = useE2eSuite({ env: { I18N_PSEUDO: '1' } });

describe('the pseudo-locale run', () => {
  it(
    'shows no text outside the catalogs on the guest`s main screens, header and footer included',
    { timeout: 120_000 },
    async () => {
      const base = suite.server.baseUrl;
      const restaurant = (
        (await (await fetch(`${base}/api/v1/restaurant`)).json()) as {
          data: { name: string; address: string; phone: string };
        }
      ).data;
      const { page } = await suite.open();
      const dish = suite.menu[0];
      const paths = [
        '/',
        '/products',
        `/products/${dish?._id}`,
        '/about',
        '/branches',
        '/branches/main',
        '/reservations/new',
        '/signIn',
        '/signUp',
        '/checkout',
      ];
      expect(await textsOutsideCatalogs(page, paths, ownerData(suite.menu, restaurant))).toEqual([]);
    },
  );
});
