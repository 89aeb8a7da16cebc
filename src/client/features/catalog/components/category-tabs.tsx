import { ALL_CATEGORY } from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import { type KeyboardEvent, useRef } from 'react';

/**
 * The category filter as an ARIA tab list: Tab moves into and out of it, the arrow
 * keys (and Home/End) move between categories and choose one, as WAI-ARIA's tabs
 * pattern describes.
 */
export function CategoryTabs({
  categories,
  selected,
  onSelect,
  panelId,
  label,
}: {
  categories: string[];
  selected: string;
  onSelect: (category: string) => void;
  panelId: string;
  label: string;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = categories.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const category = categories[next];
    if (category === undefined) return;
    onSelect(category);
    tabs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap justify-center gap-2">
      {categories.map((category, index) => {
        const active = category === selected;
        return (
          <button
            key={category}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${panelId}-tab-${index}`}
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(category)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`btn btn-sm rounded-full ${active ? 'btn-primary' : 'btn-ghost border-base-300 bg-base-100 hover:bg-base-200'}`}
          >
            {category === ALL_CATEGORY ? TEXT.allCategory : category}
          </button>
        );
      })}
    </div>
  );
}
