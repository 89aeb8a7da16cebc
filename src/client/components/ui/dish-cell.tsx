import { RecordPhoto } from './record-photo.tsx';

/**
 * The Product Photo cell of a guest's own lists (SPEC.md §2): the dish's picture and name,
 * heading its row, with its category beside it from the sm breakpoint up.
 */
export function DishCell({ img, name, category }: { img: string; name: string; category?: string }) {
  return (
    <th scope="row" className="font-normal">
      <div className="flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-3">
        <RecordPhoto src={img} name={name} size="wide" />
        <div className="min-w-0">
          <div className="font-semibold">{name}</div>
          {category ? <div className="hidden text-xs text-base-content/70 sm:block">{category}</div> : null}
        </div>
      </div>
    </th>
  );
}
