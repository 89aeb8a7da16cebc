// Work in progress: replaced by the page of its issue.
export function DashboardOverviewRoute() {
  return <h1 className="text-2xl font-bold">overview</h1>;
}
