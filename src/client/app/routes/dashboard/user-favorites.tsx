// Work in progress: replaced by the page of its issue.
export function UserFavoritesRoute() {
  return <h1 className="text-2xl font-bold">user-favorites</h1>;
}
