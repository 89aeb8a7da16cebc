import { t } from '@shared/i18n/i18n.ts';

/** A loading spinner that screen readers announce once, politely. */
export function Spinner({
  label = t('common.loadingLabel', 'Loading'),
  className = '',
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" className={`flex flex-col items-center justify-center gap-3 py-12 ${className}`}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
