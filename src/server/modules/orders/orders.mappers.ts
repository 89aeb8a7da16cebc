import type { Fulfilment, TicketStatus } from '../../../shared/contract/tickets.ts';
import type { OrderListed } from '../../../shared/contract/orders.ts';
import { fromMinorUnits } from '../../../shared/contract/common.ts';
import { chosenOptions, listedDishCopy } from '../../db/dish-copy.ts';
import type { OrderRow } from '../../db/schema.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { OrderWithTicket } from './orders.repository.ts';
import { asMinor } from '../../../shared/domain/money.ts';

/**
 * An order as listed, its dish and options named in `language` (decision 050); a placed one says
 * which ticket holds it and whether that is paid. `withBranch` (a brand of two branches or more):
 * the branch it was put in the bag at, `branchId`; with one branch the answer is as it was.
 */
export function toOrderListed(
  row: OrderRow | OrderWithTicket,
  language: Language = 'en',
  withBranch = false,
): OrderListed {
  const placed = 'ticket_number' in row && row.ticket_id !== null && row.ticket_number !== null;
  const options = chosenOptions(row.options, language);
  return listedDishCopy(
    row,
    {
      orderPrice: fromMinorUnits(asMinor(row.total_price)),
      ...(options.length > 0 ? { options } : {}),
      orderQuantity: Number(row.quantity),
      status: row.status as OrderListed['status'],
      payment: row.payment as OrderListed['payment'],
      ...(withBranch ? { branchId: String(row.branch_id) } : {}),
      ...(placed
        ? {
            ticket: {
              _id: String(row.ticket_id),
              number: row.ticket_number as string,
              fulfilment: row.ticket_fulfilment as Fulfilment,
              payment: row.ticket_payment as 'paid' | 'due',
              status: row.ticket_status as TicketStatus,
              ...(row.ticket_charged !== undefined ? { charged: fromMinorUnits(row.ticket_charged) } : {}),
              ...(row.ticket_refunded ? { refunded: fromMinorUnits(row.ticket_refunded) } : {}),
            },
          }
        : {}),
    },
    language,
  );
}
