import { TEXT } from '@shared/texts.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * The one Delete button of every list (the guest's own and the administrators'): "Delete",
 * then `srLabel` for screen readers, naming the row ("Delete the order of Beef Tehari").
 * While its call runs it is disabled and says so.
 */
export function DeleteButton({
  busy,
  srLabel,
  onClick,
  className = '',
}: {
  busy: boolean;
  srLabel: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`btn btn-xs btn-outline btn-error sm:btn-sm ${className}`}
      disabled={busy}
      aria-busy={busy}
      onClick={onClick}
    >
      {busy ? t('common.deleting', 'Deleting…') : TEXT.deleteButton}
      <span className="sr-only"> {srLabel}</span>
    </button>
  );
}
