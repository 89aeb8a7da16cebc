import { t } from '@shared/i18n/i18n.ts';
import { Fragment } from 'react';
import { useMoney, useNumbers } from '@client/data/restaurant.ts';
import type { Fulfilment, orderMoneyFields } from '@shared/contract/tickets.ts';
import type { z } from 'zod';

type Figures = { [K in keyof typeof orderMoneyFields]: z.infer<(typeof orderMoneyFields)[K]> };

/**
 * An order's money before it is paid, as the server priced it (docs/reference/ordering.md "Money that agrees on
 * every screen"): the subtotal, the delivery fee, the dine-in service charge, each tax added on
 * top as its own line ("VAT 5 %  $0.85") and the total, the bill's. The page adds nothing up:
 * until the quote is there a figure reads "…" (`subtotal`, when given, is the lines' sum the
 * page already knows). Checkout, staff's New order and the bag's PAY say it alike.
 */
export function OrderSummary({
  figures,
  fulfilment,
  subtotal,
  className = '',
}: {
  figures: Figures | undefined;
  fulfilment: Fulfilment;
  subtotal?: number;
  className?: string;
}) {
  const money = useMoney();
  const { number } = useNumbers();
  const shown = (amount: number | undefined) => (amount === undefined ? '…' : money(amount));
  return (
    <dl
      className={`grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 ${className}`}
      aria-label={t('checkout.summary', 'Summary')}
    >
      <dt>{t('checkout.subtotal', 'Subtotal')}</dt>
      <dd className="text-right tabular-nums">{shown(figures?.subtotal ?? subtotal)}</dd>
      {fulfilment === 'delivery' && (
        <>
          <dt>{t('checkout.deliveryFee', 'Delivery fee')}</dt>
          <dd className="text-right tabular-nums">{shown(figures?.deliveryFee)}</dd>
        </>
      )}
      {figures && figures.serviceCharge > 0 && (
        <>
          <dt>{t('checkout.serviceCharge', 'Service charge')}</dt>
          <dd className="text-right tabular-nums">{money(figures.serviceCharge)}</dd>
        </>
      )}
      {figures && !figures.taxInclusive
        ? figures.taxes.map((tax) => (
            <Fragment key={`${tax.name}-${tax.rate}`}>
              <dt>
                {tax.name} {number(tax.rate)} %
              </dt>
              <dd className="text-right tabular-nums">{money(tax.amount)}</dd>
            </Fragment>
          ))
        : null}
      <dt className="font-bold">{t('checkout.total', 'Total')}</dt>
      <dd className="text-right font-bold tabular-nums">{shown(figures?.total)}</dd>
    </dl>
  );
}
