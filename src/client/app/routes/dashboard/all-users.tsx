// Work in progress: replaced by the page of its issue.
export function AllUsersRoute() {
  return <h1 className="text-2xl font-bold">all-users</h1>;
}
