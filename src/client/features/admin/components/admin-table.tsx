import { TEXT } from '@shared/texts.ts';
import { RecordPhoto } from '@client/components/ui/record-photo.tsx';

/**
 * Pieces of the administrators' tables. They fold on phones: a column marked `wideOnly`
 * shows from the sm breakpoint up, and its content repeats, marked `narrowOnly`, inside a
 * neighbouring cell below it. Hidden copies are display:none, so screen readers meet each
 * value once.
 */
export const wideOnly = 'hidden sm:table-cell';
export const narrowOnly = 'sm:hidden';

/** "Product Photo" (SPEC.md's column), shortened to "Photo" on a phone so the column stays narrow. */
export function PhotoHeader() {
  return (
    <th scope="col" className="w-14 sm:w-auto">
      <span className={narrowOnly}>Photo</span>
      <span className="hidden sm:inline">Product Photo</span>
    </th>
  );
}

/** The cell under PhotoHeader: the dish's picture. */
export function RecordPhotoCell({ src, name }: { src: string; name: string }) {
  return (
    <td className="w-14 pr-0 sm:w-auto sm:pr-3">
      <RecordPhoto src={src} name={name} size="square" />
    </td>
  );
}

/** An administrator's Delete; `srLabel` follows "Delete" for screen readers, naming the row. */
export function DeleteButton({ deleting, srLabel, onClick, className = '' }: { deleting: boolean; srLabel: string; onClick: () => void; className?: string }) {
  return (
    <button type="button" className={`btn btn-xs btn-error sm:btn-sm ${className}`} disabled={deleting} onClick={onClick}>
      {deleting ? 'Deleting…' : TEXT.deleteButton}
      <span className="sr-only"> {srLabel}</span>
    </button>
  );
}
