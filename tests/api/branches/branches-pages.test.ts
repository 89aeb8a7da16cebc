import { describe, expect } from 'vitest';
import { PAGES_PUBLIC_URL, useShellPagesWorld } from '../../support/pages-world.ts';

/**
 * The branches' public pages as the server sends them (issue 57 phase 1, docs/reference/
 * branches.md "Guests"): /branches and /branches/{slug} with their status, title and schema.org
 * JSON-LD (a Restaurant for the branch; the brand's Organization with its branches as
 * `subOrganization`, on /branches and on the home beside its Restaurant); an unknown slug 404,
 * an archived one 410; the sitemap lists them in each language. A stand-in shell, as in
 * pages.test.ts: the heads, not the bodies (tests/api/pages/server-rendering.test.ts reads those).
 */

const PUBLIC_URL = PAGES_PUBLIC_URL;

const test = useShellPagesWorld({ email: 'branch-pages-owner@example.com', password: 'branch-pages-owner-password' });

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] as string) as Record<string, unknown>,
  );
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("the branches' pages", () => {
  test("/branches/{slug}: the branch's name, and a Restaurant for it with its own page, phone, address and hours", async ({
    app,
  }) => {
    const res = await app.inject({ method: 'GET', url: '/branches/main' });
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe('Saffron Table | Saffron Table');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/branches/main" />`);
    expect(res.body).toMatch(
      /<meta name="description" content="Saffron Table: 12 Lake Road, Dhanmondi, Dhaka 1209, phone \+880 1700-000000\./,
    );
    const [restaurant, ...others] = jsonLd(res.body);
    expect(others).toEqual([]);
    expect(restaurant).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: 'Saffron Table',
      url: `${PUBLIC_URL}/branches/main`,
      telephone: '+880 1700-000000',
      address: { '@type': 'PostalAddress', streetAddress: '12 Lake Road, Dhanmondi, Dhaka 1209' },
      acceptsReservations: true,
      hasMenu: `${PUBLIC_URL}/products`,
    });
    expect((restaurant?.openingHoursSpecification as unknown[]).length).toBe(14);
    // Asked for by its id, the page names its address by slug.
    const byId = await app.inject({ method: 'GET', url: '/branches/1' });
    expect(byId.statusCode).toBe(200);
    expect(byId.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/branches/main" />`);
  });

  test('/branches: the list, with the brand as an Organization of its branches', async ({ app }) => {
    const res = await app.inject({ method: 'GET', url: '/branches' });
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe('Our branches | Saffron Table');
    const [brand] = jsonLd(res.body);
    expect(brand).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Saffron Table',
      url: PUBLIC_URL,
    });
    expect(brand?.subOrganization).toEqual([
      expect.objectContaining({ '@type': 'Restaurant', name: 'Saffron Table', url: `${PUBLIC_URL}/branches/main` }),
    ]);
    // In Bangla: the head's texts from the catalog.
    const bangla = await app.inject({ method: 'GET', url: '/branches?lang=bn' });
    expect(title(bangla.body)).toBe('আমাদের শাখাগুলো | Saffron Table');
  });

  test("the home keeps its Restaurant first and gains the brand's Organization with the branches", async ({ app }) => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const [restaurant, brand, ...more] = jsonLd(res.body);
    expect(restaurant).toMatchObject({ '@type': 'Restaurant', name: 'Saffron Table', url: PUBLIC_URL });
    expect(brand).toMatchObject({
      '@type': 'Organization',
      name: 'Saffron Table',
      subOrganization: [{ '@type': 'Restaurant', url: `${PUBLIC_URL}/branches/main` }],
    });
    expect(more).toEqual([]);
  });

  test('an unknown branch is 404 and an archived one 410, with no JSON-LD', async ({ app, t }) => {
    const unknown = await app.inject({ method: 'GET', url: '/branches/gulshan' });
    expect(unknown.statusCode).toBe(404);
    expect(title(unknown.body)).toBe('Branch not found | Saffron Table');
    expect(jsonLd(unknown.body)).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/branches/Not%20A%20Slug' })).statusCode).toBe(404);

    await t.database.db
      .insertInto('branches')
      .values({
        id: 2,
        slug: 'old-town',
        name_bn: null,
        position: 2,
        archived_at: '2026-11-01T00:00:00.000Z',
        created_at: '2025-01-01T00:00:00.000Z',
      })
      .execute();
    const archived = await app.inject({ method: 'GET', url: '/branches/old-town' });
    expect(archived.statusCode).toBe(410);
    expect(jsonLd(archived.body)).toEqual([]);
    // Neither in the list's Organization nor in the sitemap.
    const sitemap = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).not.toContain('/branches/old-town');
    await t.database.db.deleteFrom('branches').where('id', '=', 2).execute();
  });

  test('the sitemap lists /branches and every branch page, each in every language', async ({ app }) => {
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    const urls = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ['/branches', '/branches/main']) {
      expect(urls).toContain(`${PUBLIC_URL}${path}`);
      expect(urls).toContain(`${PUBLIC_URL}${path}?lang=en`);
      expect(urls).toContain(`${PUBLIC_URL}${path}?lang=bn`);
    }
    expect(sitemap.body).toContain(
      `<xhtml:link rel="alternate" hreflang="bn" href="${PUBLIC_URL}/branches/main?lang=bn"/>`,
    );
  });
});
