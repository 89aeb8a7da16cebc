import type { Category } from '@shared/contract/catalog.ts';
import { type FormEvent, useState } from 'react';
import { confirmAction, showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { useCreateCategory, useRemoveCategory, useRenameCategory } from '../api/manage-menu.ts';
import { t } from '@shared/i18n/i18n.ts';
import { BanglaField } from './bangla-field.tsx';

/** The menu's categories (administrators): add one, rename or remove each (a category with dishes is refused by the server). */
export function CategoryManager({ categories }: { categories: Category[] }) {
  const create = useCreateCategory();
  const [name, setName] = useState('');
  const [nameBn, setNameBn] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setFailure(t('menuAdmin.typeCategoryName', 'Type the new category’s name.'));
      return;
    }
    try {
      const answer = await create.mutateAsync({ name: name.trim(), nameBn: nameBn.trim() });
      setName('');
      setNameBn('');
      setFailure(null);
      void showDone(answer.message);
    } catch (error) {
      setFailure(errorMessage(error, t('menuAdmin.addingCategory', 'adding the category')));
    }
  }

  return (
    <section aria-labelledby="menu-categories" className="flex flex-col gap-4">
      <h2 id="menu-categories" className="text-xl font-bold">
        {t('menuAdmin.categories', 'Categories')}
      </h2>
      <ul className="flex flex-col gap-2">
        {categories.map((category) => (
          <CategoryRow key={category._id} category={category} />
        ))}
      </ul>
      <form onSubmit={(event) => void add(event)} className="flex flex-wrap items-start gap-2" noValidate>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">{t('menuAdmin.newCategory', 'New category')}</span>
          <input
            className="input input-sm"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={61}
            aria-invalid={failure ? true : undefined}
          />
        </label>
        <BanglaField
          small
          label={t('menuAdmin.newCategoryInBangla', 'New category in Bangla (বাংলা)')}
          value={nameBn}
          maxLength={61}
          onChange={setNameBn}
        />
        <button
          type="submit"
          className="btn btn-primary btn-sm mt-6"
          disabled={create.isPending}
          aria-busy={create.isPending}
        >
          {t('menuAdmin.addCategory', 'Add category')}
        </button>
        {failure && (
          <p role="alert" className="basis-full text-sm font-medium text-error">
            {failure}
          </p>
        )}
      </form>
    </section>
  );
}

export function CategoryRow({ category }: { category: Category }) {
  const rename = useRenameCategory();
  const remove = useRemoveCategory();
  // The names as written (the list names it in the page's language).
  const english = category.translations?.en.name ?? category.category;
  const bangla = category.translations?.bn.name ?? '';
  const [name, setName] = useState(english);
  const [nameBn, setNameBn] = useState(bangla);
  const [failure, setFailure] = useState<string | null>(null);
  const changed = name.trim() !== english || nameBn.trim() !== bangla;

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await rename.mutateAsync({ id: category._id, name: name.trim(), nameBn: nameBn.trim() });
      setFailure(null);
      void showDone(answer.message);
    } catch (error) {
      setFailure(errorMessage(error, t('menuAdmin.theRenaming', 'the renaming')));
    }
  }

  async function onRemove() {
    if (
      !(await confirmAction(
        t('menuAdmin.removeQuestion', 'Remove {{name}}?', { name: category.category }),
        t('menuAdmin.onlyEmptyCategory', 'Only an empty category can be removed.'),
        t('menuAdmin.yesRemove', 'Yes, remove'),
      ))
    )
      return;
    try {
      const answer = await remove.mutateAsync(category._id);
      void showDone(answer.message);
    } catch (error) {
      setFailure(errorMessage(error, t('menuAdmin.theRemoval', 'the removal')));
    }
  }

  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-3">
      <form onSubmit={(event) => void save(event)} className="flex flex-wrap items-center gap-2" noValidate>
        <label className="flex items-center gap-2">
          <span className="sr-only">
            {t('menuAdmin.categoryName', 'Name of the category {{name}}', { name: category.category })}
          </span>
          <input className="input input-sm" value={name} onChange={(e) => setName(e.target.value)} maxLength={61} />
        </label>
        <BanglaField
          small
          hiddenLabel
          label={t('menuAdmin.categoryNameInBangla', 'Name of the category {{category}} in Bangla (বাংলা)', {
            category: category.category,
          })}
          value={nameBn}
          maxLength={61}
          onChange={setNameBn}
        />
        <button
          type="submit"
          className="btn btn-outline btn-sm"
          disabled={!changed || rename.isPending}
          aria-busy={rename.isPending}
        >
          {t('menuAdmin.rename', 'Rename')}
          <span className="sr-only"> {category.category}</span>
        </button>
        <button
          type="button"
          className="btn btn-error btn-outline btn-sm"
          disabled={remove.isPending}
          onClick={() => void onRemove()}
        >
          {t('menuAdmin.remove', 'Remove')}
          <span className="sr-only"> {category.category}</span>
        </button>
        {failure && (
          <p role="alert" className="basis-full text-sm font-medium text-error">
            {failure}
          </p>
        )}
      </form>
    </li>
  );
}
