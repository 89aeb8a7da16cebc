import { describe, expect, it } from 'vitest';
import { signInInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * The owner's texts in both languages in a real browser (decision 047): the menu in Bangla shows
 * a dish's Bangla name, in English its English one, both rendered by the server and after
 * hydration; the owner writes a dish's Bangla name in the Menu page's dish dialog ("Name in
 * Bangla (বাংলা)"), and a guest reading Bangla sees it after a reload.
 */
const ADMIN = { email: 'owner-names@example.com', password: 'owner-names-password' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });

describe('dish names in both languages', () => {
  it(
    'the menu in Bangla names the dishes in Bangla, in English in English; the owner saves a Bangla name',
    { timeout: 120_000 },
    async () => {
      const { page: guest } = await suite.open();
      await guest.goto('/products?lang=bn');
      expect(await guest.locator('html').getAttribute('lang')).toBe('bn');
      await guest.getByRole('heading', { name: 'কাচ্চি বিরিয়ানি' }).first().waitFor();
      await guest.getByRole('heading', { name: 'ফুচকা', exact: true }).first().waitFor();
      expect(await guest.getByRole('heading', { name: 'Kacchi Biryani' }).count()).toBe(0);
      // The server's HTML already has it (the page reads without JavaScript).
      const html = await (await guest.request.get(`${suite.server.baseUrl}/products?lang=bn`)).text();
      expect(html).toContain('কাচ্চি বিরিয়ানি');
      expect(html).not.toContain('>Kacchi Biryani<');

      await guest.goto('/products?lang=en');
      await guest.getByRole('heading', { name: 'Kacchi Biryani' }).first().waitFor();
      expect(await guest.getByRole('heading', { name: 'কাচ্চি বিরিয়ানি' }).count()).toBe(0);

      // The owner (in English) gives the Glazed Donut a new Bangla name in the dish dialog.
      const { page: owner, context } = await suite.open();
      await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      await owner.goto('/dashboard/menu?lang=en');
      await owner.getByRole('button', { name: 'Edit Glazed Donut' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Edit Glazed Donut' });
      const bangla = dialog.getByLabel('Name in Bangla (বাংলা)');
      expect(await bangla.inputValue()).toBe('গ্লেজড ডোনাট');
      expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Glazed Donut');
      expect(await dialog.getByLabel('Description in Bangla (বাংলা)').inputValue()).toContain('ভ্যানিলা');
      await bangla.fill('মধু ডোনাট');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const donut = suite.menu.find((dish) => dish.name === 'Glazed Donut');
      await guest.goto(`/products/${donut?._id}?lang=bn`);
      await guest.getByRole('heading', { name: 'মধু ডোনাট', level: 1 }).waitFor();
      await guest.goto(`/products/${donut?._id}?lang=en`);
      await guest.getByRole('heading', { name: 'Glazed Donut', level: 1 }).waitFor();
    },
  );
});
