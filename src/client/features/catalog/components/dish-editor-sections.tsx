import { ALLERGENS, DIETS, MAX_SPICY } from '@shared/constants.ts';
import type { ReactNode } from 'react';
import { useNumbers } from '@client/data/restaurant.ts';
import { dietLabel, spiceWords } from './dish-facts.tsx';
import { allergenName } from '@shared/i18n/allergens.ts';
import { type Draft, type Problems, toggle } from './dish-draft.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * The dish dialog's sections (dish-editor.tsx): its diet, allergens, spice and place among the
 * popular dishes, and its picture, uploaded with progress and shown once stored.
 */

/** Sets one field of the dish's draft (`set` of use-dish-editor.ts). */
type SetField = <K extends keyof Draft>(key: K, value: Draft[K]) => void;

export function DishTraits({ draft, set }: { draft: Draft; set: SetField }) {
  return (
    <>
      <fieldset>
        <legend className="mb-1 font-semibold">{t('menuAdmin.diet', 'Diet')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {DIETS.map((diet) => (
            <label key={diet} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={draft.diet.includes(diet)}
                onChange={() => set('diet', toggle(draft.diet, diet, DIETS))}
              />
              {dietLabel(diet)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-1 font-semibold">{t('menuAdmin.allergens', 'Allergens')}</legend>
        {/* Columns at least as wide as the longest name ("Crustaceans"), so no label runs into the next box. */}
        <div className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-x-4 gap-y-1">
          {ALLERGENS.map((allergen) => (
            <label key={allergen} className="flex min-w-0 items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={draft.allergens.includes(allergen)}
                onChange={() => set('allergens', toggle(draft.allergens, allergen, ALLERGENS))}
              />
              {allergenName(allergen)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t('menuAdmin.spice', 'Spice')}</span>
          <select className="select w-full" value={draft.spicy} onChange={(e) => set('spicy', e.target.value)}>
            {Array.from({ length: MAX_SPICY + 1 }, (_, level) => (
              <option key={level} value={level}>
                {spiceWords(level)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 self-end pb-2">
          <input
            type="checkbox"
            className="checkbox"
            checked={draft.populler}
            onChange={(e) => set('populler', e.target.checked)}
          />
          {t('menuAdmin.showAmongPopular', 'Show among the popular dishes')}
        </label>
      </div>
    </>
  );
}

export function DishPicture({
  draft,
  progress,
  choosePicture,
  field,
  problem,
}: {
  draft: Draft;
  /** The upload's progress from 0 to 1; null when none is under way. */
  progress: number | null;
  choosePicture: (file: File | undefined) => Promise<void>;
  field: (name: keyof Problems) => { 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined };
  problem: (name: keyof Problems) => ReactNode;
}) {
  const numbers = useNumbers();
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{t('menuAdmin.picture', 'Picture')}</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="file-input w-full"
          onChange={(e) => void choosePicture(e.target.files?.[0])}
          {...field('img')}
        />
        <span className="text-xs text-base-content/70">
          {t('menuAdmin.pictureHint', 'JPEG, PNG, WebP, GIF or AVIF, at most 8 MB; it is cropped to 4:3.')}
        </span>
      </label>
      {progress !== null && (
        <progress
          className="progress progress-primary w-full"
          value={Math.round(progress * 100)}
          max={100}
          aria-label={t('menuAdmin.uploading', 'Uploading the picture')}
        >
          {numbers.number(Math.round(progress * 100))}%
        </progress>
      )}
      {problem('img')}
      {draft.img && progress === null && (
        <img
          src={draft.img}
          srcSet={draft.imgSrcset || undefined}
          sizes="240px"
          alt={t('menuAdmin.dishPicture', "The dish's picture")}
          width={240}
          height={180}
          className="aspect-[4/3] w-60 rounded-box object-cover"
        />
      )}
    </div>
  );
}
