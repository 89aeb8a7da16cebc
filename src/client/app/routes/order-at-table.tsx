import { Navigate, useSearchParams } from 'react-router';
import { PATHS } from '@shared/paths.ts';

/** /order?table=ID, the address a table's QR code holds: the checkout, dine-in at that table. */
export function OrderAtTableRoute() {
  const [params] = useSearchParams();
  const table = params.get('table') ?? '';
  const query = /^[1-9]\d{0,9}$/.test(table) ? `?fulfilment=dine_in&table=${table}` : '';
  return <Navigate to={`${PATHS.checkout}${query}`} replace />;
}
