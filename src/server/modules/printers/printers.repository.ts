import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AppDatabase, PrintJobsTable, PrintersTable } from '../../db/schema.ts';
import type { BranchId } from '../../db/branch.ts';

export type PrinterRow = Selectable<PrintersTable>;
export type PrintJobRow = Selectable<PrintJobsTable>;
/** A job to add: its branch is the repository's. */
export type NewPrintJob = Omit<Insertable<PrintJobsTable>, 'branch_id'>;

/** The jobs still to print: queued, or sent and not confirmed. */
const WAITING = ['queued', 'sent'] as const;

/**
 * The printer whose poll address holds this secret (its sha-256), of whichever branch: the one
 * query of the printers not made with a branch. A secret is unique across the install, so the
 * CloudPRNT calls find their printer by it and then work at the printer's own branch.
 */
export const printerBySecret = (db: Kysely<AppDatabase>, hash: string) =>
  db.selectFrom('printers').selectAll().where('secret_hash', '=', hash).executeTakeFirst();

/**
 * All SQL of the printers and their jobs. A job is handed out by one compare-and-set update
 * (`claim`): it takes the job only if it is still queued or its claim ran out, so two servers
 * answering two polls at once never hand one job out twice. Made per branch (decision 062):
 * every query names the branch it was made with, so another branch's printer or job is never
 * read, changed, counted or handed out.
 */
export function createPrintersRepository(db: Kysely<AppDatabase>, branch: BranchId) {
  return {
    printers: () => db.selectFrom('printers').selectAll().where('branch_id', '=', branch).orderBy('id').execute(),
    printer: (id: number) =>
      db.selectFrom('printers').selectAll().where('branch_id', '=', branch).where('id', '=', id).executeTakeFirst(),
    insert: (row: Omit<Insertable<PrintersTable>, 'branch_id'>) =>
      db
        .insertInto('printers')
        .values({ ...row, branch_id: branch })
        .returningAll()
        .executeTakeFirstOrThrow(),
    update: (id: number, set: Partial<Omit<Insertable<PrintersTable>, 'branch_id'>>) =>
      db
        .updateTable('printers')
        .set(set)
        .where('branch_id', '=', branch)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    remove: (id: number) =>
      db.deleteFrom('printers').where('branch_id', '=', branch).where('id', '=', id).returningAll().executeTakeFirst(),
    /** A call of the printer: it was seen at `at` (never moved back by a late answer of another server). */
    async seen(id: number, at: string): Promise<void> {
      await db
        .updateTable('printers')
        .set({ last_seen: at })
        .where('branch_id', '=', branch)
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_seen', 'is', null), eb('last_seen', '<', at)]))
        .execute();
    },

    /** Jobs waiting per printer. */
    async waitingCounts(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('print_jobs')
        .select(['printer_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('branch_id', '=', branch)
        .where('status', 'in', WAITING)
        .groupBy('printer_id')
        .execute();
      return new Map(rows.map((r) => [r.printer_id, Number(r.n)]));
    },

    /** Adds jobs; one with a `dedupe` already used is skipped (another server, or an event heard twice). Answers those added. */
    async insertJobs(rows: NewPrintJob[]): Promise<PrintJobRow[]> {
      if (rows.length === 0) return [];
      return db
        .insertInto('print_jobs')
        .values(rows.map((row) => ({ ...row, branch_id: branch })))
        .onConflict((oc) => oc.column('dedupe').doNothing())
        .returningAll()
        .execute();
    },

    job: (id: number) =>
      db.selectFrom('print_jobs').selectAll().where('branch_id', '=', branch).where('id', '=', id).executeTakeFirst(),
    jobs: (printerId: number, limit: number) =>
      db
        .selectFrom('print_jobs')
        .selectAll()
        .where('branch_id', '=', branch)
        .where('printer_id', '=', printerId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    /** The printers a ticket's order went to, with their jobs' markup lines (for its recall and cancel slips). */
    ticketJobs: (ticketId: number) =>
      db
        .selectFrom('print_jobs')
        .select(['printer_id', 'id'])
        .where('branch_id', '=', branch)
        .where('ticket_id', '=', ticketId)
        .where('kind', '=', 'ticket')
        .orderBy('id')
        .execute(),

    /** The oldest job this printer holds a live claim on (a printer that sends no token fetches and confirms it). */
    live: (printerId: number, now: string) =>
      db
        .selectFrom('print_jobs')
        .selectAll()
        .where('branch_id', '=', branch)
        .where('printer_id', '=', printerId)
        .where('status', 'in', WAITING)
        .where('claimed_until', '>', now)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst(),
    /** Whether a job waits for this printer now: waiting and unclaimed, or claimed and not confirmed in time. */
    async anyClaimable(printerId: number, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('print_jobs')
        .select('id')
        .where('branch_id', '=', branch)
        .where('printer_id', '=', printerId)
        .where('status', 'in', WAITING)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * Claims this printer's oldest claimable jobs (at most `limit`) in one statement, each only if
     * no one claimed it meanwhile (the condition is checked again on every row it updates); a job
     * fetched before and not confirmed becomes a reprint. Empty when there was none, or another
     * server won them.
     */
    claimOldest: (
      printerId: number,
      token: string,
      now: string,
      until: string,
      limit: number,
    ): Promise<PrintJobRow[]> =>
      db
        .updateTable('print_jobs')
        .set((eb) => ({
          claim_token: token,
          claimed_until: until,
          reprint: eb.case().when('fetched_at', 'is not', null).then(1).else(eb.ref('reprint')).end(),
        }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('print_jobs as j')
            .select('j.id')
            .where('j.branch_id', '=', branch)
            .where('j.printer_id', '=', printerId)
            .where('j.status', 'in', WAITING)
            .where((inner) => inner.or([inner('j.claimed_until', 'is', null), inner('j.claimed_until', '<=', now)]))
            .orderBy('j.id')
            .limit(limit),
        )
        .where('branch_id', '=', branch)
        .where('status', 'in', WAITING)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .returningAll()
        .execute(),
    /** The claimed jobs fetched: sent now, to be confirmed within the new `until`; none when the token holds no live claim. */
    fetch: (printerId: number, token: string, now: string, until: string) =>
      db
        .updateTable('print_jobs')
        .set({ status: 'sent', fetched_at: now, claimed_until: until })
        .where('branch_id', '=', branch)
        .where('printer_id', '=', printerId)
        .where('claim_token', '=', token)
        .where('status', 'in', WAITING)
        .where('claimed_until', '>', now)
        .returningAll()
        .execute(),
    /** The printer's confirmation of the jobs under its token: printed, or failed with its code; only for the claim it holds. */
    async confirm(
      printerId: number,
      token: string,
      printed: boolean,
      at: string,
      failure: string | null,
    ): Promise<boolean> {
      const done = await db
        .updateTable('print_jobs')
        .set(
          printed
            ? { status: 'printed', printed_at: at, claimed_until: null }
            : { status: 'failed', failure, claimed_until: null },
        )
        .where('branch_id', '=', branch)
        .where('printer_id', '=', printerId)
        .where('claim_token', '=', token)
        .where('status', 'in', WAITING)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) > 0;
    },
  };
}

export type PrintersRepository = ReturnType<typeof createPrintersRepository>;
