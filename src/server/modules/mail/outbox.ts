import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { AppDatabase } from '../../db/schema.ts';

/**
 * E-mail through an outbox (docs/reference/design.md "Operations"): a message is a row written in the
 * transaction of the change it tells about, so a rolled-back change never mails; a worker
 * sends due rows after the commit through SMTP (`SMTP_URL`, nodemailer) or, without it,
 * writes them to the log; a failure is logged and retried with backoff, and never undoes
 * anything. Each server's worker claims a row before sending it, so two servers do not both
 * send it.
 */

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The same as an HTML page, in its language (`<html lang>`). */
  html?: string;
  /** An iCalendar (.ics) attachment. */
  ics?: string;
}

/** Retries after 1, 2, 4 … minutes, up to about a day in all. */
const MAX_ATTEMPTS = 10;
const CLAIM_MS = 5 * 60_000;

export async function enqueueMail(
  trx: Kysely<AppDatabase>,
  mail: OutgoingMail,
  now = new Date().toISOString(),
): Promise<void> {
  await trx
    .insertInto('outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      body: mail.text,
      html: mail.html ?? null,
      ics: mail.ics ?? null,
      attempts: 0,
      next_attempt_at: now,
      sent_at: null,
      last_error: null,
      created_at: now,
    })
    .execute();
}

export interface MailLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export function createOutbox(
  db: Kysely<AppDatabase>,
  options: { smtpUrl: string | undefined; from: string; log: MailLog },
) {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function deliver(row: {
    to_address: string;
    subject: string;
    body: string;
    html: string | null;
    ics: string | null;
  }): Promise<void> {
    if (!transport) {
      options.log.info(
        { mail: { to: row.to_address, subject: row.subject, text: row.body, ics: row.ics } },
        'e-mail (SMTP_URL not set, so written here)',
      );
      return;
    }
    await transport.sendMail({
      from: options.from,
      to: row.to_address,
      subject: row.subject,
      text: row.body,
      ...(row.html ? { html: row.html } : {}),
      ...(row.ics
        ? {
            icalEvent: {
              method: /METHOD:CANCEL/.test(row.ics) ? 'CANCEL' : 'REQUEST',
              filename: 'reservation.ics',
              content: row.ics,
            },
          }
        : {}),
    });
  }

  /** Sends what is due; returns how many went. */
  async function drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = new Date().toISOString();
      const due = await db
        .selectFrom('outbox')
        .selectAll()
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .where('attempts', '<', MAX_ATTEMPTS)
        .orderBy('id')
        .limit(20)
        .execute();
      if (due.length === 0) return sent;
      for (const row of due) {
        // Claim it: only the server whose update matches sends it.
        const claimed = await db
          .updateTable('outbox')
          .set({ next_attempt_at: new Date(Date.now() + CLAIM_MS).toISOString() })
          .where('id', '=', row.id)
          .where('next_attempt_at', '=', row.next_attempt_at)
          .where('sent_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        try {
          await deliver(row);
          await db
            .updateTable('outbox')
            .set({ sent_at: new Date().toISOString(), attempts: row.attempts + 1, last_error: null })
            .where('id', '=', row.id)
            .execute();
          sent += 1;
        } catch (error) {
          const attempts = row.attempts + 1;
          const message = error instanceof Error ? error.message : String(error);
          options.log.warn(
            { err: error, to: row.to_address, attempts },
            'could not send an e-mail; it will be retried',
          );
          await db
            .updateTable('outbox')
            .set({
              attempts,
              last_error: message.slice(0, 500),
              next_attempt_at: new Date(Date.now() + 60_000 * 2 ** (attempts - 1)).toISOString(),
            })
            .where('id', '=', row.id)
            .execute();
        }
      }
    }
  }

  /** Sends what is due now (after a change commits) and keeps one run at a time. */
  function kick(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => {
        options.log.warn({ err: error }, 'the e-mail outbox could not be read');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void kick();
        }
      });
    return running;
  }

  return {
    kick,
    /** Retries on a timer (what failed, and what another server claimed and dropped). */
    start(intervalMs = 30_000): void {
      timer ??= setInterval(() => void kick(), intervalMs).unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
      transport?.close();
    },
  };
}
