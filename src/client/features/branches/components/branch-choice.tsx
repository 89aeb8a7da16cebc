import { t } from '@shared/i18n/i18n.ts';
import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { useIsAdmin } from '@client/data/account-role.ts';
import { BranchSwitch, useCurrentBranch, useSeveralBranches } from '@client/components/ui/branch-switch.tsx';

// The picker's code is loaded only by a brand with two branches or more: one branch's first load is what it was.
const BranchPicker = lazy(() => import('./branch-picker.tsx'));
// So is the code that writes the branch into the address (`?branch={slug}`).
const BranchInAddress = lazy(() => import('./branch-in-address.tsx'));

/** The home page's "Choose your branch", from the second branch on. */
export function BranchChoice() {
  const branches = useSeveralBranches();
  const current = useCurrentBranch(branches);
  if (!branches) return null;
  return (
    <Suspense fallback={null}>
      <BranchPicker branches={branches} chosen={current} />
    </Suspense>
  );
}

/**
 * The header's branch, from the second branch on: a guest's with "Change branch" (to the home
 * page's picker); staff at several branches switch between theirs (BranchSwitch).
 */
export function ChosenBranch() {
  // The role is asked only by a brand with two branches: one branch's pages make no request more.
  return useSeveralBranches() ? <ChosenBranchRow /> : null;
}

function ChosenBranchRow() {
  const { isStaff } = useIsAdmin();
  const current = useCurrentBranch(useSeveralBranches());
  return (
    // A row of its own under the header's controls, on a phone as on a wide screen.
    <p className="order-last flex w-full items-center gap-2 text-sm">
      <BranchSwitch />
      {isStaff ? null : (
        <Link to="/#choose-branch" className="link link-hover" reloadDocument>
          {t('branches.change', 'Change branch')}
        </Link>
      )}
      {!isStaff && current ? (
        <Suspense fallback={null}>
          <BranchInAddress branch={current} />
        </Suspense>
      ) : null}
    </p>
  );
}
