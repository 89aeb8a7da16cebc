// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layering rules of eslint.config.js bite: a file that breaks one makes lint fail with
 * the rule's message. Each probe is linted as if it stood at the given place in src/.
 */
const eslint = new ESLint();

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

// Linting loads the TypeScript resolver and parses what imports lead to: seconds on a loaded machine.
describe('lint: import boundaries', { timeout: 120_000 }, () => {
  it('passes a file that imports downwards only', async () => {
    const code =
      "import { PATHS } from '@shared/paths.ts';\nimport { formatPrice } from '@client/lib/format.ts';\nexport const x = [PATHS, formatPrice];\n";
    expect(await ruleIds('src/client/features/orders/probe.ts', code)).toEqual([]);
  });

  it('refuses lib importing a feature, a feature importing another, shared importing the server, the client importing the server', async () => {
    const cases: [string, string, RegExp][] = [
      [
        'src/client/lib/probe.ts',
        "import { useProduct } from '@client/features/catalog/api/get-product.ts';\nexport const x = useProduct;\n",
        /lib and components sit below/,
      ],
      [
        'src/client/features/orders/probe.ts',
        "import { useProduct } from '../catalog/api/get-product.ts';\nexport const x = useProduct;\n",
        /may not import another feature/,
      ],
      [
        'src/client/features/orders/probe.ts',
        "import { AppRoutes } from '@client/app/router.tsx';\nexport const x = AppRoutes;\n",
        /features sit below the app/,
      ],
      [
        'src/shared/probe.ts',
        "import { loadConfig } from '../server/config.ts';\nexport const x = loadConfig;\n",
        /shared code is the bottom layer/,
      ],
      [
        'src/client/lib/probe.ts',
        "import { loadConfig } from '../../server/config.ts';\nexport const x = loadConfig;\n",
        /HTTP only/,
      ],
    ];
    for (const [file, code, message] of cases) {
      const found = await ruleIds(file, code);
      expect(
        found.some((m) => m.startsWith('import-x/no-restricted-paths') && message.test(m)),
        `${file}: ${found.join('; ')}`,
      ).toBe(true);
    }
  });

  it('keeps the client data layer between lib and the features, and lets a feature read only the api/ it declares', async () => {
    const refused: [string, string, RegExp][] = [
      [
        'src/client/data/probe.ts',
        "import { useProduct } from '@client/features/catalog/api/get-product.ts';\nexport const x = useProduct;\n",
        /sit below features and app/,
      ],
      [
        'src/client/data/probe.ts',
        "import { Modal } from '@client/components/ui/modal.tsx';\nexport const x = Modal;\n",
        /lib and data sit below components/,
      ],
      [
        'src/client/lib/probe.ts',
        "import { useRestaurant } from '@client/data/restaurant.ts';\nexport const x = useRestaurant;\n",
        /lib sits below the data layer/,
      ],
      [
        'src/client/features/orders/probe.ts',
        "import { FavoriteOrdersTable } from '../favorites/components/favorite-orders-table.tsx';\nexport const x = FavoriteOrdersTable;\n",
        /may not import another feature/,
      ],
      [
        'src/client/features/orders/probe.ts',
        "import { useDiningTables } from '../tables/api/tables.ts';\nexport const x = useDiningTables;\n",
        /may not import another feature/,
      ],
      [
        'src/client/features/tables/probe.ts',
        "import { useProduct } from '../catalog/api/get-product.ts';\nexport const x = useProduct;\n",
        /may not import another feature/,
      ],
    ];
    for (const [file, code, message] of refused) {
      const found = await ruleIds(file, code);
      expect(
        found.some((m) => m.startsWith('import-x/no-restricted-paths') && message.test(m)),
        `${file}: ${found.join('; ')}`,
      ).toBe(true);
    }
    const allowed: [string, string][] = [
      [
        'src/client/features/orders/probe.ts',
        "import { useAddFavorite } from '../favorites/api/favorites.ts';\nexport const x = useAddFavorite;\n",
      ],
      [
        'src/client/features/reservations/probe.ts',
        "import { useDiningTables } from '@client/features/tables/api/tables.ts';\nexport const x = useDiningTables;\n",
      ],
      [
        'src/client/features/tickets/probe.ts',
        "import { useRestaurant } from '@client/data/restaurant.ts';\nexport const x = useRestaurant;\n",
      ],
      [
        'src/client/components/records/probe.ts',
        "import { useOwnRecord } from '@client/data/account-record.ts';\nexport const x = useOwnRecord;\n",
      ],
    ];
    for (const [file, code] of allowed) expect(await ruleIds(file, code), file).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const dir = join('src', 'client', 'lib');
    const a = join(dir, 'zz-cycle-probe-a.ts');
    const b = join(dir, 'zz-cycle-probe-b.ts');
    writeFileSync(b, "import { a } from './zz-cycle-probe-a.ts';\nexport const b = () => a;\n");
    writeFileSync(a, "import { b } from './zz-cycle-probe-b.ts';\nexport const a = () => b;\n");
    try {
      const found = await ruleIds(a, "import { b } from './zz-cycle-probe-b.ts';\nexport const a = () => b;\n");
      expect(
        found.some((m) => m.startsWith('import-x/no-cycle')),
        found.join('; '),
      ).toBe(true);
    } finally {
      rmSync(a, { force: true });
      rmSync(b, { force: true });
    }
  });

  it('lets a server module reach another only through its service', async () => {
    const allowed =
      "import type { CatalogService } from '../catalog/catalog.service.ts';\nexport type X = CatalogService;\n";
    expect(await ruleIds('src/server/modules/favorites/probe.ts', allowed)).toEqual([]);
    const refused: [string, string][] = [
      [
        'src/server/modules/favorites/probe.ts',
        "import { createCatalogRepository } from '../catalog/catalog.repository.ts';\nexport const x = createCatalogRepository;\n",
      ],
      [
        'src/server/modules/favorites/probe.ts',
        "import { catalogRoutes } from '../catalog/catalog.routes.ts';\nexport const x = catalogRoutes;\n",
      ],
      [
        'src/server/modules/accounts/probe.ts',
        "import { removeIdentity } from '../auth/identity-accounts.ts';\nexport const x = removeIdentity;\n",
      ],
      [
        'src/server/modules/accounts/probe.ts',
        "import type { Identity } from '../auth/identity.ts';\nexport type X = Identity;\n",
      ],
    ];
    for (const [file, code] of refused) {
      const found = await ruleIds(file, code);
      expect(
        found.some(
          (m) =>
            m.startsWith('import-x/no-restricted-paths') && /reaches another module only through its service/.test(m),
        ),
        `${file}: ${found.join('; ')}`,
      ).toBe(true);
    }
  });

  it("refuses a query of a branch-scoped table outside its module's repository (decision 062)", async () => {
    const query = (table: string) =>
      `import type { Kysely } from 'kysely';\nexport const q = (db: Kysely<never>) => db.selectFrom('${table}');\n`;
    const joined =
      "import type { Kysely } from 'kysely';\nexport const q = (db: Kysely<never>) => db.selectFrom('tickets').innerJoin('table_holds as h', 'a', 'b');\n";
    const scoped = (found: string[]) =>
      found.some((m) => m.startsWith('no-restricted-syntax') && /only by its module repository/.test(m));
    for (const [file, code] of [
      ['src/server/modules/kitchen/probe.ts', query('reservations')],
      ['src/server/modules/reports/probe.ts', query('dining_tables')],
      ['src/server/modules/reservations/reservations.repository.ts', query('print_jobs')],
      ['src/server/db/probe.ts', joined],
    ] as const)
      expect(scoped(await ruleIds(file, code)), `${file}`).toBe(true);
    // Its own repository, a table not yet made per branch, and the database's own setup may.
    for (const [file, code] of [
      ['src/server/modules/reservations/reservations.repository.ts', query('reservations')],
      ['src/server/modules/tables/tables.repository.ts', joined],
      ['src/server/modules/kitchen/probe.ts', query('tickets')],
      ['src/server/db/seed/probe.ts', query('dining_tables')],
    ] as const)
      expect(scoped(await ruleIds(file, code)), `${file}`).toBe(false);
  });

  it('covers a feature or module folder as soon as it exists (the lists follow the folders)', () => {
    const feature = join('src', 'client', 'features', 'zz-probe-feature');
    const module = join('src', 'server', 'modules', 'zz-probe-module');
    const probes = {
      [join(feature, 'probe.ts')]:
        "import { useProduct } from '../catalog/api/get-product.ts';\nexport const x = useProduct;\n",
      [join(module, 'probe.ts')]:
        "import { createCatalogRepository } from '../catalog/catalog.repository.ts';\nexport const x = createCatalogRepository;\n",
      [join(module, 'allowed.ts')]:
        "import type { CatalogService } from '../catalog/catalog.service.ts';\nexport type X = CatalogService;\n",
    };
    mkdirSync(feature, { recursive: true });
    mkdirSync(module, { recursive: true });
    try {
      for (const [file, code] of Object.entries(probes)) writeFileSync(file, code);
      // A fresh process loads the config afresh, so it reads the folders as they are now.
      const run = spawnSync(
        process.execPath,
        ['node_modules/eslint/bin/eslint.js', '--format', 'json', ...Object.keys(probes)],
        { encoding: 'utf8' },
      );
      const results = JSON.parse(run.stdout) as {
        filePath: string;
        messages: { ruleId: string | null; message: string }[];
      }[];
      const messagesOf = (file: string) =>
        (results.find((r) => r.filePath.endsWith(file))?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
      const fromFeature = messagesOf(join(feature, 'probe.ts'));
      expect(
        fromFeature.some((m) => /features\/zz-probe-feature may not import another feature/.test(m)),
        fromFeature.join('; '),
      ).toBe(true);
      const fromModule = messagesOf(join(module, 'probe.ts'));
      expect(
        fromModule.some((m) => /modules\/zz-probe-module reaches another module only through its service/.test(m)),
        fromModule.join('; '),
      ).toBe(true);
      expect(messagesOf(join(module, 'allowed.ts'))).toEqual([]);
    } finally {
      rmSync(feature, { recursive: true, force: true });
      rmSync(module, { recursive: true, force: true });
    }
  });

  it('lets the client take the contract as types only, and its constants from the zod-free values.ts (issue 47)', async () => {
    const file = 'src/client/features/orders/probe.ts';
    const refused = [
      "import { TICKET_MESSAGES } from '@shared/contract/tickets.ts';\nexport const x = TICKET_MESSAGES;\n",
      "import { type Ticket, ticketResponse } from '@shared/contract/tickets.ts';\nexport const x: Ticket | typeof ticketResponse | null = null;\n",
      "import { recordId } from '../../../shared/contract/common.ts';\nexport const x = recordId;\n",
      "import { z } from 'zod';\nexport const x = z.string();\n",
    ];
    for (const code of refused) {
      const found = await ruleIds(file, code);
      expect(
        found.some((m) => m.startsWith('@typescript-eslint/no-restricted-imports') && /contract as types only/.test(m)),
        `${code}: ${found.join('; ')}`,
      ).toBe(true);
    }
    const allowed = [
      "import type { Ticket } from '@shared/contract/tickets.ts';\nexport type X = Ticket;\n",
      "import { TICKET_MESSAGES } from '@shared/contract/values.ts';\nexport const x = TICKET_MESSAGES;\n",
      "import type { z } from 'zod';\nexport type X = z.ZodType;\n",
    ];
    for (const code of allowed) expect(await ruleIds(file, code), code).toEqual([]);
    // The server validates with the contract as ever.
    expect(
      await ruleIds('src/server/modules/orders/probe.ts', "import { z } from 'zod';\nexport const x = z.string();\n"),
    ).toEqual([]);
  });

  it('passes the tree as it stands', async () => {
    const boundariesOnly = new ESLint({ ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths' });
    const results = await boundariesOnly.lintFiles(['src']);
    const problems = results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.message}`));
    expect(problems).toEqual([]);
    expect(results.length).toBeGreaterThan(100);
  });
});
