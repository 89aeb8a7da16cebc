import { type DemoDish, dish } from './demo-dish.ts';

/** Dhaka's own dishes, last on the demo menu (their Bangla names: demo-menu-bangla.ts). */
export const DHAKA_DISHES: DemoDish[] = [
  dish(
    'Bangladeshi',
    'kacchi-biryani',
    'Kacchi Biryani',
    15,
    4.9,
    ['Mutton', 'Kalijira rice', 'Potato', 'Saffron'],
    '1f35b',
    ['1f356', '1f954'],
    true,
  ),
  dish(
    'Bangladeshi',
    'fuchka',
    'Fuchka',
    5,
    4.7,
    ['Semolina shells', 'Spiced potato', 'Chickpeas', 'Tamarind water'],
    '1f95f',
    ['1f336', '1f9c6'],
  ),
  dish('Bangladeshi', 'mishti-doi', 'Mishti Doi', 4, 4.6, ['Yogurt', 'Caramelised sugar'], '1f36e', ['1f36f']),
];
