// Work in progress: replaced by the page of its issue.
export function UserOrdersRoute() {
  return <h1 className="text-2xl font-bold">user-orders</h1>;
}
