import { BILLING_DEFAULTS, type RestaurantSettings } from '../../../shared/contract/restaurant.ts';

/** The demo restaurant's settings (docs/reference/operations.md's example): lunch and dinner every day, one late night on weekends. */
export const DEMO_SETTINGS: RestaurantSettings = {
  name: 'Saffron Table',
  address: '12 Lake Road, Dhanmondi, Dhaka 1209',
  phone: '+880 1700-000000',
  timeZone: 'Asia/Dhaka',
  currency: 'USD',
  language: 'en',
  latinDigits: false,
  openingHours: [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
    { day, open: '11:00', close: '15:00' },
    { day, open: '17:30', close: day === 5 || day === 6 ? '23:30' : '23:00' },
  ]),
  closedDates: [],
  reservations: {
    slotMinutes: 15,
    leadMinutes: 60,
    horizonDays: 60,
    maxPartySize: 12,
    cancelCutoffMinutes: 120,
    coversPerSlot: 20,
    lastSeatingMinutes: 60,
    turnMinutes: [
      { maxParty: 2, minutes: 90 },
      { maxParty: 6, minutes: 120 },
      { maxParty: 10, minutes: 150 },
      { maxParty: 12, minutes: 180 },
    ],
  },
  kitchen: {
    bucketMinutes: 15,
    unitsPerBucket: 40,
    prepMinutes: 20,
    unitsPerCover: 1.5,
    firstCourseMinutes: 30,
    extraDelayMinutes: 0,
    acceptingOrders: true,
    pausedUntil: null,
    warnMinutes: 5,
  },
  fulfilment: { dineIn: true, pickup: true, delivery: true, deliveryMinutes: 30, deliveryFee: 3, deliveryMinimum: 15 },
  unpaidOrders: { perGuest: 3, maxUnits: null },
  billing: structuredClone(BILLING_DEFAULTS),
};

/** The demo dining room: 6 two-tops, 6 four-tops, 2 six-tops, and combinations for 8 and 12. */
export const DEMO_TABLES = [
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ name: `T${n}`, minCovers: 1, maxCovers: 2 })),
  ...[7, 8, 9, 10, 11, 12].map((n) => ({ name: `T${n}`, minCovers: 2, maxCovers: 4 })),
  { name: 'T13', minCovers: 4, maxCovers: 6 },
  { name: 'T14', minCovers: 4, maxCovers: 6 },
];
/** By table name: T11 + T12 seat 8; T13 + T14 seat 12. */
export const DEMO_COMBINATIONS = [
  { tables: ['T11', 'T12'], minCovers: 7, maxCovers: 8 },
  { tables: ['T13', 'T14'], minCovers: 9, maxCovers: 12 },
];
