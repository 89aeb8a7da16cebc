import { t } from '@shared/i18n/i18n.ts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { tableLabelResponse } from '@shared/contract/tables.ts';
import { PATHS } from '@shared/paths.ts';
import { apiRequest } from '@client/lib/api-client.ts';
import { BROWSER_ONLY } from '@client/lib/hydration.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { startTableVisit, visitCheckoutPath } from '@client/data/table-visit.ts';

/**
 * /order?table=ID, the address a table's QR code holds: starts the guest's visit at that table
 * (kept through sign-in, the menu and the bag: features/tables/table-visit.tsx), then opens the
 * checkout on dine-in at it. An address that names no table of ours says so, with the menu.
 */
export function OrderAtTableRoute() {
  useDocumentTitle(t('head.orderAtTable', 'Order at your table'));
  const [params] = useSearchParams();
  const table = params.get('table') ?? '';
  const valid = /^[1-9]\d{0,9}$/.test(table);
  const label = useQuery({
    queryKey: ['table-label', table],
    queryFn: async ({ signal }) =>
      (await apiRequest<z.infer<typeof tableLabelResponse>>(`/api/v1/tables/${table}/label`, { signal })).data,
    enabled: valid,
    retry: false,
    meta: BROWSER_ONLY,
  });
  const found = label.data;
  useEffect(() => {
    if (found) startTableVisit({ tableId: found._id, name: found.name });
  }, [found]);

  if (found) return <Navigate to={visitCheckoutPath({ tableId: found._id, name: found.name, until: 0 })} replace />;
  if (valid && !label.isError)
    return (
      <p role="status" className="p-6">
        {t('checkout.findingYourTable', 'Finding your table…')}
      </p>
    );
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 p-6">
      <h1 className="text-2xl font-bold">
        {t('checkout.thisCodeDoesNotLead', 'This code does not lead to one of our tables')}
      </h1>
      <p>
        {t(
          'checkout.askAMemberOfStaff',
          'Ask a member of staff for help, or order from the menu for pick-up or delivery.',
        )}
      </p>
      <Link to={PATHS.products} className="btn btn-primary self-start">
        {t('checkout.seeTheMenu', 'See the menu')}
      </Link>
    </section>
  );
}
