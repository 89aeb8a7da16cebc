// Work in progress: replaced by the page of its issue.
export function BookingOrdersRoute() {
  return <h1 className="text-2xl font-bold">booking-orders</h1>;
}
