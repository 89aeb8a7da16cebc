import type { KitchenTicket } from '@shared/contract/kitchen.ts';
import { CANCEL_MONEY_TEXT } from '@shared/texts-ordering.ts';
import { t } from '@shared/i18n/i18n.ts';
import { type FormEvent, useState } from 'react';
import { Modal, ModalActions, ModalFailure } from '@client/components/ui/modal.tsx';
import { errorMessage } from '@client/lib/error-message.ts';
import { useMoney } from '@client/data/restaurant.ts';
import { useCancelTicket, useMoneyBack } from '../api/kitchen.ts';
import { methodWord } from './kitchen-words.ts';

/** "Cancel order" on a card: the reason, and before it is confirmed, the money that goes back (given in cash or refunded online). */
export function CancelDialog({
  ticket,
  onClose,
  onCancelled,
}: {
  ticket: KitchenTicket | null;
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const money = useMoney();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // What the cancel gives back is said before it is confirmed (docs/reference/ordering.md "Money that agrees on every screen").
  const moneyBack = useMoneyBack(ticket?._id ?? null);
  const cancel = useCancelTicket();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setFailure(t('kitchen.sayWhy', 'Say why, so the guest knows.'));
    if (!ticket || moneyBack.isPending) return;
    setPending(true);
    try {
      const answer = await cancel.mutateAsync({
        id: ticket._id,
        number: ticket.number,
        reason: reason.trim(),
        moneyBack: moneyBack.data,
      });
      setReason('');
      setFailure(null);
      onCancelled(answer.message);
    } catch (error) {
      setFailure(errorMessage(error, t('kitchen.theOrder', 'the order')));
    } finally {
      setPending(false);
    }
  }
  const back = moneyBack.data;
  return (
    <Modal
      open={ticket !== null}
      onClose={onClose}
      title={t('kitchen.cancelOrderNumber', 'Cancel order {{number}}', { number: ticket?.number ?? '' })}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t('kitchen.reasonGuestSees', 'Reason (the guest sees it)')}</span>
          <input
            data-autofocus
            className="input w-full"
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        {back && (back.refund > 0 || back.giveBack.length > 0) ? (
          <ul role="status" className="flex flex-col gap-1 rounded-box border border-warning p-3 font-semibold">
            {back.giveBack.map((g) => (
              <li key={g.method}>{CANCEL_MONEY_TEXT.giveBack(money(g.amount), methodWord(g.method))}</li>
            ))}
            {back.refund > 0 ? <li>{CANCEL_MONEY_TEXT.refund(money(back.refund))}</li> : null}
          </ul>
        ) : null}
        <ModalFailure message={failure} />
        <ModalActions onClose={onClose} pending={pending}>
          {t('kitchen.cancelOrder', 'Cancel order')}
        </ModalActions>
      </form>
    </Modal>
  );
}
