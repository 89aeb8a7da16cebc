import { TEXT } from '@shared/texts.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** 'loading....' (SPEC.md §2), announced politely. */
export function ListLoading() {
  return (
    <p role="status" className="flex items-center justify-center gap-3 py-12 text-lg">
      <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
      {TEXT.loading}
    </p>
  );
}

/** The spec's empty-list message. */
export function ListEmpty() {
  return <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-4 py-12 text-center text-lg font-medium">{TEXT.emptyList}</p>;
}

/** A clear stop: not allowed, no such user. No data is shown with it. */
export function ListNotice({ title, children, tone = 'warning', back }: { title: string; children: ReactNode; tone?: 'warning' | 'info'; back: { to: string; label: string } }) {
  const colours = tone === 'warning' ? 'border-warning/40 bg-warning/10' : 'border-info/40 bg-info/10';
  return (
    <div role="alert" className={`mx-auto my-6 flex w-full max-w-2xl flex-col items-start gap-3 rounded-box border p-5 ${colours}`}>
      <h2 className="text-xl font-bold">{title}</h2>
      <p>{children}</p>
      <Link to={back.to} className="btn btn-sm btn-outline">
        {back.label}
      </Link>
    </div>
  );
}

/**
 * A table that fits a 360px phone: it scrolls sideways inside its own box, which can take
 * keyboard focus so that keyboard users can scroll it too.
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-box border border-base-300 bg-base-100 shadow-sm">
      {children}
    </div>
  );
}

/**
 * Tables fold on phones: a column marked `wideOnly` shows from the sm breakpoint up, and its
 * content repeats, marked `narrowOnly`, inside a neighbouring cell below it. Hidden copies are
 * display:none, so screen readers meet each value once.
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
