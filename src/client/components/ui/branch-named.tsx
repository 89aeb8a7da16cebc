import type { Branch } from '@shared/contract/branches.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useBranches } from '@client/data/branches.ts';

/**
 * A guest's order, booking or bill names its branch (docs/reference/branches.md "Guests"), from
 * the second branch on: the brand's open branches (the header's read of them, no other request),
 * and the one of `branchId`; undefined with one branch, so that the page is as it always was.
 */
export function useBranchOf(): (branchId: string | undefined) => Branch | undefined {
  const branches = useBranches().data;
  return (branchId) =>
    branches && branches.length > 1 && branchId !== undefined ? branches.find((b) => b._id === branchId) : undefined;
}

/** "At Gulshan": the branch an order, a booking or a bill is at, from the second branch on. */
export function BranchNamed({ branch, className = 'text-sm' }: { branch: Branch | undefined; className?: string }) {
  if (!branch) return null;
  return <p className={className}>{t('branches.at', 'At {{branch}}', { branch: branch.name })}</p>;
}
