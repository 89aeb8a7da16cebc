import { t } from '@shared/i18n/i18n.ts';
import type { Diet } from '@shared/constants.ts';
import type { ReactNode } from 'react';

/**
 * The menu's marks drawn as SVG (issue 41): emoji showed as empty boxes on a machine without an
 * emoji font, such as a kitchen's Linux tablet. Each icon is an image with its text alternative
 * (role="img" and a name), drawn in the text's colour so it follows the badge it sits in.
 */

function Icon({ label, children, className = 'size-4' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 24 24"
      className={`inline-block shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const DIET_PATHS: Record<Diet, ReactNode> = {
  // A carrot.
  vegetarian: (
    <>
      <path d="M14.5 9.5 4 20l.5-5.5L12 7c1.5-1.5 4-1 4.5.5s0 1.5-2 2Z" />
      <path d="M15 5c1-2 3-2 4-1M17 7c2-1 3 0 3 1M16 4.5l1.5 2.5" />
    </>
  ),
  // A leaf with its vein.
  vegan: (
    <>
      <path d="M5 19c0-9 5-14 15-14 0 10-5 15-14 15" />
      <path d="M5 19 13 11" />
    </>
  ),
  // A crescent and a star.
  halal: (
    <>
      <path d="M14 4a8 8 0 1 0 6 13A7 7 0 0 1 14 4Z" />
      <path d="m18 8 .6 1.6 1.7.1-1.3 1.1.4 1.7-1.4-.9-1.4.9.4-1.7-1.3-1.1 1.7-.1Z" />
    </>
  ),
  // An ear of wheat, struck through.
  'gluten-free': (
    <>
      <path d="M12 21V8M12 8c-2-1-2-3 0-5 2 2 2 4 0 5ZM12 13c-2 0-3.5-1.5-3.5-3.5 2 0 3.5 1.5 3.5 3.5ZM12 13c2 0 3.5-1.5 3.5-3.5-2 0-3.5 1.5-3.5 3.5ZM12 17.5c-2 0-3.5-1.5-3.5-3.5 2 0 3.5 1.5 3.5 3.5ZM12 17.5c2 0 3.5-1.5 3.5-3.5-2 0-3.5 1.5-3.5 3.5Z" />
      <path d="M4 4l16 16" />
    </>
  ),
};

export function DietIcon({ diet, label, className }: { diet: Diet; label: string; className?: string }) {
  return (
    <Icon label={label} {...(className ? { className } : {})}>
      {DIET_PATHS[diet]}
    </Icon>
  );
}

/** One chilli per level of heat, as one image named by the heat in words ("Medium hot, 2 of 3 chillies"). */
export function SpiceIcons({ level, label }: { level: number; label: string }) {
  return (
    <span role="img" aria-label={`${label}, ${level} of 3 chillies`} className="inline-flex">
      {Array.from({ length: level }, (_, i) => (
        <svg
          key={i}
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="inline-block size-4 text-error"
          fill="currentColor"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinecap="round"
          strokeLinejoin="round"
          focusable="false"
        >
          <path d="M8 9c-1 5-3 9-6 11 6 1 12-2 14-8 .5-1.5-.5-3-2-3.5C12 8 9 8 8 9Z" />
          <path d="M13 8.5c0-2 1-4 4-5" fill="none" />
        </svg>
      ))}
    </span>
  );
}

/** The allergen mark: a warning triangle, named "contains". */
export function AllergenIcon() {
  return (
    <Icon label={t('menu.contains', 'contains')} className="size-3.5">
      <path d="M12 3 2 20h20L12 3Z" />
      <path d="M12 10v4M12 17h.01" />
    </Icon>
  );
}
