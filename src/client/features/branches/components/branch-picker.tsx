import type { Branch } from '@shared/contract/branches.ts';
import { t } from '@shared/i18n/i18n.ts';
import { PATHS } from '@shared/paths.ts';
import { useEffect, useRef } from 'react';
import { useWallClock } from '@client/lib/use-wall-clock.ts';
import { useChooseBranch } from './bag-branch.ts';
import { BranchOpening } from './branch-opening.tsx';

/** The home page's anchor of the picker: the header's "Change branch" leads to it. */
export const CHOOSE_BRANCH_ID = 'choose-branch';

/**
 * "Choose your branch" (docs/reference/branches.md "Guests"): each open branch with its address,
 * whether it is open now or when it opens, and "Order here" / "Book a table here", which keep the
 * choice and go on to the menu or the booking form at that branch (asking first when the bag
 * holds another branch's lines: bag-branch.ts). The chosen one is marked. Loaded only by a brand
 * with two branches or more.
 */
export default function BranchPicker({ branches, chosen }: { branches: Branch[]; chosen: Branch | undefined }) {
  const section = useRef<HTMLElement>(null);
  const choose = useChooseBranch(branches, chosen);
  // Arriving by "Change branch" (/#choose-branch): the picker came after the page, so it is brought into view.
  useEffect(() => {
    if (window.location.hash === `#${CHOOSE_BRANCH_ID}`) section.current?.scrollIntoView();
  }, []);
  return (
    <section
      ref={section}
      id={CHOOSE_BRANCH_ID}
      aria-labelledby="choose-branch-title"
      className="mx-auto max-w-7xl scroll-mt-24 px-4 py-8 sm:px-6"
    >
      <h2 id="choose-branch-title" className="mb-6 text-2xl font-bold sm:text-3xl">
        {t('branches.choose', 'Choose your branch')}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {branches.map((branch) => (
          <Choice key={branch._id} branch={branch} chosen={branch._id === chosen?._id} choose={choose} />
        ))}
      </ul>
    </section>
  );
}

function Choice({
  branch,
  chosen,
  choose,
}: {
  branch: Branch;
  chosen: boolean;
  choose: (branch: Branch, to: string) => Promise<void>;
}) {
  const clock = useWallClock(branch.timeZone);
  return (
    <li className={`flex flex-col gap-3 rounded-box bg-base-100 p-6 shadow-sm ${chosen ? 'ring-2 ring-primary' : ''}`}>
      <h3 className="text-xl font-semibold">{branch.name}</h3>
      {chosen ? <p className="badge badge-primary">{t('branches.yours', 'Your branch')}</p> : null}
      <address className="not-italic">{branch.address}</address>
      <BranchOpening branch={branch} clock={clock} />
      <div className="mt-auto flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void choose(branch, PATHS.products)}>
          {t('branches.orderHere', 'Order here')}
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void choose(branch, PATHS.reserve)}>
          {t('branches.bookHere', 'Book a table here')}
        </button>
      </div>
    </li>
  );
}
