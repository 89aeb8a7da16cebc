// Work in progress: replaced by the page of its issue.
export function UserReportsRoute() {
  return <h1 className="text-2xl font-bold">user-reports</h1>;
}
