import type { Branch } from '@shared/contract/branches.ts';
import { type WallClock, openingState, openingText } from '@shared/domain/opening.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * "Open now" / "Closed, opens tomorrow at 11:00" for a branch, on its own wall clock. Worked out
 * in the browser from the branch's hours (not the answer's `openNow`): the server's page may be
 * minutes old, so the badge keeps its place, blank, until the clock is known (as on About).
 */
export function BranchOpening({ branch, clock }: { branch: Branch; clock: WallClock | undefined }) {
  const state = clock && openingState(branch, clock);
  return (
    <p className={`badge ${state?.open ? 'badge-success' : state ? 'badge-neutral' : 'invisible'}`} role="status">
      {state ? openingText(state) : t('about.openingHours', 'Opening hours')}
    </p>
  );
}
