import { lineLabel } from '@shared/domain/option-choice.ts';
import { RecordPhoto } from './record-photo.tsx';

/**
 * The Product Photo cell of a guest's own lists (docs/reference/storefront.md §2): the dish's picture and name,
 * heading its row, with its category beside it from the sm breakpoint up. A line with option
 * values reads "Classic Cheeseburger · Large, Extra cheese" (docs/reference/ordering.md "Dish options").
 */
export function DishCell({
  img,
  name,
  category,
  options,
}: {
  img: string;
  name: string;
  category?: string;
  options?: readonly { name: string }[] | undefined;
}) {
  return (
    <th scope="row" className="font-normal">
      <div className="flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-3">
        <RecordPhoto src={img} name={name} size="wide" />
        <div className="min-w-0">
          <div className="font-semibold">{lineLabel(name, options)}</div>
          {category ? <div className="hidden text-xs text-base-content/70 sm:block">{category}</div> : null}
        </div>
      </div>
    </th>
  );
}
