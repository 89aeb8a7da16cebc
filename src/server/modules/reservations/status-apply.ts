import { asBranchId } from '../../db/branch.ts';
import type { Kysely } from 'kysely';
import type { ReservationStatus } from '../../../shared/contract/reservations.ts';
import { RESERVATION_HOLDS_ON_ENTERING, RESERVATION_STATUS_TIME } from '../../../shared/domain/workflows.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import type { createDeposits } from './deposits.ts';
import { type ReservationRow, STATUS_TIME_COLUMNS } from './reservations.mappers.ts';
import type { createReservationsRepository } from './reservations.repository.ts';
import type { Settings } from './reservations.core.ts';
import type { BranchTables } from '../tables/tables.service.ts';

/* A status applied, as reservations.core.ts shares it: its time, its tables' holds and what it does to a deposit. */

export function createStatusApply(
  repository: ReturnType<typeof createReservationsRepository>,
  tables: BranchTables,
  deposits: ReturnType<typeof createDeposits>,
) {
  /** Applies a status with its time (a compare-and-set), then its holds, by RESERVATION_HOLDS_ON_ENTERING. */
  async function setStatus(
    trx: Kysely<AppDatabase>,
    row: ReservationRow,
    status: ReservationStatus,
    at: string,
  ): Promise<ReservationRow> {
    const time = RESERVATION_STATUS_TIME[status];
    const changed = await repository.compareAndSetStatus(trx, row, {
      status,
      ...(time ? { [STATUS_TIME_COLUMNS[time]]: at } : {}),
      updated_at: at,
    });
    if (!changed) throw conflict('reservationChangedMeanwhileLookAgain');
    const holds = RESERVATION_HOLDS_ON_ENTERING[status];
    if (holds === 'release') await tables.release(trx, row.id);
    else if (holds === 'end-now' && at > changed.starts_at && at < changed.ends_at) await tables.endAt(trx, row.id, at);
    else if (holds === 'take-again' && (await tables.retake(trx, row.id)) === 'taken')
      throw conflict('itsTableHasBeenGiven');
    return changed;
  }

  /**
   * A change of status with what it does to a deposit, in one transaction (which locked the
   * deposit's payment row before reading the reservation: `lockDeposit`): a cancel refunds or
   * keeps it, seating puts it on the bill, completing closes a bill it covers. What to run once
   * committed.
   */
  async function setStatusWithDeposit(
    trx: Kysely<AppDatabase>,
    row: ReservationRow,
    status: ReservationStatus,
    at: string,
    settings: Settings,
  ): Promise<{ row: ReservationRow; after: () => Promise<void> }> {
    const changed = await setStatus(trx, row, status, at);
    let after = async () => {};
    if (status === 'cancelled') after = await deposits.cancelled(trx, settings, row.id, at);
    if (status === 'no_show') await deposits.noShow(trx, settings, row.id, at);
    if (row.status === 'no_show' && status !== 'no_show') await deposits.noShowUndone(trx, row.id);
    if (status === 'seated')
      await deposits.seated(trx, settings, {
        id: row.id,
        partySize: changed.party_size,
        branch: asBranchId(row.branch_id),
      });
    if (status === 'completed') after = await deposits.completed(trx, settings, row.id);
    return { row: changed, after };
  }

  return { setStatus, setStatusWithDeposit };
}
