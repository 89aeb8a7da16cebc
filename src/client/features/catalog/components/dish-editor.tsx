import {
  ALLERGENS,
  DIETS,
  MAX_DESCRIPTION_LENGTH,
  MAX_DISH_NAME_LENGTH,
  MAX_DISH_IMAGE_BYTES,
  MAX_SPICY,
} from '@shared/constants.ts';
import type { CreateProductBody, Product } from '@shared/contract/catalog.ts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Modal, ModalActions, ModalFailure } from '@client/components/ui/modal.tsx';
import { errorMessage } from '@client/lib/error-message.ts';
import { ApiError } from '@client/lib/api-client.ts';
import { useFocusFirstProblem } from '@client/lib/use-focus-first-problem.ts';
import { useCurrencySign, useNumbers } from '@client/data/restaurant.ts';
import { uploadDishPicture } from '../api/manage-menu.ts';
import { OptionGroupsEditor } from './option-groups-editor.tsx';
import { type OptionProblems, serverOptionProblem } from './option-drafts.ts';
import { dietLabel, spiceWords } from './dish-facts.tsx';
import { allergenName } from '@shared/i18n/allergens.ts';
import { type Draft, type Problems, check, draftOf, serverFieldProblem } from './dish-draft.ts';
import { BanglaField } from './bangla-field.tsx';
import { t } from '@shared/i18n/i18n.ts';

/**
 * "Add dish" and "Edit" on the Menu page: every field of a dish, checked here as the server
 * checks it (the server has the last word, and its message shows in the dialog), and a
 * picture upload with progress and a preview, and its option groups (option-groups-editor.tsx). A failed save keeps the dialog open with what
 * was typed.
 */

export function DishEditor({
  open,
  product,
  categories,
  onClose,
  onSave,
}: {
  open: boolean;
  /** The dish being edited; null to add one. */
  product: Product | null;
  categories: string[];
  onClose: () => void;
  /** Saves; throws on failure (the message shows in the dialog). */
  onSave: (body: CreateProductBody) => Promise<void>;
}) {
  const sign = useCurrencySign();
  const numbers = useNumbers();
  const [draft, setDraft] = useState(() => draftOf(product, categories, numbers));
  const [problems, setProblems] = useState<Problems>({});
  const [optionProblems, setOptionProblems] = useState<OptionProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  const id = useId();
  // A refused save brings its first problem into view and focus (the dialog is long: a problem
  // out of sight made Save seem to do nothing, issue 44 point 7).
  const { ref: form, focusFirst } = useFocusFirstProblem();

  // A new opening starts from the dish as it is now (or blank for a new one).
  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(product, categories, numbers));
    setProblems({});
    setOptionProblems({});
    setFailure(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens or another dish is edited
  }, [open, product?._id]);

  useEffect(() => () => upload.current?.abort(), []);

  // A problem on screen goes as soon as its field is right again (issue 41, point 9); none shows before a save.
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (key in problems && problems[key as keyof Problems])
      setProblems({ ...problems, [key]: check(next, numbers).problems[key as keyof Problems] });
  };
  const toggle = <T extends string>(list: T[], value: T, order: readonly T[]) =>
    list.includes(value) ? list.filter((v) => v !== value) : order.filter((v) => v === value || list.includes(v));

  async function choosePicture(file: File | undefined) {
    if (!file) return;
    setFailure(null);
    if (file.size > MAX_DISH_IMAGE_BYTES) {
      setProblems((p) => ({
        ...p,
        img: t('menuAdmin.pictureTooBig', 'The picture must be at most {{n}} MB.', {
          n: numbers.number(MAX_DISH_IMAGE_BYTES / 1024 / 1024),
        }),
      }));
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      const stored = await uploadDishPicture(file, setProgress, controller.signal);
      setDraft((current) => ({ ...current, img: stored.url, imgSrcset: stored.srcset }));
      setProblems((p) => ({ ...p, img: undefined }));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setProblems((p) => ({ ...p, img: errorMessage(error, t('menuAdmin.theUpload', 'the upload')) }));
    } finally {
      if (upload.current === controller) setProgress(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { problems: found, optionProblems: foundInOptions, body } = check(draft, numbers);
    setProblems(found);
    setOptionProblems(foundInOptions);
    if (!body) {
      focusFirst();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await onSave(body);
    } catch (error) {
      // A refusal of the options ("options.0.values.1.price: …") shows next to its field.
      // So does one of the dish's own fields ("price may carry at most two decimals").
      const refused =
        error instanceof ApiError && error.status === 400 && error.serverMessage ? error.serverMessage : null;
      const inOptions = refused ? serverOptionProblem(refused) : null;
      const inField = refused && !inOptions ? serverFieldProblem(refused) : null;
      if (inOptions) setOptionProblems(inOptions);
      else if (inField) setProblems(inField);
      else setFailure(errorMessage(error, t('menuAdmin.savingTheDish', 'saving the dish')));
      if (inOptions || inField) focusFirst();
    } finally {
      setSaving(false);
    }
  }

  const field = (name: keyof Problems) => ({
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${id}-${name}-problem` : undefined,
  });
  const problem = (name: keyof Problems) =>
    problems[name] ? (
      <span id={`${id}-${name}-problem`} className="text-sm font-medium text-error">
        {problems[name]}
      </span>
    ) : null;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={
        product ? t('menuAdmin.editDish', 'Edit {{name}}', { name: product.name }) : t('menuAdmin.addDish', 'Add dish')
      }
      boxClassName="sm:max-w-2xl"
    >
      <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-col gap-4">
        <div className="-mx-1 flex min-h-0 flex-col gap-4 overflow-y-auto px-1">
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{t('menuAdmin.name', 'Name')}</span>
            <input
              className="input w-full"
              value={draft.name}
              maxLength={MAX_DISH_NAME_LENGTH + 1}
              onChange={(e) => set('name', e.target.value)}
              data-autofocus
              {...field('name')}
            />
            {problem('name')}
          </label>
          <div className="flex flex-col gap-1">
            <BanglaField
              label={t('menuAdmin.nameInBangla', 'Name in Bangla (বাংলা)')}
              value={draft.nameBn}
              maxLength={MAX_DISH_NAME_LENGTH + 1}
              onChange={(value) => set('nameBn', value)}
            />
            {problem('nameBn')}
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <label className="flex flex-col gap-1">
              <span className="font-semibold">{t('menuAdmin.category', 'Category')}</span>
              <select
                className="select w-full"
                value={draft.category}
                onChange={(e) => set('category', e.target.value)}
                {...field('category')}
              >
                {categories.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
              {problem('category')}
            </label>
            <label className="flex flex-col gap-1">
              <span className="font-semibold">{t('menuAdmin.priceIn', 'Price ({{sign}})', { sign })}</span>
              <input
                className="input w-full"
                inputMode="decimal"
                value={draft.price}
                onChange={(e) => set('price', e.target.value)}
                {...field('price')}
              />
              {problem('price')}
            </label>
            <label className="flex flex-col gap-1">
              <span className="font-semibold">{t('menuAdmin.prepUnits', 'Prep units')}</span>
              <input
                className="input w-full"
                inputMode="numeric"
                value={draft.prepUnits}
                onChange={(e) => set('prepUnits', e.target.value)}
                {...field('prepUnits')}
              />
              {problem('prepUnits')}
            </label>
          </div>
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{t('menuAdmin.ingredients', 'Ingredients')}</span>
            <input
              className="input w-full"
              value={draft.items}
              placeholder={t('menuAdmin.ingredientsExample', 'Beef patty, Cheddar, Pickles')}
              onChange={(e) => set('items', e.target.value)}
              {...field('items')}
            />
            <span className="text-xs text-base-content/70">
              {t('menuAdmin.separateWithCommas', 'Separate them with commas.')}
            </span>
            {problem('items')}
          </label>
          <BanglaField
            label={t('menuAdmin.ingredientsInBangla', 'Ingredients in Bangla (বাংলা), separated by commas')}
            value={draft.itemsBn}
            maxLength={30 * 82}
            onChange={(value) => set('itemsBn', value)}
          />
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{t('menuAdmin.description', 'Description')}</span>
            <textarea
              className="textarea w-full"
              rows={2}
              maxLength={MAX_DESCRIPTION_LENGTH}
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </label>
          <BanglaField
            label={t('menuAdmin.descriptionInBangla', 'Description in Bangla (বাংলা)')}
            value={draft.descriptionBn}
            maxLength={MAX_DESCRIPTION_LENGTH}
            multiline
            onChange={(value) => set('descriptionBn', value)}
          />
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
          <OptionGroupsEditor
            drafts={draft.options}
            onChange={(next) => set('options', next)}
            problems={optionProblems}
            idPrefix={id}
          />
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
        </div>
        <ModalFailure message={failure} />
        <ModalActions onClose={onClose} pending={saving || progress !== null}>
          {product ? t('menuAdmin.saveChanges', 'Save changes') : t('menuAdmin.addDish', 'Add dish')}
        </ModalActions>
      </form>
    </Modal>
  );
}
