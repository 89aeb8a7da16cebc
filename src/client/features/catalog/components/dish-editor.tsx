import { MAX_DESCRIPTION_LENGTH, MAX_DISH_NAME_LENGTH } from '@shared/constants.ts';
import type { CreateProductBody, Product } from '@shared/contract/catalog.ts';
import { useId } from 'react';
import { Modal, ModalActions, ModalFailure } from '@client/components/ui/modal.tsx';
import { useCurrencySign } from '@client/data/restaurant.ts';
import { OptionGroupsEditor } from './option-groups-editor.tsx';
import type { Problems } from './dish-draft.ts';
import { BanglaField } from './bangla-field.tsx';
import { DishPicture, DishTraits } from './dish-editor-sections.tsx';
import { useDishEditor } from './use-dish-editor.ts';
import { useBranchOffers } from './use-branch-offers.ts';
import { BranchOffersFields } from './branch-offers-fields.tsx';
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
  /** Saves the dish, then its branches' word (`saveBranches`); throws on failure (the message shows in the dialog). */
  onSave: (body: CreateProductBody, saveBranches: (productId: string) => Promise<void>) => Promise<void>;
}) {
  const sign = useCurrencySign();
  const offers = useBranchOffers({ open, product });
  const { draft, set, problems, optionProblems, failure, saving, progress, form, choosePicture, submit } =
    useDishEditor({ open, product, categories, offers, onSave });
  const id = useId();

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
          <BranchOffersFields offers={offers} brandPrice={draft.price} options={draft.options} isNew={!product} />
          <DishTraits draft={draft} set={set} />
          <OptionGroupsEditor
            drafts={draft.options}
            onChange={(next) => set('options', next)}
            problems={optionProblems}
            idPrefix={id}
          />
          <DishPicture
            draft={draft}
            progress={progress}
            choosePicture={choosePicture}
            field={field}
            problem={problem}
          />
        </div>
        <ModalFailure message={failure} />
        <ModalActions onClose={onClose} pending={saving || progress !== null}>
          {product ? t('menuAdmin.saveChanges', 'Save changes') : t('menuAdmin.addDish', 'Add dish')}
        </ModalActions>
      </form>
    </Modal>
  );
}
