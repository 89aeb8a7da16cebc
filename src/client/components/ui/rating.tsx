import { t } from '@shared/i18n/i18n.ts';
import { StarIcon } from './icons.tsx';
import { useNumbers } from '@client/data/restaurant.ts';

/**
 * A dish's rating ("reatings" in the contract) as a star and a number, e.g. ★ 4.8. A dish nobody
 * has rated yet (0: ratings run from 1 to 5) shows none rather than "★ 0.0" (issue 41, point 9).
 */
export function Rating({ value, className = '' }: { value: number; className?: string }) {
  const { digits } = useNumbers();
  if (!(value > 0)) return null;
  return (
    <span className={`inline-flex items-center gap-1 text-sm font-medium ${className}`}>
      <StarIcon size={16} className="text-amber-500" />
      <span className="sr-only">{t('errors.rated', 'Rated')} </span>
      {digits(value.toFixed(1))}
      <span className="sr-only"> {t('errors.outOf5', 'out of 5')}</span>
    </span>
  );
}
