import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import { type TestAccount, bearer, createAccount, createAdmin } from '../../support/factories.ts';
import { SmtpReceiver, calendarOf } from '../../support/smtp-receiver.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * The guest's mails in the guest's language (decision 049): a booking made in Bangla records
 * it, and its confirmation, change and cancellation, their subjects, bodies (text and HTML) and calendar events,
 * are in Bangla with Bengali digits, whoever makes the change later; one made in English is in
 * English; a booking without a language of its own (staff's phone booking) follows the
 * restaurant's. Received by a real SMTP server on loopback.
 */

const smtp = new SmtpReceiver();
const bengaliDigits = (text: string) => text.replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)] as string);

describe('booking e-mails in the guest language', () => {
  let t: TestApp;
  let admin: TestAccount;
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Saffron Table <bookings@saffron.example>' },
      { identityLimits: { signInFailures: 1000, signUpPerMinute: 1000 } },
    );
    admin = await createAdmin(t.app, t.database);
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/restaurant',
      headers: bearer(admin),
      payload: {
        timeZone: 'UTC',
        openingHours: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ day: d, open: '00:00', close: '24:00' })),
      },
    });
    expect(set.statusCode, set.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const book = (guest: TestAccount, time: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/reservations',
      headers: { ...bearer(guest), ...headers },
      payload: { date: day, time, partySize: 3, name: guest.name, phone: '+880 1711-333444' },
    });

  test('a booking made in Bangla is confirmed, changed and cancelled in Bangla, its calendar event too', async () => {
    const guest = await createAccount(t.app, { name: 'Rina Roy' });
    const res = await book(guest, '19:00', { cookie: 'lang=bn' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('টেবিল বুক হয়েছে!');
    const reservation = res.json().data as Reservation;
    const [mail] = await smtp.mailTo(guest.email, 1);
    expect(mail?.subject).toBe(`Saffron Table-এ টেবিল বুক হয়েছে: ${bengaliDigits(day)}, ১৯:০০, ৩ জন অতিথি`);
    expect(mail?.text).toContain('প্রিয় Rina Roy,');
    expect(mail?.text).toContain('আপনার টেবিল বুক হয়েছে:');
    expect(mail?.text).toContain('ঘণ্টা আগে পর্যন্ত অনলাইনে বাতিল করতে পারবেন');
    expect(mail?.text).not.toMatch(/Your table|Hello|guests/);
    // Its HTML body says its language, so the mail reader picks a Bangla font.
    expect(mail?.html).toContain('<html lang="bn">');
    expect(mail?.html).toContain('<p>প্রিয় Rina Roy,</p>');
    expect(mail?.html).toContain('আপনার টেবিল বুক হয়েছে:');
    const ics = calendarOf(mail as never);
    expect(ics).toContain('SUMMARY;LANGUAGE=bn:Saffron Table-এ টেবিল (৩ জন অতিথি)');
    expect(ics).toMatch(/DESCRIPTION;LANGUAGE=bn:প্রিয় Rina Roy\\,/);
    expect(ics).toContain(`UID:reservation-${reservation._id}@127.0.0.1`);

    // Changed from an English page, then cancelled by staff: still the guest's Bangla.
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/reservations/${reservation._id}`,
      headers: { ...bearer(guest), cookie: 'lang=en' },
      payload: { time: '20:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toBe('Your reservation has been changed');
    const changed = (await smtp.mailTo(guest.email, 2))[1];
    expect(changed?.subject).toBe(
      `বদলানো হয়েছে: Saffron Table-এ আপনার টেবিল এখন ${bengaliDigits(day)}, ২০:০০, ৩ জন অতিথি`,
    );
    const staffCancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/reservations/${reservation._id}/cancel`,
      headers: bearer(admin),
    });
    expect(staffCancel.statusCode, staffCancel.body).toBe(200);
    const cancelled = (await smtp.mailTo(guest.email, 3))[2];
    expect(cancelled?.subject).toBe(`বাতিল: ${bengaliDigits(day)}, ২০:০০-এ Saffron Table-এ আপনার টেবিল`);
    expect(calendarOf(cancelled as never)).toContain('METHOD:CANCEL');
    expect(calendarOf(cancelled as never)).toContain('SUMMARY;LANGUAGE=bn:Saffron Table-এ টেবিল (৩ জন অতিথি)');
  });

  test('a booking made in English is in English, even when the restaurant speaks Bangla', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/v1/restaurant',
          headers: bearer(admin),
          payload: { language: 'bn' },
        })
      ).statusCode,
    ).toBe(200);
    try {
      const guest = await createAccount(t.app, { name: 'Emma English' });
      const res = await book(guest, '18:00', { cookie: 'lang=en' });
      expect(res.statusCode, res.body).toBe(201);
      const [mail] = await smtp.mailTo(guest.email, 1);
      expect(mail?.subject).toBe(`Table reserved at Saffron Table: ${day} at 18:00, 3 guests`);
      expect(mail?.text).toContain('Hello Emma English,');
      expect(mail?.html).toContain('<html lang="en">');
      expect(mail?.html).toContain('<p>Hello Emma English,</p>');
      expect(calendarOf(mail as never)).toContain('SUMMARY;LANGUAGE=en:Table at Saffron Table (3 guests)');

      // A guest who chose nothing, in a restaurant that speaks Bangla: Bangla.
      const quiet = await createAccount(t.app, { name: 'Quiet Guest' });
      expect((await book(quiet, '17:00')).statusCode).toBe(201);
      expect((await smtp.mailTo(quiet.email, 1))[0]?.subject).toBe(
        `Saffron Table-এ টেবিল বুক হয়েছে: ${bengaliDigits(day)}, ১৭:০০, ৩ জন অতিথি`,
      );
    } finally {
      await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/restaurant',
        headers: bearer(admin),
        payload: { language: 'en' },
      });
    }
  });

  test('a phone booking by staff speaking Bangla follows the restaurant language, English here', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reservations',
      headers: { ...bearer(admin), cookie: 'lang=bn' },
      payload: {
        date: day,
        time: '16:00',
        partySize: 2,
        name: 'Phone Guest',
        phone: '+880 1711-555666',
        email: 'phone.guest@example.com',
        source: 'phone',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await smtp.mailTo('phone.guest@example.com', 1))[0]?.subject).toBe(
      `Table reserved at Saffron Table: ${day} at 16:00, 2 guests`,
    );
  });
});
