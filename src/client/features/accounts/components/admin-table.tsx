import { TEXT } from '@shared/texts.ts';
import { lineLabel } from '@shared/domain/option-choice.ts';
import type { ReactNode } from 'react';
import { RecordPhoto } from '@client/components/ui/record-photo.tsx';
import { t } from '@shared/i18n/i18n.ts';

/**
 * Pieces of the administrators' tables. They fold on phones: a column marked `wideOnly`
 * shows from the sm breakpoint up, and its content repeats, marked `narrowOnly`, inside a
 * neighbouring cell below it. Hidden copies are display:none, so screen readers meet each
 * value once.
 */
export const wideOnly = 'hidden sm:table-cell';
export const narrowOnly = 'sm:hidden';

/**
 * The columns a per-user table starts with: "Product Photo" (docs/reference/storefront.md's column, shortened to
 * "Photo" on a phone so the column stays narrow), Name and Category.
 */
export function DishHeaders() {
  return (
    <>
      <th scope="col" className="w-14 sm:w-auto">
        <span className={narrowOnly}>{t('accounts.photo', 'Photo')}</span>
        <span className="hidden sm:inline">{TEXT.columnProductPhoto}</span>
      </th>
      <th scope="col">{t('accounts.name', 'Name')}</th>
      <th scope="col" className={wideOnly}>
        {t('accounts.category', 'Category')}
      </th>
    </>
  );
}

/**
 * The cells under DishHeaders for one record: its picture, its name (with `folded`, the
 * category and whatever else folds under the name on a phone) and its category. An order's
 * name carries its options ("Classic Cheeseburger · Large, Extra cheese").
 */
export function DishColumns({
  row,
  nameClassName,
  folded,
}: {
  row: {
    orderImg: string;
    orderName: string;
    orderCategory: string;
    options?: readonly { name: string }[] | undefined;
  };
  nameClassName: string;
  folded: ReactNode;
}) {
  return (
    <>
      <td className="w-14 pr-0 sm:w-auto sm:pr-3">
        <RecordPhoto src={row.orderImg} name={row.orderName} size="square" />
      </td>
      <td className={nameClassName}>
        <p className="font-semibold">{lineLabel(row.orderName, row.options)}</p>
        <p className={`text-xs text-base-content/80 ${narrowOnly}`}>{folded}</p>
      </td>
      <td className={`min-w-28 ${wideOnly}`}>{row.orderCategory}</td>
    </>
  );
}
