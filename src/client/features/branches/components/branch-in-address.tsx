import type { Branch } from '@shared/contract/branches.ts';
import { PATHS, matchPage } from '@shared/paths.ts';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The pages a shared link is at a branch from (docs/reference/branches.md "Guests"). */
const BRANCH_PAGES = [PATHS.products, PATHS.product, PATHS.checkout, PATHS.reserve];

/**
 * From the second branch on, the menu's, a dish's, the checkout's and the booking form's address
 * carries the guest's branch, `?branch={slug}`, so that a link shared from them opens at that
 * branch (the server keeps a link's branch as the guest's cookie: plugins/static-files.ts). The
 * address is replaced, not pushed: Back goes where it went. Loaded only by a brand with two
 * branches or more; with one, addresses are as they were.
 */
export default function BranchInAddress({ branch }: { branch: Branch }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!BRANCH_PAGES.some((page) => matchPage(page, location.pathname))) return;
    const search = new URLSearchParams(location.search);
    if (search.get('branch') === branch.slug) return;
    search.set('branch', branch.slug);
    void navigate(
      { pathname: location.pathname, search: `?${search.toString()}`, hash: location.hash },
      { replace: true, state: location.state as unknown, preventScrollReset: true },
    );
  }, [branch.slug, location.pathname, location.search, location.hash, location.state, navigate]);
  return null;
}
