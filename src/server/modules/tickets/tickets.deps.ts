import type { DomainEvents } from '../../events/event-bus.ts';
import type { BillsService } from '../bills/bills.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { ReservationsService } from '../reservations/reservations.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import type { TablesService } from '../tables/tables.service.ts';

/** What the tickets module is given, by the modules below it (app.ts builds them first). */
export interface TicketsDeps {
  restaurant: RestaurantService;
  catalog: CatalogService;
  orders: OrdersService;
  reservations: ReservationsService;
  tables: TablesService;
  /**
   * Every ticket is put on its bill in the placing transaction (docs/reference/ordering.md "The bill"); a
   * pick-up's or delivery's own bill is where its money lives (its figures on every screen); a
   * checkout paid online counts there.
   */
  bills: Pick<
    BillsService,
    'attachTicket' | 'roundRules' | 'ownBillMoney' | 'recordSucceeded' | 'ticketMoved' | 'announcePaid'
  >;
  /** A checkout paid online (this module serves the payments of kind `checkout`). */
  payments: PaymentsService;
  now?: () => number;
  /** Where a ticket that reached the board (or was cancelled by its payment) is told, once committed. */
  events?: DomainEvents;
  log?: { warn(details: object, message: string): void };
}
