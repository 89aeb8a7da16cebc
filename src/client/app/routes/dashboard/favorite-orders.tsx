// Work in progress: replaced by the page of its issue.
export function FavoriteOrdersRoute() {
  return <h1 className="text-2xl font-bold">favorite-orders</h1>;
}
