import type { Branch } from '@shared/contract/branches.ts';
import type { BranchDish, BranchDishBody } from '@shared/contract/branch-menu.ts';
import type { Product } from '@shared/contract/catalog.ts';
import { useRef, useState } from 'react';
import { useHeldBranches, useIsAdmin } from '@client/data/account-role.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { useSeveralBranches } from '@client/components/ui/branch-switch.tsx';
import { errorMessage } from '@client/lib/error-message.ts';
import { latinDigitsOf } from '@shared/i18n/format.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useBranchMenus, useSetBranchDish } from '../api/branch-menu.ts';
import { PRICE_PATTERN } from './dish-draft.ts';

/**
 * One branch's word on the dish as the editor holds it: offered, its own price as typed ('' for
 * the brand's), and its option values' own prices as typed, by value id (none or '': the brand's).
 */
export interface BranchOffer {
  offered: boolean;
  price: string;
  values: Record<string, string>;
}

/** The option values' ids a branch's prices may be sent for: those of the dish kept in the dialog. */
export type KeptValues = readonly number[];

/** A branch's save refused (its message shows by the branch): the dialog stays open with what was typed. */
export class BranchOffersFailed extends Error {}

/**
 * The dish dialog's "Offered here" and "Price here" per branch, for the dish and for each of its
 * option values (docs/reference/branches.md "Staff and the owner"), only from the second branch on
 * (with one, nothing is asked or shown). The branches are the brand's, or for an admin held at
 * some, theirs. What the owner changed is kept beside what the server says, so a refused save
 * loses nothing; `save` sends only what changed, and only for the values the dish keeps.
 */
export function useBranchOffers({ open, product }: { open: boolean; product: Product | null }) {
  const several = useSeveralBranches();
  const { isStaff } = useIsAdmin();
  const held = useHeldBranches(Boolean(several) && isStaff);
  const branches = (several ?? []).filter((b) => held === null || held.includes(b._id));
  const menus = useBranchMenus(branches, open && product !== null);
  const setBranchDish = useSetBranchDish();
  const { digits } = useNumbers();
  const [changed, setChanged] = useState<Record<string, BranchOffer>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  // The values the last check was of (a problem shown goes when they are right again).
  const lastKept = useRef<KeptValues>([]);

  // A new opening (or another dish) starts from what the server says.
  const opening = open ? (product?._id ?? 'new') : null;
  const [seen, setSeen] = useState(opening);
  if (seen !== opening) {
    setSeen(opening);
    setChanged({});
    setProblems({});
  }

  const rowOf = (index: number): BranchDish | undefined =>
    product ? menus[index]?.data?.find((row) => row.productId === product._id) : undefined;
  const saved = (index: number): BranchOffer => {
    const row = rowOf(index);
    const values: Record<string, string> = {};
    for (const value of row?.values ?? []) if (value.price !== null) values[value._id] = digits(value.price);
    return { offered: row?.offered ?? true, price: row?.price == null ? '' : digits(row.price), values };
  };
  const offerAt = (index: number, branch: Branch) => changed[branch._id] ?? saved(index);
  const loading = (index: number) => product !== null && Boolean(menus[index]?.isPending);
  const loadFailure = (index: number) =>
    menus[index]?.error
      ? errorMessage(menus[index].error, t('menuAdmin.readingBranchMenu', 'reading this branch’s menu'))
      : null;

  function set(branch: Branch, next: BranchOffer) {
    setChanged((all) => ({ ...all, [branch._id]: next }));
    // A problem on screen goes as soon as the price is right again.
    if (problems[branch._id]) setProblems((all) => ({ ...all, [branch._id]: problemOf(next, lastKept.current) ?? '' }));
  }

  /** What to send per branch that changed: null when a price is wrong (its problem shown). */
  function bodies(kept: KeptValues) {
    lastKept.current = kept;
    const found: Record<string, string> = {};
    const sends: { branch: Branch; body: BranchDishBody }[] = [];
    branches.forEach((branch, index) => {
      const offer = offerAt(index, branch);
      const problem = problemOf(offer, kept);
      if (problem) found[branch._id] = problem;
      const before = saved(index);
      const values = kept
        .filter((id) => priceOf(offer.values[id]) !== priceOf(before.values[id]))
        .map((id) => ({ _id: id, price: priceOf(offer.values[id]) }));
      if (
        !problem &&
        (offer.offered !== before.offered || priceOf(offer.price) !== priceOf(before.price) || values.length)
      )
        sends.push({
          branch,
          body: { offered: offer.offered, price: priceOf(offer.price), ...(values.length ? { values } : {}) },
        });
    });
    setProblems(found);
    return Object.keys(found).length > 0 ? null : sends;
  }

  /** Checks every branch's prices (the dish's and those of the values `kept`) before anything is sent; false shows the problems. */
  const check = (kept: KeptValues) => bodies(kept) !== null;

  /** Sends each branch's change for the dish saved; throws BranchOffersFailed if any was refused. */
  async function save(productId: string, kept: KeptValues) {
    const sends = bodies(kept) ?? [];
    const found: Record<string, string> = {};
    for (const { branch, body } of sends) {
      try {
        await setBranchDish.mutateAsync({ branchId: branch._id, productId, body });
        setChanged(({ [branch._id]: _sent, ...rest }) => rest);
      } catch (error) {
        found[branch._id] = errorMessage(
          error,
          t('menuAdmin.savingAtBranch', 'saving it at {{branch}}', { branch: branch.name }),
        );
      }
    }
    setProblems(found);
    if (Object.keys(found).length > 0)
      throw new BranchOffersFailed(
        t('menuAdmin.branchNotSaved', 'The dish is saved, but not at every branch: see the branch named.'),
      );
  }

  return { branches, offerAt, set, problems, loading, loadFailure, check, save };
}

export type BranchOffers = ReturnType<typeof useBranchOffers>;

/** A price as typed, in either digits: null when empty (the brand's). */
const priceOf = (text: string | undefined) => {
  const typed = latinDigitsOf(text ?? '').trim();
  return typed === '' ? null : Number(typed);
};

/** Whether a price as typed is one the server takes: empty, or an amount such as 12.49. */
export function isRightPrice(text: string | undefined): boolean {
  const typed = latinDigitsOf(text ?? '').trim();
  return typed === '' || (PRICE_PATTERN.test(typed) && Number(typed) <= 100_000);
}

function problemOf(offer: BranchOffer, kept: KeptValues): string | undefined {
  if (isRightPrice(offer.price) && kept.every((id) => isRightPrice(offer.values[id]))) return undefined;
  return t('menuAdmin.branchPriceFormat', 'The price here is an amount such as 12.49, or empty for the brand’s price.');
}
