// Work in progress: replaced by the page of its issue.
export function ReportsOrdersRoute() {
  return <h1 className="text-2xl font-bold">reports-orders</h1>;
}
