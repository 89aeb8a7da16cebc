import type { BILL_PAYMENT_METHODS } from '@shared/contract/bills.ts';
import { type ReactNode, useId } from 'react';
import { FigureTable } from '@client/components/ui/figure-table.tsx';
import { useNumbers, useMoney, useRestaurantTime } from '@client/data/restaurant.ts';
import type { BillView } from '../api/bills.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * A bill's figures as the server sent them (docs/reference/ordering.md "The bill"): its lines by round (one
 * round a ticket) with their options, discounts, service charge, delivery fee, each rate's tax,
 * total, paid, due, tips and the payments taken. Shown on the Floor and to the bill's guest;
 * the page adds nothing up. `headingLevel` is the level of "Payments" under the page's headings.
 */

/** A payment method's name, read at render (it follows the language); a method not known is shown as it is. */
export const methodLabel = (method: string): string =>
  (
    ({
      cash: t('bill.cash', 'Cash'),
      card: t('bill.card', 'Card'),
      bkash: 'bKash',
      nagad: 'Nagad',
      bank: t('bill.bank', 'Bank'),
    }) satisfies Record<(typeof BILL_PAYMENT_METHODS)[number], string> as Record<string, string>
  )[method] ?? method;

export function BillFigures({ bill, headingLevel }: { bill: BillView; headingLevel: 2 | 3 }) {
  const money = useMoney(bill.currency);
  const at = useRestaurantTime();
  const { digits } = useNumbers();
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const rounds = bill.ticketIds
    .map((ticketId) => bill.lines.filter((line) => line.ticketId === ticketId))
    .filter((lines) => lines.length > 0);
  return (
    <>
      {rounds.map((lines, index) => (
        <FigureTable
          key={lines[0]?.ticketId}
          caption={t('bill.round', 'Round {{n}}', { n: digits(index + 1) })}
          columns={[t('bill.dish', 'Dish'), t('bill.qty', 'Qty'), t('bill.amount', 'Amount')]}
          rows={lines.map((line) => ({
            key: line._id,
            label: (
              <>
                {line.name}
                {line.options.length > 0 ? (
                  <span className="block text-sm">{line.options.map((o) => o.name).join(', ')}</span>
                ) : null}
              </>
            ),
            figures: [digits(line.quantity), money(line.total)],
          }))}
        />
      ))}
      <dl
        className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums"
        aria-label={t('bill.totals', 'Bill totals')}
      >
        <Row label={t('bill.subtotal', 'Subtotal')}>{money(bill.subtotal)}</Row>
        {bill.discounts.map((d) => (
          <Row
            key={d._id}
            label={`${d.percent !== undefined ? t('bill.discountPercent', 'Discount {{n}} %', { n: digits(d.percent) }) : t('bill.discount', 'Discount')}: ${d.reason}`}
          >
            −{money(d.amount)}
          </Row>
        ))}
        {bill.serviceCharge > 0 ? (
          <Row label={t('bill.serviceCharge', 'Service charge')}>{money(bill.serviceCharge)}</Row>
        ) : null}
        {bill.deliveryFee > 0 ? (
          <Row label={t('bill.deliveryFee', 'Delivery fee')}>{money(bill.deliveryFee)}</Row>
        ) : null}
        {bill.taxes.map((tax) => (
          <Row
            key={`${tax.name}-${tax.rate}`}
            label={`${tax.name} ${digits(tax.rate)} %${bill.taxInclusive ? ` ${t('bill.included', '(included)')}` : ''}`}
          >
            {money(tax.amount)}
          </Row>
        ))}
        <Row label={t('bill.total', 'Total')} strong>
          {money(bill.total)}
        </Row>
        <Row label={t('bill.paid', 'Paid')}>{money(bill.paid)}</Row>
        <Row label={t('bill.due', 'Due')} strong>
          {money(bill.due)}
        </Row>
        {bill.refunded > 0 ? <Row label={t('bill.refunded', 'Refunded')}>{money(bill.refunded)}</Row> : null}
        {bill.owedBack > 0 ? (
          <Row label={t('bill.owedBack', 'Owed back')} strong>
            {money(bill.owedBack)}
          </Row>
        ) : null}
        {bill.tips > 0 ? <Row label={t('bill.tips', 'Tips')}>{money(bill.tips)}</Row> : null}
      </dl>
      {bill.payments.length > 0 ? (
        <section aria-labelledby={`${id}-payments`}>
          <Heading id={`${id}-payments`} className="font-semibold">
            {t('bill.payments', 'Payments')}
          </Heading>
          <ul className="flex flex-col gap-1">
            {bill.payments.map((p) => (
              <li key={p._id} className="tabular-nums">
                {at(p.at)} {methodLabel(p.method)} {money(p.amount)}
                {p.tip > 0 ? `, ${t('bill.paymentTip', 'tip {{amount}}', { amount: money(p.tip) })}` : ''}
                {p.tendered !== undefined
                  ? `, ${t('bill.paymentTendered', 'tendered {{amount}}', { amount: money(p.tendered) })}`
                  : ''}
                {p.change !== undefined
                  ? `, ${t('bill.paymentChange', 'change {{amount}}', { amount: money(p.change) })}`
                  : ''}
                {p.refunded !== undefined && p.refunded > 0
                  ? `, ${t('bill.paymentRefunded', '{{amount}} refunded', { amount: money(p.refunded) })}`
                  : ''}
                {p.status !== 'succeeded' ? ` (${paymentStatus(p.status)})` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** A payment's state when it did not go through, in the page's language (a state not known is shown as it is). */
const paymentStatus = (status: string): string =>
  ({
    pending: t('bill.paymentPending', 'pending'),
    failed: t('bill.paymentFailed', 'failed'),
    expired: t('bill.paymentExpired', 'expired'),
    refunded: t('bill.paymentRefundedStatus', 'refunded'),
    partially_refunded: t('bill.paymentPartlyRefunded', 'partially_refunded'),
  })[status] ?? status;

function Row({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <>
      <dt className={strong ? 'font-bold' : ''}>{label}</dt>
      <dd className={`text-right ${strong ? 'font-bold' : ''}`}>{children}</dd>
    </>
  );
}
