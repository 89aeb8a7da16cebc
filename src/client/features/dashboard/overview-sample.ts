import { TEXT } from '@shared/texts.ts';

/**
 * The dashboard overview's figures. SPEC.md §2 says they are hard-coded sample data, so they
 * live here, in one module, until real figures arrive (DESIGN.md "Where it goes next").
 * Pictures are menu pictures the server draws into the database on first start.
 */

/** The spec's "featured product sample" (SPEC.md §3), field names as the spec spells them. */
export interface FeaturedProductSample {
  id: string;
  img: string;
  title: string;
  details: string;
  items: string[];
  /** Menu price in whole dollars. */
  price: number;
  /** The rating out of 5 ("reatings", spelt as the spec spells it). */
  reatings: number;
  popular: boolean;
  /** Percentage off the menu price for bookings. */
  discount: number;
  /** Price when booked ahead, in whole dollars. */
  bookingPrice: number;
}

export const FEATURED_PRODUCTS: readonly FeaturedProductSample[] = [
  {
    id: 'featured-classic-cheeseburger',
    img: '/images/dishes/demo-classic-cheeseburger-640.webp',
    title: 'Classic Cheeseburger',
    details: 'Our best seller: a juicy beef patty with melted cheddar on a toasted brioche bun.',
    items: ['Beef patty', 'Cheddar', 'Pickles', 'Brioche bun'],
    price: 12,
    reatings: 4.8,
    popular: true,
    discount: 10,
    bookingPrice: 11,
  },
  {
    id: 'featured-margherita-pizza',
    img: '/images/dishes/demo-margherita-pizza-640.webp',
    title: 'Margherita Pizza',
    details: 'Stone-baked with San Marzano tomatoes, fresh mozzarella and basil.',
    items: ['Tomato sauce', 'Mozzarella', 'Basil', 'Olive oil'],
    price: 13,
    reatings: 4.8,
    popular: true,
    discount: 15,
    bookingPrice: 11,
  },
  {
    id: 'featured-beef-tacos',
    img: '/images/dishes/demo-beef-tacos-640.webp',
    title: 'Beef Tacos',
    details: 'Three corn tortillas with slow-spiced beef, fresh salsa and cilantro.',
    items: ['Corn tortillas', 'Spiced beef', 'Salsa', 'Cilantro'],
    price: 11,
    reatings: 4.7,
    popular: true,
    discount: 10,
    bookingPrice: 10,
  },
];

export interface SummaryCardSample {
  label: string;
  value: string;
  /** Change against the week before, e.g. "+12%". */
  change: string;
  trend: 'up' | 'down';
}

export const SUMMARY_CARDS: readonly SummaryCardSample[] = [
  { label: TEXT.weeklyBookingConfrom, value: '1,284', change: '+12%', trend: 'up' },
  { label: TEXT.weeklyBooking, value: '1,530', change: '+8%', trend: 'up' },
  { label: TEXT.visitorsOnline, value: '342', change: '-3%', trend: 'down' },
];

/** The three series of both charts, in stacking order, with their colours. */
export const ACTIVITY_SERIES = [
  { key: 'visitor', label: 'Visitor', color: '#c2410c' },
  { key: 'booking', label: 'Booking', color: '#f59e0b' },
  { key: 'review', label: 'Review', color: '#7c2d12' },
] as const;

export type ActivityKey = (typeof ACTIVITY_SERIES)[number]['key'];
export type CountryActivity = { country: string } & Record<ActivityKey, number>;

/** This week's visitors, bookings and reviews by the guest's country (stacked bar chart). */
export const ACTIVITY_BY_COUNTRY: readonly CountryActivity[] = [
  { country: 'USA', visitor: 4200, booking: 2400, review: 900 },
  { country: 'UK', visitor: 3000, booking: 1398, review: 620 },
  { country: 'Canada', visitor: 2000, booking: 1800, review: 480 },
  { country: 'Germany', visitor: 2780, booking: 1308, review: 550 },
  { country: 'India', visitor: 3490, booking: 1900, review: 760 },
  { country: 'Bangladesh', visitor: 2390, booking: 1600, review: 700 },
];

/** The week's totals per series (donut chart), derived so both charts always agree. */
export const ACTIVITY_TOTALS: readonly { key: ActivityKey; label: string; color: string; value: number }[] = ACTIVITY_SERIES.map((series) => ({
  ...series,
  value: ACTIVITY_BY_COUNTRY.reduce((sum, row) => sum + row[series.key], 0),
}));
