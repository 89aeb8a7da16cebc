import { type Kysely, sql } from 'kysely';
import { serialId } from './dialect.ts';

/**
 * Tickets (docs/reference/operations.md "Tickets"): the order header the kitchen cooks, with its lines (a copy
 * of each booking order it placed), its fulfilment, promise and payment. A booking order gains
 * the ticket it belongs to. Paid booking orders from before tickets become one-line tickets,
 * completed, so history is kept; their number counts per UTC day ("A-001").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tickets')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('fulfilment', 'text', (c) => c.notNull().check(sql`fulfilment in ('pickup', 'delivery', 'dine_in')`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('received', 'preparing', 'ready', 'completed', 'cancelled')`),
    )
    .addColumn('placed_at', 'text', (c) => c.notNull())
    .addColumn('ready_at', 'text', (c) => c.notNull())
    .addColumn('arrive_at', 'text')
    .addColumn('scheduled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('units', 'integer', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('delivery_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('payment', 'text', (c) => c.notNull().check(sql`payment in ('paid', 'due')`))
    .addColumn('pay_method', 'text')
    .addColumn('pay_account', 'text')
    .addColumn('address', 'text')
    .addColumn('reservation_id', 'integer', (c) => c.references('reservations.id').onDelete('set null'))
    .addColumn('table_id', 'integer', (c) => c.references('dining_tables.id').onDelete('set null'))
    .addColumn('cancel_reason', 'text')
    .addColumn('started_at', 'text')
    .addColumn('ready_marked_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addUniqueConstraint('tickets_day_seq_unique', ['local_date', 'seq'])
    .execute();
  await db.schema.createIndex('tickets_ready_idx').on('tickets').columns(['status', 'ready_at']).execute();
  await db.schema.createIndex('tickets_user_idx').on('tickets').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('ticket_lines')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_lines_ticket_idx').on('ticket_lines').column('ticket_id').execute();

  // A line belongs to at most one ticket: the column can hold one, and a unique index on the lines keeps it so.
  await sql`alter table orders add column ticket_id integer references tickets(id) on delete set null`.execute(db);
  await sql`create unique index ticket_lines_order_unique on ticket_lines (order_id) where order_id is not null`.execute(
    db,
  );

  // History: every paid booking order becomes a completed one-line pick-up ticket.
  const paid = await sql<{
    id: number;
    user_id: number;
    product_id: number;
    name: string;
    quantity: number;
    total_price: number;
    pay_method: string | null;
    pay_account: string | null;
    created_at: string;
    email: string;
    user_name: string;
  }>`
    select o.id, o.user_id, o.product_id, o.name, o.quantity, o.total_price, o.pay_method, o.pay_account, o.created_at, u.email, u.name as user_name
    from orders o join users u on u.id = o.user_id
    where o.payment = 'paid' order by o.id`.execute(db);
  const seqByDay = new Map<string, number>();
  for (const order of paid.rows) {
    const day = new Date(order.created_at).toISOString().slice(0, 10);
    const seq = (seqByDay.get(day) ?? 0) + 1;
    seqByDay.set(day, seq);
    const ticket = await sql<{ id: number }>`
      insert into tickets (local_date, seq, number, user_id, customer_name, customer_email, fulfilment, status, placed_at, ready_at,
        scheduled, units, subtotal, delivery_fee, total, payment, pay_method, pay_account, completed_at)
      values (${day}, ${seq}, ${`A-${String(seq).padStart(3, '0')}`}, ${order.user_id}, ${order.user_name}, ${order.email}, 'pickup', 'completed',
        ${order.created_at}, ${order.created_at}, 0, ${order.quantity}, ${order.total_price}, 0, ${order.total_price}, 'paid', ${order.pay_method}, ${order.pay_account}, ${order.created_at})
      returning id`.execute(db);
    const ticketId = ticket.rows[0]?.id as number;
    await sql`insert into ticket_lines (ticket_id, order_id, product_id, name, quantity, price) values (${ticketId}, ${order.id}, ${order.product_id}, ${order.name}, ${order.quantity}, ${order.total_price})`.execute(
      db,
    );
    await sql`update orders set ticket_id = ${ticketId} where id = ${order.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists ticket_lines_order_unique`.execute(db);
  await db.schema.dropTable('ticket_lines').ifExists().execute();
  await db.schema.dropTable('tickets').ifExists().execute();
}
