import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import { type TestAccount, bearer, createAccount, createAdmin } from '../../support/factories.ts';
import { SmtpReceiver, calendarOf } from '../../support/smtp-receiver.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * Booking e-mails (docs/reference/operations.md): a confirmation with an iCalendar attachment on booking,
 * change and cancellation, received by a real SMTP server on loopback; a mail that cannot be
 * sent never fails the booking and goes out once the server is back.
 */

const smtp = new SmtpReceiver();
const received = smtp.received;
const mailTo = (address: string, count: number) => smtp.mailTo(address, count);

describe('booking e-mails', () => {
  let t: TestApp;
  let guest: TestAccount;
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Saffron Table <bookings@saffron.example>' },
      { identityLimits: { signInFailures: 1000, signUpPerMinute: 1000 } },
    );
    const admin = await createAdmin(t.app, t.database);
    // The tests' restaurant runs on UTC, open all day, so any time of the day after tomorrow is bookable.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/restaurant',
      headers: bearer(admin),
      payload: {
        timeZone: 'UTC',
        openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
      },
    });
    guest = await createAccount(t.app, { name: 'Mina Mail' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const book = (time: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/reservations',
      headers: bearer(guest),
      payload: { date: tomorrow, time, partySize: 3, name: 'Mina Mail', phone: '+880 1711-333444' },
    });

  test('a booking, its change and its cancellation each send the guest a mail with the calendar event', async () => {
    const res = await book('19:00');
    expect(res.statusCode).toBe(201);
    const reservation = res.json().data as Reservation;
    const [confirmation] = await mailTo(guest.email, 1);
    expect(confirmation?.subject).toBe(`Table reserved at Saffron Table: ${tomorrow} at 19:00, 3 guests`);
    expect(confirmation?.from?.value[0]?.address).toBe('bookings@saffron.example');
    expect(confirmation?.text).toContain('12 Lake Road');
    const ics = calendarOf(confirmation as ParsedMail);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:reservation-${reservation._id}@127.0.0.1`);
    expect(ics).toContain(`DTSTART:${reservation.startsAt.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(ics).toContain(`DTEND:${reservation.endsAt.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(ics).toContain('STATUS:CONFIRMED');

    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/reservations/${reservation._id}`,
          headers: bearer(guest),
          payload: { time: '20:00' },
        })
      ).statusCode,
    ).toBe(200);
    const changed = (await mailTo(guest.email, 2))[1] as ParsedMail;
    expect(changed.subject).toContain('Changed');
    const sequence = (text: string) => Number(/SEQUENCE:(\d+)/.exec(text)?.[1]);
    expect(calendarOf(changed)).toContain('DTSTART:' + `${tomorrow.replace(/-/g, '')}T200000Z`);
    expect(sequence(calendarOf(changed))).toBeGreaterThanOrEqual(sequence(ics));

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/reservations/${reservation._id}/cancel`,
          headers: bearer(guest),
        })
      ).statusCode,
    ).toBe(200);
    const cancelled = (await mailTo(guest.email, 3))[2] as ParsedMail;
    expect(cancelled.subject).toContain('Cancelled');
    expect(calendarOf(cancelled)).toContain('METHOD:CANCEL');
    expect(calendarOf(cancelled)).toContain('STATUS:CANCELLED');
  });

  test('a mail that cannot be sent never fails the booking, and goes out once the mail server takes it', async () => {
    const before = received.length;
    smtp.refuse = true;
    const res = await book('12:00');
    expect(res.statusCode).toBe(201);
    let row;
    for (let i = 0; i < 100 && !row?.last_error; i += 1) {
      row = await t.database.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirst();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(row).toMatchObject({ sent_at: null, attempts: 1 });
    expect(row?.last_error).toMatch(/mailbox unavailable/);
    expect(received.length).toBe(before);

    // The mail server takes mail again; the retry is due (its backoff brought forward), and the next change sends both.
    smtp.refuse = false;
    await t.database.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row?.id as number)
      .execute();
    expect((await book('13:30')).statusCode).toBe(201);
    const mails = await mailTo(guest.email, 5);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        `Table reserved at Saffron Table: ${tomorrow} at 12:00, 3 guests`,
        `Table reserved at Saffron Table: ${tomorrow} at 13:30, 3 guests`,
      ]),
    );
    expect(
      (
        await t.database.db
          .selectFrom('outbox')
          .select('sent_at')
          .where('id', '=', row?.id as number)
          .executeTakeFirst()
      )?.sent_at,
    ).not.toBeNull();
  });

  test("a deposit booking's mail gives the deposit and its terms, 'not refundable' inside the refund window (issue 48, point 3)", async () => {
    const admin = await createAdmin(t.app, t.database);
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/restaurant',
      headers: bearer(admin),
      payload: { reservations: { deposit: { fromPartySize: 8, perCover: 10, refundableUntilMinutes: 24 * 60 } } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const payer = await createAccount(t.app, { name: 'Dana Deposit' });
    /** A party of 8 booked and its demo deposit paid: the mail sent once it is booked. */
    async function bookPaid(date: string, time: string): Promise<ParsedMail> {
      const before = received.filter(
        (m) => m.to && !Array.isArray(m.to) && m.to.value.some((v) => v.address === payer.email),
      ).length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/reservations',
        headers: bearer(payer),
        payload: {
          date,
          time,
          partySize: 8,
          name: 'Dana Deposit',
          phone: '+880 1711-888000',
          pay: { provider: 'demo' },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const paymentId = (res.json() as { payment: { _id: string } }).payment._id;
      const paid = await t.app.inject({
        method: 'GET',
        url: `/api/v1/payments/${paymentId}?status=success`,
        headers: bearer(payer),
      });
      expect(paid.json().data.status, paid.body).toBe('succeeded');
      return (await mailTo(payer.email, before + 1))[before] as ParsedMail;
    }
    // Two days ahead: refundable until a day before.
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const far = await bookPaid(later, '19:00');
    expect(far.text).toContain('Deposit: $80.00, paid; it counts on your bill.');
    expect(far.text).toContain(
      `It is refunded if you cancel before ${new Date(Date.parse(`${later}T19:00:00Z`) - 86_400_000).toISOString().slice(0, 10)} at 19:00; after that it is kept.`,
    );
    // About three hours ahead (UTC, open all day): already inside the 24 hours.
    const soon = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 900_000) * 900_000);
    const late = soon.getUTCHours() >= 22;
    const day = late ? new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) : soon.toISOString().slice(0, 10);
    const near = await bookPaid(day, late ? '00:30' : soon.toISOString().slice(11, 16));
    expect(near.text).toContain('Deposit: $80.00, paid; it counts on your bill.');
    expect(near.text).toContain('It is not refundable');
    expect(near.text).not.toContain('It is refunded if you cancel');
  });
});
