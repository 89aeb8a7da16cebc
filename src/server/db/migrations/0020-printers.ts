import { type Kysely, sql } from 'kysely';
import { serialId } from './dialect.ts';

/**
 * Printers that pull their jobs (docs/reference/service.md, issue 49, decision 043).
 *
 * - `printers`: a name, a role (kitchen, bar, receipt), the categories a kitchen or bar printer
 *   prints (JSON list of names), the paper width, and the sha-256 of its secret address (the
 *   secret itself is shown once and never kept). `last_seen` is its last poll.
 * - `print_jobs`: one row per job with its printer and status (queued, sent, printed, failed);
 *   the document as receiptline markup (rendered into the printer's bytes when fetched). A claim
 *   (`claim_token`, `claimed_until`) is set by one compare-and-set update, so two app servers
 *   never hand out one job; the jobs waiting for a printer go out together under one token, at
 *   most 10, each cut apart; `dedupe` makes a ticket's order, its cancel slip and a bill's
 *   receipt one row per printer however many servers announce them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('printers')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('kitchen', 'bar', 'receipt')`))
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('paper_mm', 'integer', (c) => c.notNull().check(sql`paper_mm in (58, 80)`))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('last_seen', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('print_jobs')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('printer_id', 'integer', (c) => c.notNull().references('printers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('ticket', 'recall', 'cancel', 'receipt', 'test')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'integer')
    .addColumn('bill_id', 'integer')
    .addColumn('dedupe', 'text', (c) => c.unique())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'sent', 'printed', 'failed')`))
    .addColumn('reprint', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claim_token', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('fetched_at', 'text')
    .addColumn('printed_at', 'text')
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('print_jobs_queue_idx')
    .on('print_jobs')
    .columns(['printer_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('print_jobs_claim_idx').on('print_jobs').columns(['printer_id', 'claim_token']).execute();
  await db.schema.createIndex('print_jobs_ticket_idx').on('print_jobs').columns(['ticket_id', 'kind']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('print_jobs').execute();
  await db.schema.dropTable('printers').execute();
}
