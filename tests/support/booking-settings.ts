/**
 * The reservation tests' restaurant (a PATCH /api/v1/restaurant body): UTC, open 11:00–23:00 every
 * day, 30-minute slots booked from an hour ahead up to 60 days, 20 covers a slot, the last seating
 * an hour before closing, cancels up to two hours before.
 */
export const BOOKING_TEST_SETTINGS = {
  timeZone: 'UTC',
  openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '11:00', close: '23:00' })),
  reservations: {
    slotMinutes: 30,
    leadMinutes: 60,
    horizonDays: 60,
    coversPerSlot: 20,
    lastSeatingMinutes: 60,
    cancelCutoffMinutes: 120,
  },
};
