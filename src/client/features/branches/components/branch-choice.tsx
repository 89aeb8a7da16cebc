import type { Branch } from '@shared/contract/branches.ts';
import { t } from '@shared/i18n/i18n.ts';
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { chosenBranch } from '@client/lib/branch-choice.ts';
import { useBranches } from '../api/branches.ts';

// The picker's code is loaded only by a brand with two branches or more: one branch's first load is what it was.
const BranchPicker = lazy(() => import('./branch-picker.tsx'));

const noChange = () => () => {};

/**
 * The branch the guest is at: the one they chose (by slug or id), else the first, as the server
 * reads it. The cookie is read after hydration (the server's page was made without it), so the
 * first render is the server's.
 */
function useCurrent(branches: Branch[] | undefined): Branch | undefined {
  const chosen = useSyncExternalStore(noChange, chosenBranch, () => undefined);
  return branches && (branches.find((b) => b.slug === chosen || b._id === chosen) ?? branches[0]);
}

/** The brand's open branches when there are two or more (none until they are known, on the server too). */
function useSeveralBranches(): Branch[] | undefined {
  const branches = useBranches().data;
  return branches && branches.length > 1 ? branches : undefined;
}

/** The home page's "Choose your branch", from the second branch on. */
export function BranchChoice() {
  const branches = useSeveralBranches();
  const current = useCurrent(branches);
  if (!branches) return null;
  return (
    <Suspense fallback={null}>
      <BranchPicker branches={branches} chosen={current} />
    </Suspense>
  );
}

/** The header's branch and "Change branch" (to the home page's picker), from the second branch on. */
export function ChosenBranch() {
  const current = useCurrent(useSeveralBranches());
  if (!current) return null;
  return (
    // A row of its own under the header's controls, on a phone as on a wide screen.
    <p className="order-last flex w-full items-center gap-2 text-sm">
      <span className="font-medium">
        <span className="sr-only">{t('branches.yours', 'Your branch')}: </span>
        {current.name}
      </span>
      <Link to="/#choose-branch" className="link link-hover" reloadDocument>
        {t('branches.change', 'Change branch')}
      </Link>
    </p>
  );
}
