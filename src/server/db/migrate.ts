import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as catalog from './migrations/0001-catalog.ts';
import * as usersAndRecords from './migrations/0002-users-and-records.ts';
import * as identity from './migrations/0003-identity.ts';
import * as menuManagement from './migrations/0004-menu-management.ts';
import * as reservations from './migrations/0005-reservations.ts';
import * as tickets from './migrations/0006-tickets.ts';
import * as kitchenBuckets from './migrations/0007-kitchen-buckets.ts';
import * as dishOptions from './migrations/0008-dish-options.ts';
import * as bills from './migrations/0009-bills.ts';
import * as staffOrders from './migrations/0010-staff-orders.ts';
import * as payments from './migrations/0011-payments.ts';
import * as paymentsBills from './migrations/0012-payments-bills.ts';
import * as deposits from './migrations/0013-deposits.ts';
import * as optionSearch from './migrations/0014-option-search.ts';
import * as billRefunds from './migrations/0015-bill-refunds.ts';
import * as keptDeposits from './migrations/0016-kept-deposits.ts';
import * as minorUnits from './migrations/0017-minor-units.ts';
import * as billsOwedBack from './migrations/0018-bills-owed-back.ts';
import * as keysAndEvents from './migrations/0019-keys-and-events.ts';
import * as printers from './migrations/0020-printers.ts';
import * as languages from './migrations/0022-languages.ts';
import * as menuInTwoLanguages from './migrations/0023-menu-in-two-languages.ts';
import * as reservationLanguage from './migrations/0024-reservation-language.ts';
import * as dayNumbers from './migrations/0025-day-numbers.ts';
import * as lineNamesInTwoLanguages from './migrations/0026-line-names-in-two-languages.ts';
import * as kitchenBucketChanges from './migrations/0027-kitchen-bucket-changes.ts';
import * as auditEntries from './migrations/0029-audit-entries.ts';
import * as keptSplits from './migrations/0031-kept-splits.ts';
import * as billCurrency from './migrations/0032-bill-currency.ts';
import * as ingredientsInTwoLanguages from './migrations/0033-ingredients-in-two-languages.ts';
import * as searchWithoutInvisibleCharacters from './migrations/0035-search-without-invisible-characters.ts';
import * as branches from './migrations/0036-branches.ts';
import * as branchScopedRows from './migrations/0037-branch-scoped-rows.ts';
import * as settingsPerBranch from './migrations/0038-settings-per-branch.ts';
import * as rolesAtBranches from './migrations/0039-roles-at-branches.ts';
import * as branchMenu from './migrations/0040-branch-menu.ts';
import * as bagBranch from './migrations/0041-bag-branch.ts';
import * as dayLookupsByBranch from './migrations/0042-day-lookups-by-branch.ts';
import * as brandSettings from './migrations/0043-brand-settings.ts';

/** Listed by hand, not read from the folder, so that the order is explicit and bundlers see them. */
const migrations = {
  '0001-catalog': catalog,
  '0002-users-and-records': usersAndRecords,
  '0003-identity': identity,
  '0004-menu-management': menuManagement,
  '0005-reservations': reservations,
  '0006-tickets': tickets,
  '0007-kitchen-buckets': kitchenBuckets,
  '0008-dish-options': dishOptions,
  '0009-bills': bills,
  '0010-staff-orders': staffOrders,
  '0011-payments': payments,
  '0012-payments-bills': paymentsBills,
  '0013-deposits': deposits,
  '0014-option-search': optionSearch,
  '0015-bill-refunds': billRefunds,
  '0016-kept-deposits': keptDeposits,
  '0017-minor-units': minorUnits,
  '0018-bills-owed-back': billsOwedBack,
  '0019-keys-and-events': keysAndEvents,
  '0020-printers': printers,
  '0022-languages': languages,
  '0023-menu-in-two-languages': menuInTwoLanguages,
  '0024-reservation-language': reservationLanguage,
  '0025-day-numbers': dayNumbers,
  '0026-line-names-in-two-languages': lineNamesInTwoLanguages,
  '0027-kitchen-bucket-changes': kitchenBucketChanges,
  '0029-audit-entries': auditEntries,
  '0031-kept-splits': keptSplits,
  '0032-bill-currency': billCurrency,
  '0033-ingredients-in-two-languages': ingredientsInTwoLanguages,
  '0035-search-without-invisible-characters': searchWithoutInvisibleCharacters,
  '0036-branches': branches,
  '0037-branch-scoped-rows': branchScopedRows,
  '0038-settings-per-branch': settingsPerBranch,
  '0039-roles-at-branches': rolesAtBranches,
  '0040-branch-menu': branchMenu,
  '0041-bag-branch': bagBranch,
  '0042-day-lookups-by-branch': dayLookupsByBranch,
  '0043-brand-settings': brandSettings,
} satisfies Record<string, Migration>;

const provider: MigrationProvider = { getMigrations: async () => migrations };

export type MigrationName = keyof typeof migrations & string;

/** Migrates to the newest schema, or up to `target` (tests replay an upgrade from an older one). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function migrateToLatest(db: Kysely<any>, target?: MigrationName): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`.replace('  ', ' '));
  }
}
