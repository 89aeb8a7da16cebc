import type { BILL_PAYMENT_METHODS } from '@shared/contract/bills.ts';
import { type ReactNode, useId } from 'react';
import { FigureTable } from '@client/components/ui/figure-table.tsx';
import { useMoney, useRestaurantTime } from '@client/data/restaurant.ts';
import type { BillView } from '../api/bills.ts';

/**
 * A bill's figures as the server sent them (ORDERING.md "The bill"): its lines by round (one
 * round a ticket) with their options, discounts, service charge, delivery fee, each rate's tax,
 * total, paid, due, tips and the payments taken. Shown on the Floor and to the bill's guest;
 * the page adds nothing up. `headingLevel` is the level of "Payments" under the page's headings.
 */

export const METHOD_LABEL: Record<(typeof BILL_PAYMENT_METHODS)[number], string> = { cash: 'Cash', card: 'Card', bkash: 'bKash', nagad: 'Nagad', bank: 'Bank' };

export function BillFigures({ bill, headingLevel }: { bill: BillView; headingLevel: 2 | 3 }) {
  const money = useMoney();
  const at = useRestaurantTime();
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const rounds = bill.ticketIds.map((ticketId) => bill.lines.filter((line) => line.ticketId === ticketId)).filter((lines) => lines.length > 0);
  return (
    <>
      {rounds.map((lines, index) => (
        <FigureTable
          key={lines[0]?.ticketId}
          caption={`Round ${index + 1}`}
          columns={['Dish', 'Qty', 'Amount']}
          rows={lines.map((line) => ({
            key: line._id,
            label: (
              <>
                {line.name}
                {line.options.length > 0 ? <span className="block text-sm">{line.options.map((o) => o.name).join(', ')}</span> : null}
              </>
            ),
            figures: [line.quantity, money(line.total)],
          }))}
        />
      ))}
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums" aria-label="Bill totals">
        <Row label="Subtotal">{money(bill.subtotal)}</Row>
        {bill.discounts.map((d) => (
          <Row key={d._id} label={`Discount${d.percent !== undefined ? ` ${d.percent} %` : ''}: ${d.reason}`}>−{money(d.amount)}</Row>
        ))}
        {bill.serviceCharge > 0 ? <Row label="Service charge">{money(bill.serviceCharge)}</Row> : null}
        {bill.deliveryFee > 0 ? <Row label="Delivery fee">{money(bill.deliveryFee)}</Row> : null}
        {bill.taxes.map((t) => (
          <Row key={`${t.name}-${t.rate}`} label={`${t.name} ${t.rate} %${bill.taxInclusive ? ' (included)' : ''}`}>
            {money(t.amount)}
          </Row>
        ))}
        <Row label="Total" strong>
          {money(bill.total)}
        </Row>
        <Row label="Paid">{money(bill.paid)}</Row>
        <Row label="Due" strong>
          {money(bill.due)}
        </Row>
        {bill.refunded > 0 ? <Row label="Refunded">{money(bill.refunded)}</Row> : null}
        {bill.owedBack > 0 ? (
          <Row label="Owed back" strong>
            {money(bill.owedBack)}
          </Row>
        ) : null}
        {bill.tips > 0 ? <Row label="Tips">{money(bill.tips)}</Row> : null}
      </dl>
      {bill.payments.length > 0 ? (
        <section aria-labelledby={`${id}-payments`}>
          <Heading id={`${id}-payments`} className="font-semibold">
            Payments
          </Heading>
          <ul className="flex flex-col gap-1">
            {bill.payments.map((p) => (
              <li key={p._id} className="tabular-nums">
                {at(p.at)} {METHOD_LABEL[p.method as keyof typeof METHOD_LABEL] ?? p.method} {money(p.amount)}
                {p.tip > 0 ? `, tip ${money(p.tip)}` : ''}
                {p.tendered !== undefined ? `, tendered ${money(p.tendered)}` : ''}
                {p.change !== undefined ? `, change ${money(p.change)}` : ''}
                {p.refunded !== undefined && p.refunded > 0 ? `, ${money(p.refunded)} refunded` : ''}
                {p.status !== 'succeeded' ? ` (${p.status})` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function Row({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <>
        <dt className={strong ? 'font-bold' : ''}>{label}</dt>
        <dd className={`text-right ${strong ? 'font-bold' : ''}`}>{children}</dd>
    </>
  );
}
