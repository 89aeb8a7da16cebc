import type { Branch } from '@shared/contract/branches.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useId, useSyncExternalStore } from 'react';
import { useHeldBranches, useIsAdmin } from '@client/data/account-role.ts';
import { useBranches } from '@client/data/branches.ts';
import { chooseBranch, chosenBranch } from '@client/lib/branch-choice.ts';

const noChange = () => () => {};

/** The brand's open branches when there are two or more (none until they are known, on the server too). */
export function useSeveralBranches(): Branch[] | undefined {
  const branches = useBranches().data;
  return branches && branches.length > 1 ? branches : undefined;
}

/**
 * The branch the caller is at, as the server places them: the one chosen (the `branch` cookie, by
 * slug or id) when it is theirs, else their first (staff held at some branches), else the
 * brand's first. The cookie is read after hydration (the server's page was made without it), so
 * the first render is the server's.
 */
export function useCurrentBranch(branches: Branch[] | undefined, held: string[] | null = null): Branch | undefined {
  const chosen = useSyncExternalStore(noChange, chosenBranch, () => undefined);
  const theirs = branches && held ? branches.filter((b) => held.includes(b._id)) : branches;
  return theirs && (theirs.find((b) => b.slug === chosen || b._id === chosen) ?? theirs[0]);
}

/** The place the caller is at, by name: their branch's from the second branch on, else the brand's (`brandName`). */
export function usePlaceName(brandName: string | undefined): string | undefined {
  return useCurrentBranch(useSeveralBranches())?.name ?? brandName;
}

/**
 * The staff screens' branch (docs/reference/branches.md "Staff and the owner": one branch at a
 * time, named in the header), from the second branch on: its name, or for staff at several
 * branches a switch between theirs, which loads the screen again at the branch chosen.
 */
export function BranchSwitch({ className = '' }: { className?: string }) {
  const branches = useSeveralBranches();
  // The role and its branches are asked only by a brand with two branches.
  return branches ? <Switch branches={branches} className={className} /> : null;
}

function Switch({ branches, className }: { branches: Branch[]; className: string }) {
  const { isStaff } = useIsAdmin();
  const held = useHeldBranches(isStaff);
  const current = useCurrentBranch(branches, isStaff ? held : null);
  const id = useId();
  if (!current) return null;
  const theirs = isStaff ? branches.filter((b) => held === null || held.includes(b._id)) : [];
  if (theirs.length < 2)
    return (
      <span className={`font-medium ${className}`}>
        <span className="sr-only">{t('branches.yours', 'Your branch')}: </span>
        {current.name}
      </span>
    );
  return (
    <span className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="font-medium">
        {t('branches.switchLabel', 'Branch')}
      </label>
      <select
        id={id}
        className="select select-bordered select-sm"
        value={current.slug}
        onChange={(event) => chooseBranch(event.target.value, `${window.location.pathname}${window.location.search}`)}
      >
        {theirs.map((b) => (
          <option key={b._id} value={b.slug}>
            {b.name}
          </option>
        ))}
      </select>
    </span>
  );
}
