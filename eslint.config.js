import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;

/** The folders directly under `dir`: a new feature or module is covered as soon as it exists. */
function foldersIn(dir) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const FEATURES = foldersIn('src/client/features');
const MODULES = foldersIn('src/server/modules');

/**
 * The architecture, enforced (tests/unit/project/lint-boundaries.test.ts proves each rule bites):
 * imports flow shared → client/lib → client/data → client/components → client/features →
 * client/app, and shared → server; client/data is the shared data layer (the queries several
 * features read: the user record, the restaurant's settings); a feature does not reach into
 * another feature, except into the `api/` of one it declares in FEATURE_READS; a server module reaches
 * another only through its service (a `*.service.ts` file at the top of that module's folder,
 * never its repository, routes, mappers or helpers); nothing imports in a cycle.
 */
/**
 * The calls a feature may read from another (its `api/` folder only, never its components):
 * the dish page's bag button also holds the favourite heart; the host's day book seats guests
 * at the dining room's tables; the kitchen's "All day" switches a dish's option values and reads the menu
 * to show a sold-out dish as such; staff's "New order" picks dishes and a table; checkout offers the
 * payment providers set up.
 */
const FEATURE_READS = {
  // The kitchen's busy controls change the restaurant's kitchen settings.
  kitchen: ['catalog', 'restaurant'],
  // The Floor shows the tables' open bills and the bookings that hold them (its bill panel is handed in by app/).
  tables: ['bills', 'reservations'],
  // The bag's PAY says what it will charge: the checkout's quote of that one line.
  orders: ['favorites', 'tickets'],
  // The booking form offers the payment providers set up for a large party's deposit.
  reservations: ['tables', 'payments'],
  // A deposit's return page names the booking it confirms.
  payments: ['reservations'],
  // Staff's "New order" lists the menu and the dining room's tables; checkout offers the payment providers set up.
  tickets: ['catalog', 'tables', 'payments'],
  // A guest's bill pays online (payments); "Print receipt" goes to the receipt printer when there is one (printers).
  bills: ['payments', 'printers'],
  // A printer prints the menu's categories it is given.
  printers: ['catalog'],
  // The day report names its branch and, with two or more, sets the brand's day beside it.
  reports: ['branches'],
  // Changing branch with a full bag empties it first (the bag belongs to one branch).
  branches: ['orders'],
};

/** The client files that validate with the contract's zod schemas: staff forms on lazy pages, never a guest's first load. */
const CONTRACT_VALIDATORS = [
  'src/client/features/catalog/components/option-groups-editor.tsx',
  'src/client/features/catalog/components/option-drafts.ts',
  'src/client/features/restaurant/components/settings-draft.ts',
  // Imported by both first: builds their schemas without asking for eval.
  'src/client/lib/zod-without-eval.ts',
];
const CONTRACT_TYPES_ONLY =
  "the client imports the contract as types only (`import type`): its files build zod schemas when they load, which would put zod in the guest's first load. Take a constant from @shared/contract/values.ts (zod-free; move it there), or list a staff form that validates in CONTRACT_VALIDATORS.";

const boundaries = [
  {
    target: './src/shared',
    from: ['./src/client', './src/server'],
    message: 'shared code is the bottom layer: it imports neither client nor server.',
  },
  { target: './src/server', from: './src/client', message: 'the server must not import client code.' },
  { target: './src/client', from: './src/server', message: 'the client talks to the server over HTTP only.' },
  {
    target: ['./src/client/lib', './src/client/data', './src/client/components'],
    from: ['./src/client/features', './src/client/app'],
    message: 'lib and components sit below features and app, and so does the data layer.',
  },
  {
    target: './src/client/lib',
    from: './src/client/data',
    message:
      'lib sits below the data layer: it holds no query of a capability (move the call to client/data or its feature).',
  },
  {
    target: ['./src/client/lib', './src/client/data'],
    from: './src/client/components',
    message: 'lib and data sit below components.',
  },
  {
    target: './src/client/features',
    from: './src/client/app',
    message: 'features sit below the app (router, layout, routes).',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`, ...(FEATURE_READS[feature] ?? []).map((read) => `./${read}/api`)],
    message: `features/${feature} may not import another feature: move what they share to components/, data/ or lib/, compose them in app/, or declare a read of its api/ in FEATURE_READS.`,
  })),
  // Globs, because the exception (any module's service) is one: minimatch matches absolute paths.
  ...MODULES.filter((_, i, all) => all.length > 1).map((module) => ({
    target: `./src/server/modules/${module}`,
    from: MODULES.filter((other) => other !== module).map((other) => `${ROOT}/src/server/modules/${other}/**`),
    except: [`${ROOT}/src/server/modules/*/*.service.ts`],
    message: `modules/${module} reaches another module only through its service (modules/<name>/<name>.service.ts): not its repository, routes, mappers or other files.`,
  })),
];

/**
 * The branch-scoped tables of the modules made per branch (decision 062, phase 2b), each queried
 * only by its module's repository, which is made with a branch and names it in every query: a
 * query of a branch's rows written anywhere else could forget its branch. Each module joins this
 * list when it is made per branch.
 */
const SCOPED_TABLES = {
  'src/server/modules/tables/tables.repository.ts': ['dining_tables', 'table_combinations', 'table_holds'],
  'src/server/modules/reservations/reservations.repository.ts': ['reservations'],
  'src/server/modules/printers/printers.repository.ts': ['printers', 'print_jobs'],
};

/** A Kysely query naming one of `tables` (`db.selectFrom('reservations')`, `.innerJoin('table_holds as h', …)`). */
function scopedQueries(tables) {
  return {
    selector: `CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)$/] > Literal[value=/^(${tables.join('|')})( as \\w+)?$/]`,
    message:
      "a branch-scoped table is queried only by its module repository, made per branch, which names the branch in every query (decision 062): ask that module's service at the branch instead.",
  };
}

/** The rule for files in `files`: every scoped table but those `owned`. */
function scopedTablesRule(files, owned = []) {
  const tables = Object.values(SCOPED_TABLES)
    .flat()
    .filter((table) => !owned.includes(table));
  return { files, rules: { 'no-restricted-syntax': ['error', scopedQueries(tables)] } };
}

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'tmp/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // Dependencies are TypeScript too: no-cycle parses them to follow their imports.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries, basePath: ROOT }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The browser takes the contract's types only, and its run-time constants from the zod-free
    // contract/values.ts: a contract file builds zod schemas when it loads, which put zod in the
    // guest's first load (issue 47). The staff forms that validate with the contract's own
    // schemas (lazy pages, never a public one) may.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: CONTRACT_VALIDATORS,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', allowTypeImports: true, message: CONTRACT_TYPES_ONLY }],
          patterns: [
            {
              group: [
                '@shared/contract/*',
                '!@shared/contract/values.ts',
                '**/shared/contract/*',
                '!**/shared/contract/values.ts',
              ],
              allowTypeImports: true,
              message: CONTRACT_TYPES_ONLY,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['scripts/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  // The database's own setup (migrations, the demo's seed) writes every table as it stands.
  { ...scopedTablesRule(['src/server/**/*.ts']), ignores: ['src/server/db/migrations/**', 'src/server/db/seed/**'] },
  ...Object.entries(SCOPED_TABLES).map(([file, owned]) => scopedTablesRule([file], owned)),
);
