import type { PaymentMethod } from '@shared/constants.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * Simple drawn marks for the three payment methods (docs/reference/storefront.md §4 "Order payment"): a bank
 * building, bKash's pink and Nagad's orange. Decorative: the radio's label names the method.
 */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  get bank() {
    return t('orders.bank', 'Bank');
  },
  bkash: 'bKash',
  nagod: 'Nagad',
};

export function PaymentMethodLogo({ method }: { method: PaymentMethod }) {
  const common = { width: 72, height: 44, viewBox: '0 0 72 44', 'aria-hidden': true, focusable: false } as const;
  switch (method) {
    case 'bank':
      return (
        <svg {...common}>
          <rect width="72" height="44" rx="8" fill="#1e3a8a" />
          <path d="M36 7 52 15H20Z" fill="#fff" />
          <rect x="21" y="16" width="30" height="2.5" fill="#fff" />
          <rect x="23.5" y="20" width="3.5" height="12" fill="#fff" />
          <rect x="30.5" y="20" width="3.5" height="12" fill="#fff" />
          <rect x="38" y="20" width="3.5" height="12" fill="#fff" />
          <rect x="45" y="20" width="3.5" height="12" fill="#fff" />
          <rect x="19" y="33" width="34" height="3.5" rx="1" fill="#fff" />
        </svg>
      );
    case 'bkash':
      return (
        <svg {...common}>
          <rect width="72" height="44" rx="8" fill="#e2136e" />
          <path d="M22 12 38 18 31 33Z" fill="#fff" />
          <path d="M38 18 50 11 44 30Z" fill="#fff" opacity="0.8" />
          <path d="M31 33 38 18 44 30Z" fill="#fbcfe8" />
        </svg>
      );
    case 'nagod':
      return (
        <svg {...common}>
          <rect width="72" height="44" rx="8" fill="#ea580c" />
          <circle cx="36" cy="22" r="12" fill="none" stroke="#fff" strokeWidth="4" />
          <path
            d="M31 28V16l10 12V16"
            fill="none"
            stroke="#fff"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      );
  }
}
