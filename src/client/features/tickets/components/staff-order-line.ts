/**
 * A line of staff's "New order" as the page holds it, and what the page needs of the option picker
 * that draws its choices: the types the form, its hook and its parts share.
 */
import type { Product } from '@shared/contract/catalog.ts';
import type { ReactNode } from 'react';

/** What the page needs of an option picker (the catalogue's OptionPicker, composed by the route). */
export interface OptionPickerSlot {
  render: (props: {
    groups: Product['options'];
    selected: readonly number[];
    onChange: (next: number[]) => void;
    idPrefix: string;
    missing: { groupId: number; message: string } | null;
    disabled: boolean;
  }) => ReactNode;
  /** Moves the focus to a group of the picker rendered with `idPrefix`. */
  focusGroup: (idPrefix: string, groupId: number) => void;
}

export interface Line {
  id: string;
  dish: Product;
  quantity: number;
  options: number[];
  note: string;
}
