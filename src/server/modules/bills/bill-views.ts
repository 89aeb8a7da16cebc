import type { Kysely } from 'kysely';
import type { Bill } from '../../../shared/contract/bills.ts';
import { fromMinorUnits, toMinorUnits } from '../../../shared/contract/common.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { type BillParts, toBill } from './bills.mappers.ts';
import type { BillLedger } from './bills.ledger.ts';
import { billRules } from './bill-rules.ts';
import { createBillsRepository } from './bills.repository.ts';
import { keptShares, paidShares } from './kept-split.ts';

/**
 * Bills as the contract has them (bills.service.ts and its parts answer with them): their money
 * as it stands, their rules and their kept split.
 */
export function createBillViews(ledger: BillLedger) {
  async function views(
    executor: Kysely<AppDatabase>,
    ids: number[],
    settings: RestaurantSettings,
    language: Language = 'en',
  ): Promise<Bill[]> {
    const rows = await createBillsRepository(executor).bills(ids);
    const parts = await ledger.partsOf(
      executor,
      rows.map((r) => r.id),
    );
    return rows.map((row) => {
      const own = parts.get(row.id) as BillParts;
      const bill = toBill(
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
        const shares = keptShares(Number(row.split_ways), paidShares(own.payments), toMinorUnits(bill.due));
        bill.split = {
          ways: Number(row.split_ways),
          shares: shares.map((share) => ({ n: share.n, amount: fromMinorUnits(share.amount), paid: share.paid })),
        };
      }
      return bill;
    });
  }

  /** A bill as the contract has it, its lines named in `language` (decision 050). */
  async function view(
    executor: Kysely<AppDatabase>,
    id: number,
    settings: RestaurantSettings,
    language: Language = 'en',
  ): Promise<Bill> {
    const bill = (await views(executor, [id], settings, language))[0];
    if (!bill) throw notFound('noSuchBill');
    return bill;
  }

  return { views, view };
}

export type BillViews = ReturnType<typeof createBillViews>;
