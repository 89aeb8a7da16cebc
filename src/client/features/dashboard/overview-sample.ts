import { t } from '@shared/i18n/i18n.ts';
import { TEXT } from '@shared/texts.ts';

/**
 * The dashboard overview's figures. docs/reference/storefront.md §2 says they are hard-coded sample data, so they
 * live here, in one module, until real figures arrive (docs/reference/design.md "Where it goes next").
 * Pictures are menu pictures the server draws into the database on first start.
 */

/** The spec's "featured product sample" (docs/reference/storefront.md §3), field names as the spec spells them. */
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
    get title() {
      return t('dashboard.sample.classicCheeseburger.title', 'Classic Cheeseburger');
    },
    get details() {
      return t(
        'dashboard.sample.classicCheeseburger.details',
        'Our best seller: a juicy beef patty with melted cheddar on a toasted brioche bun.',
      );
    },
    get items() {
      return [
        t('dashboard.sample.classicCheeseburger.item1', 'Beef patty'),
        t('dashboard.sample.classicCheeseburger.item2', 'Cheddar'),
        t('dashboard.sample.classicCheeseburger.item3', 'Pickles'),
        t('dashboard.sample.classicCheeseburger.item4', 'Brioche bun'),
      ];
    },
    price: 12,
    reatings: 4.8,
    popular: true,
    discount: 10,
    bookingPrice: 11,
  },
  {
    id: 'featured-margherita-pizza',
    img: '/images/dishes/demo-margherita-pizza-640.webp',
    get title() {
      return t('dashboard.sample.margheritaPizza.title', 'Margherita Pizza');
    },
    get details() {
      return t(
        'dashboard.sample.margheritaPizza.details',
        'Stone-baked with San Marzano tomatoes, fresh mozzarella and basil.',
      );
    },
    get items() {
      return [
        t('dashboard.sample.margheritaPizza.item1', 'Tomato sauce'),
        t('dashboard.sample.margheritaPizza.item2', 'Mozzarella'),
        t('dashboard.sample.margheritaPizza.item3', 'Basil'),
        t('dashboard.sample.margheritaPizza.item4', 'Olive oil'),
      ];
    },
    price: 13,
    reatings: 4.8,
    popular: true,
    discount: 15,
    bookingPrice: 11,
  },
  {
    id: 'featured-beef-tacos',
    img: '/images/dishes/demo-beef-tacos-640.webp',
    get title() {
      return t('dashboard.sample.beefTacos.title', 'Beef Tacos');
    },
    get details() {
      return t(
        'dashboard.sample.beefTacos.details',
        'Three corn tortillas with slow-spiced beef, fresh salsa and cilantro.',
      );
    },
    get items() {
      return [
        t('dashboard.sample.beefTacos.item1', 'Corn tortillas'),
        t('dashboard.sample.beefTacos.item2', 'Spiced beef'),
        t('dashboard.sample.beefTacos.item3', 'Salsa'),
        t('dashboard.sample.beefTacos.item4', 'Cilantro'),
      ];
    },
    price: 11,
    reatings: 4.7,
    popular: true,
    discount: 10,
    bookingPrice: 10,
  },
];

export interface SummaryCardSample {
  label: string;
  value: number;
  /** Change against the week before, in percent (+12). */
  change: number;
  trend: 'up' | 'down';
}

/** Read when shown, in the page's language. */
export const SUMMARY_CARDS: readonly SummaryCardSample[] = [
  {
    get label() {
      return TEXT.weeklyBookingConfrom;
    },
    value: 1284,
    change: 12,
    trend: 'up',
  },
  {
    get label() {
      return TEXT.weeklyBooking;
    },
    value: 1530,
    change: 8,
    trend: 'up',
  },
  {
    get label() {
      return TEXT.visitorsOnline;
    },
    value: 342,
    change: -3,
    trend: 'down',
  },
];

/** The three series of both charts, in stacking order, with their colours. */
export const ACTIVITY_SERIES = [
  {
    key: 'visitor',
    get label() {
      return t('dashboard.visitor', 'Visitor');
    },
    color: '#c2410c',
  },
  {
    key: 'booking',
    get label() {
      return t('dashboard.booking', 'Booking');
    },
    color: '#f59e0b',
  },
  {
    key: 'review',
    get label() {
      return t('dashboard.review', 'Review');
    },
    color: '#7c2d12',
  },
] as const;

export type ActivityKey = (typeof ACTIVITY_SERIES)[number]['key'];
export type CountryActivity = { country: string } & Record<ActivityKey, number>;

/** This week's visitors, bookings and reviews by the guest's country (stacked bar chart). */
export const ACTIVITY_BY_COUNTRY: readonly CountryActivity[] = [
  {
    get country() {
      return t('dashboard.country.usa', 'USA');
    },
    visitor: 4200,
    booking: 2400,
    review: 900,
  },
  {
    get country() {
      return t('dashboard.country.uk', 'UK');
    },
    visitor: 3000,
    booking: 1398,
    review: 620,
  },
  {
    get country() {
      return t('dashboard.country.canada', 'Canada');
    },
    visitor: 2000,
    booking: 1800,
    review: 480,
  },
  {
    get country() {
      return t('dashboard.country.germany', 'Germany');
    },
    visitor: 2780,
    booking: 1308,
    review: 550,
  },
  {
    get country() {
      return t('dashboard.country.india', 'India');
    },
    visitor: 3490,
    booking: 1900,
    review: 760,
  },
  {
    get country() {
      return t('dashboard.country.bangladesh', 'Bangladesh');
    },
    visitor: 2390,
    booking: 1600,
    review: 700,
  },
];

/** The week's totals per series (donut chart), derived so both charts always agree. */
export const ACTIVITY_TOTALS: readonly { key: ActivityKey; label: string; color: string; value: number }[] =
  ACTIVITY_SERIES.map((series) => ({
    key: series.key,
    get label() {
      return series.label;
    },
    color: series.color,
    value: ACTIVITY_BY_COUNTRY.reduce((sum, row) => sum + row[series.key], 0),
  }));
