import type { Branch } from '@shared/contract/branches.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useQueryClient } from '@tanstack/react-query';
import { userRecordQueryOptions } from '@client/data/account-record.ts';
import { useAuth } from '@client/data/account-session.tsx';
import { deleteOrder } from '@client/features/orders/api/orders.ts';
import { chooseBranch } from '@client/lib/branch-choice.ts';
import { confirmAction, showAlert } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';

/**
 * Choosing another branch with a full bag (docs/reference/branches.md "Guests": the bag belongs
 * to one branch): asks first, "Your bag is for Gulshan. Empty it and order from Dhanmondi?";
 * confirmed, the bag's lines are deleted (the spec's delete, one by one) and the branch is
 * chosen; cancelled, the bag and the branch stay as they are. A bag of the branch chosen, or an
 * empty one, changes branch at once. Part of the picker's chunk (a brand of two branches or more).
 */
export function useChooseBranch(branches: Branch[], current: Branch | undefined) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return async (next: Branch, to: string) => {
    if (user) {
      // The bag as it stands now (another tab may have filled or emptied it).
      const record = await queryClient.fetchQuery({ ...userRecordQueryOptions(user.email), staleTime: 0 });
      const bag = record.orders.filter((order) => order.payment === null && !order.ticket);
      const bagBranchId = bag.find((order) => order.branchId !== undefined)?.branchId ?? current?._id;
      const bagBranch = branches.find((branch) => branch._id === bagBranchId) ?? current;
      if (bag.length > 0 && bagBranch && bagBranch._id !== next._id) {
        const question = t('branches.bagIsFor', 'Your bag is for {{current}}. Empty it and order from {{next}}?', {
          current: bagBranch.name,
          next: next.name,
        });
        if (!(await confirmAction(question, '', t('branches.emptyBag', 'Empty it'), t('dialogs.cancel', 'Cancel'))))
          return;
        try {
          for (const order of bag) await deleteOrder({ email: user.email, orderMainId: order.orderMainId });
        } catch (error) {
          await queryClient.invalidateQueries({ queryKey: ['user-record'] });
          await showAlert(errorMessage(error, t('branches.emptyingBag', 'emptying your bag')), 'error');
          return;
        }
      }
    }
    chooseBranch(next.slug, to);
  };
}
