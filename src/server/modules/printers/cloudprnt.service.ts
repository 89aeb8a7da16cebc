import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PRINT_CLAIM_MS } from '../../../shared/contract/printers.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { asBranchId } from '../../db/branch.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { MEDIA_TYPES, isMediaType, render } from './printers.render.ts';
import {
  type PrintJobRow,
  type PrinterRow,
  type PrintersRepository,
  createPrintersRepository,
  printerBySecret,
} from './printers.repository.ts';
import { restaurantWriterOf } from './print-jobs.ts';
import type { PrintersDeps } from './printers.service.ts';

/** At most this many waiting jobs go to a printer as one CloudPRNT job (each cut apart): a rush prints without a round trip per ticket. */
const CLAIM_BATCH = 10;
/** How often a printer's polls are written down as its last poll. */
const SEEN_EVERY_MS = 1000;
export const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * The printer's own calls (Star CloudPRNT: poll → job token, fetch in a media type, confirm with
 * a code), authorised by the secret in its address. The secret is unique across the install: the
 * printer is found by it, of whichever branch, and the call then works at the printer's own
 * branch (decision 062), so that it claims, fetches and confirms only that branch's jobs.
 */
export function createCloudPrnt(db: Kysely<AppDatabase>, deps: Pick<PrintersDeps, 'restaurant' | 'now'>) {
  const iso = (ms = deps.now()) => new Date(ms).toISOString();

  /** The printer of this secret and the repository of its branch. */
  async function printerOfSecret(secret: string) {
    const printer = await printerBySecret(db, hashOf(secret));
    if (!printer) throw notFound('unknownPrinter');
    return { printer, repository: createPrintersRepository(db, asBranchId(printer.branch_id)) };
  }

  /** The printer's oldest waiting jobs, claimed under one token; when another server took them meanwhile, the next ones. */
  async function claimNext(repository: PrintersRepository, printer: PrinterRow, now: string): Promise<PrintJobRow[]> {
    const until = iso(Date.parse(now) + PRINT_CLAIM_MS);
    for (;;) {
      const claimed = await repository.claimOldest(printer.id, randomUUID(), now, until, CLAIM_BATCH);
      if (claimed.length > 0) return claimed;
      if (!(await repository.anyClaimable(printer.id, now))) return [];
    }
  }

  /** A call of the printer: seen now (written at most once a second: it polls often, and offline is 30 s). */
  async function seen(repository: PrintersRepository, printer: PrinterRow, now: string): Promise<void> {
    if (printer.last_seen === null || Date.parse(printer.last_seen) <= Date.parse(now) - SEEN_EVERY_MS)
      await repository.seen(printer.id, now);
  }

  return {
    /** POST poll: the printer is seen; a job is claimed for it, its token answered. */
    async poll(
      secret: string,
      printingInProgress: boolean,
    ): Promise<{ jobReady: boolean; mediaTypes?: string[]; jobToken?: string; deleteMethod?: 'DELETE' }> {
      const { printer, repository } = await printerOfSecret(secret);
      const now = iso();
      await seen(repository, printer, now);
      if (printingInProgress) return { jobReady: false };
      const token = (await claimNext(repository, printer, now))[0]?.claim_token;
      if (!token) return { jobReady: false };
      return { jobReady: true, mediaTypes: Object.keys(MEDIA_TYPES), jobToken: token, deleteMethod: 'DELETE' };
    },

    /** GET: the claimed jobs' bytes in the media type asked for, oldest first; they are now sent, and must be confirmed within PRINT_CLAIM_MS. */
    async fetch(
      secret: string,
      type: string,
      token: string | undefined,
    ): Promise<{ type: string; body: Buffer } | undefined> {
      const { printer, repository } = await printerOfSecret(secret);
      const now = iso();
      await seen(repository, printer, now);
      if (!isMediaType(type)) throw conflict('typeOne', { v0: Object.keys(MEDIA_TYPES).join(', ') });
      const held = token ?? (await repository.live(printer.id, now))?.claim_token;
      const fetched = held ? await repository.fetch(printer.id, held, now, iso(Date.parse(now) + PRINT_CLAIM_MS)) : [];
      if (fetched.length === 0) return undefined;
      return {
        type,
        body: await render(
          fetched.sort((x, y) => x.id - y.id),
          type,
          printer.paper_mm,
          await restaurantWriterOf(deps.restaurant.brand),
        ),
      };
    },

    /** DELETE: the printer's confirmation; a 2xx code is printed, any other failed. */
    async confirm(secret: string, code: string, token: string | undefined): Promise<boolean> {
      const { printer, repository } = await printerOfSecret(secret);
      const now = iso();
      await seen(repository, printer, now);
      const held = token ?? (await repository.live(printer.id, now))?.claim_token;
      if (!held) return false;
      const printed = /^2\d\d/.test(code.trim()) || code.trim().toUpperCase() === 'OK';
      return repository.confirm(printer.id, held, printed, now, printed ? null : code.slice(0, 200));
    },
  };
}
