import type { Kysely } from 'kysely';
import type { Bill } from '../../../shared/contract/bills.ts';
import { fromMinorUnits } from '../../../shared/contract/common.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { type BranchId, asBranchId } from '../../db/branch.ts';
import { notFound } from '../../http/errors.ts';
import { type BillAmounts, type BillParts, toBill } from './bills.mappers.ts';
import type { BillLedger } from './bills.ledger.ts';
import { billRules } from './bill-rules.ts';
import { type BillsAt, createBillsRepository } from './bills.repository.ts';
import { keptShares, paidShares } from './kept-split.ts';

/**
 * The settings bills are read with: one branch's, or a branch's settings by its id (bills read
 * across the brand, each priced by its own branch's rules).
 */
export type BillSettings = RestaurantSettings | ((branch: BranchId) => Promise<RestaurantSettings>);

/**
 * Bills as the contract has them (bills.service.ts and its parts answer with them): their money
 * as it stands, their rules and their kept split; with their own sums in minor units for the
 * server's callers (`withAmounts`), so that none reads the contract's numbers back.
 */
export function createBillViews(ledger: BillLedger) {
  /** Bills by id read `at` a branch (another branch's are left out) or the brand, with their sums. */
  async function withAmounts(
    executor: Kysely<AppDatabase>,
    at: BillsAt,
    ids: number[],
    settings: BillSettings,
    language: Language = 'en',
  ): Promise<{ bill: Bill; amounts: BillAmounts }[]> {
    const rows = await createBillsRepository(executor).bills(ids, at);
    const [parts, branches] = await Promise.all([
      ledger.partsOf(
        executor,
        rows.map((r) => r.id),
      ),
      settingsByBranch(settings, rows),
    ]);
    return rows.map((row) => {
      const settings = branches.get(row.branch_id) as RestaurantSettings;
      const own = parts.get(row.id) as BillParts;
      const { bill, amounts } = toBill(
        row,
        own,
        row.status === 'paid' ? undefined : ledger.moneyOf(row, own, settings),
        billRules(row, settings),
        language,
      );
      // Its amounts are in the currency it was opened in, whatever the settings say now (decision 057).
      bill.currency = row.currency ?? settings.currency;
      // A kept split (issue 58) is said while the bill is open: its shares paid and those left of the due.
      if (row.split_ways !== null && row.status === 'open') {
        const shares = keptShares(Number(row.split_ways), paidShares(own.payments), amounts.due);
        bill.split = {
          ways: Number(row.split_ways),
          shares: shares.map((share) => ({ n: share.n, amount: fromMinorUnits(share.amount), paid: share.paid })),
        };
      }
      return { bill, amounts };
    });
  }

  /** Bills as the contract has them, their lines named in `language` (decision 050). */
  async function views(
    executor: Kysely<AppDatabase>,
    at: BillsAt,
    ids: number[],
    settings: BillSettings,
    language: Language = 'en',
  ): Promise<Bill[]> {
    return (await withAmounts(executor, at, ids, settings, language)).map(({ bill }) => bill);
  }

  /** A bill as the contract has it with its own sums in minor units, its lines named in `language` (404: not `at` that branch). */
  async function viewWithAmounts(
    executor: Kysely<AppDatabase>,
    at: BillsAt,
    id: number,
    settings: BillSettings,
    language: Language = 'en',
  ): Promise<{ bill: Bill; amounts: BillAmounts }> {
    const read = (await withAmounts(executor, at, [id], settings, language))[0];
    if (!read) throw notFound('noSuchBill');
    return read;
  }

  /** A bill as the contract has it, its lines named in `language` (decision 050). */
  async function view(
    executor: Kysely<AppDatabase>,
    at: BillsAt,
    id: number,
    settings: BillSettings,
    language: Language = 'en',
  ): Promise<Bill> {
    return (await viewWithAmounts(executor, at, id, settings, language)).bill;
  }

  return { withAmounts, views, viewWithAmounts, view };
}

/** The settings of each branch the rows are at (one read per branch, each kept in memory by the restaurant service). */
async function settingsByBranch(
  settings: BillSettings,
  rows: readonly { branch_id: number }[],
): Promise<Map<number, RestaurantSettings>> {
  const branches = [...new Set(rows.map((row) => row.branch_id))];
  return new Map(
    await Promise.all(
      branches.map(
        async (branch) =>
          [branch, typeof settings === 'function' ? await settings(asBranchId(branch)) : settings] as const,
      ),
    ),
  );
}

export type BillViews = ReturnType<typeof createBillViews>;
