import { describe, expect } from 'vitest';
import { rootOf, useBuiltPagesWorld } from '../../support/pages-world.ts';

/**
 * The branches' pages rendered on the server with their content (issue 57 phase 1), read as a
 * crawler or a browser without JavaScript gets them: the built client and renderer (`npm run
 * build`), a real database. The heads are tests/api/branches/branches-pages.test.ts; the browser,
 * tests/e2e/guest/branches.test.ts.
 */

const test = useBuiltPagesWorld({ email: 'branches-ssr-owner@example.com', password: 'branches-ssr-owner-password' });

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

describe("the branches' pages, rendered", () => {
  test('/branches lists the open branches, each with its address and a link to its page', async ({ app }) => {
    const res = await app.inject({ method: 'GET', url: '/branches' });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(text(root)).toContain('Our branches');
    expect(text(root)).toContain('12 Lake Road, Dhanmondi, Dhaka 1209');
    expect(root).toMatch(/<a [^>]*href="\/branches\/main"[^>]*>Saffron Table<\/a>/);
  });

  test('/branches/{slug} shows the branch\'s name, address with a map link, phone, the week\'s hours, the menu and "Book a table here"', async ({
    app,
  }) => {
    const res = await app.inject({ method: 'GET', url: '/branches/main' });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    const words = text(root);
    expect(words).toContain('Saffron Table');
    expect(words).toMatch(/Monday .*Tuesday .*Sunday/);
    expect(words).toContain('11:00–15:00, 17:30–23:00');
    expect(root).toContain(
      'href="https://www.openstreetmap.org/search?query=12%20Lake%20Road%2C%20Dhanmondi%2C%20Dhaka%201209"',
    );
    expect(root).toContain('href="tel:+8801700000000"');
    expect(root).toMatch(/<a [^>]*href="\/reservations\/new"[^>]*>Book a table here<\/a>/);
    expect(root).toMatch(/<a [^>]*href="\/products"[^>]*>See the menu<\/a>/);
  });

  test('in Bangla: the page speaks it, and the branch carries its Bangla name', async ({ app, t }) => {
    await t.database.db.updateTable('branches').set({ name_bn: 'সাফরন টেবিল' }).where('id', '=', 1).execute();
    const res = await app.inject({ method: 'GET', url: '/branches/main?lang=bn' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="bn"');
    const words = text(rootOf(res.body));
    expect(words).toContain('সাফরন টেবিল');
    expect(words).toContain('এখানে টেবিল বুক করুন');
    await t.database.db.updateTable('branches').set({ name_bn: null }).where('id', '=', 1).execute();
  });

  test("an unknown branch's page is the app's not-found screen, with status 404", async ({ app }) => {
    const res = await app.inject({ method: 'GET', url: '/branches/gulshan' });
    expect(res.statusCode).toBe(404);
    expect(text(rootOf(res.body))).toContain('No such branch');
  });
});
