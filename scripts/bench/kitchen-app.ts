import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerProcess } from '../../tests/support/app-process.ts';
import { allDayKitchen, startApp } from './measure.ts';
import { call, signIn } from './reservations.ts';

export interface KitchenApp {
  app: ServerProcess;
  /** The administrator's session token. */
  admin: string;
  /** The menu's dishes without options that can be ordered. */
  dishes: { _id: string; options: unknown[]; available: boolean }[];
}

/**
 * A server as `npm start` runs it on a database of its own, its kitchen open all day, the
 * administrator signed in and the plain dishes read; stopped and its files removed after `use`.
 */
export async function withKitchenApp<T>(
  name: string,
  admin: { email: string; password: string },
  use: (kitchen: KitchenApp) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `storefront-bench-${name}-`));
  const app = await startApp({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    TRUST_PROXY: '1',
  });
  try {
    const token = await signIn(app.base, admin.email, admin.password, '10.9.0.1');
    const settings = await call(app.base, 'PATCH', '/api/v1/restaurant', token, allDayKitchen());
    if (settings.status !== 200) throw new Error(`settings: ${JSON.stringify(settings.body)}`);
    const dishes = (
      (await call(app.base, 'GET', '/api/v1/allProductsData', token)).body as { data: KitchenApp['dishes'] }
    ).data.filter((d) => d.options.length === 0 && d.available);
    return await use({ app, admin: token, dishes });
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
