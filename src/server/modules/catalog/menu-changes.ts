import type { Kysely } from 'kysely';
import {
  AVAILABILITY_FIELDS,
  type CreateProductBody,
  type UpdateProductBody,
  optionsInput,
} from '../../../shared/contract/catalog.ts';
import type { Category, OptionGroup, Product } from '../../../shared/contract/catalog.ts';
import { toMinorUnits } from '../../../shared/contract/common.ts';
import { type Role, roleAtLeast } from '../../../shared/constants.ts';
import type { Engine } from '../../db/database.ts';
import { isRepeat } from '../../db/request-keys.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';

/** A dish's option group or value the request names by an _id it does not have: 400 naming the _id. */
const unknownOption = (code: 'noOptionGroupWithId' | 'noOptionValueWithId', id: number) => badRequest(code, { v0: id });
import { type ProductSelection, toCategory, toProduct } from './catalog.mappers.ts';
import { type ProductValues, createMenuWriter } from './menu-writer.ts';
import type { Language } from '../../../shared/i18n/languages.ts';

/** What a menu change needs of the catalogue service. */
export interface MenuChangesContext {
  db: Kysely<AppDatabase>;
  engine: Engine;
  clock: () => number;
  /** Whether a picture URL is one the server stores (images module). */
  imageExists: (url: string) => Promise<boolean>;
  optionsOf(
    executor: Kysely<AppDatabase>,
    rows: readonly ProductSelection[],
    all?: boolean,
    language?: Language,
  ): Promise<Map<number, OptionGroup[]>>;
  /** After the change has committed: the cached answers go, the other servers are told. */
  afterChange(): Promise<void>;
}

/**
 * What admins and staff change on the menu (docs/reference/operations.md "Menu management"): dishes, their
 * options and availability, categories. Each change is one transaction; the answers cached
 * from the menu go once it has committed.
 */
export function createMenuChanges({ db, engine, clock, imageExists, optionsOf, afterChange }: MenuChangesContext) {
  /** Runs a menu change in one transaction, then empties the cached answers (after the commit). */
  async function change<T>(work: (writer: ReturnType<typeof createMenuWriter>, now: string) => Promise<T>): Promise<T> {
    const result = await db
      .transaction()
      .execute((trx) => work(createMenuWriter(trx, engine), new Date(clock()).toISOString()));
    await afterChange();
    return result;
  }

  async function checkImage(img: string | undefined): Promise<void> {
    if (img !== undefined && !(await imageExists(img))) throw badRequest('imgPictureUploadedWithPOST');
  }

  function productValues(body: UpdateProductBody): Partial<ProductValues> {
    const values: Partial<ProductValues> = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.price !== undefined) values.price = toMinorUnits(body.price);
    if (body.items !== undefined) values.items = JSON.stringify(body.items);
    if (body.img !== undefined) values.img = body.img;
    if (body.prepUnits !== undefined) values.prep_units = body.prepUnits;
    if (body.description !== undefined) values.description = body.description;
    if (body.translations?.bn?.name !== undefined) values.name_bn = body.translations.bn.name.trim();
    if (body.translations?.bn?.description !== undefined)
      values.description_bn = body.translations.bn.description.trim();
    if (body.translations?.bn?.items !== undefined) values.items_bn = JSON.stringify(body.translations.bn.items);
    if (body.allergens !== undefined) values.allergens = JSON.stringify(body.allergens);
    if (body.diet !== undefined) values.diet = JSON.stringify(body.diet);
    if (body.spicy !== undefined) values.spicy = body.spicy;
    if (body.populler !== undefined) values.populler = body.populler ? 1 : 0;
    if (body.available !== undefined) {
      values.available = body.available ? 1 : 0;
      // Back on the menu: no comeback time left over; sold out: until the time given, if any.
      values.sold_out_until = body.available ? null : (body.soldOutUntil ?? null);
    }
    return values;
  }

  /** The dish as it is now in `language`, with its options. */
  async function productNow(
    menu: ReturnType<typeof createMenuWriter>,
    id: number,
    language: Language,
    row?: ProductSelection,
  ): Promise<Product> {
    const now = row ?? (await menu.liveProduct(id));
    if (!now) throw notFound('noDish');
    return toProduct(now, clock(), (await optionsOf(menu.trx, [now], false, language)).get(now.id), language);
  }

  /** The live category a dish is filed under, named in either language; its names go on the dish (`category`, `category_bn`). */
  async function categoryOf(
    menu: ReturnType<typeof createMenuWriter>,
    name: string,
  ): Promise<Pick<ProductValues, 'category' | 'category_bn'>> {
    const category = await menu.liveCategory(name, 'share');
    if (!category) throw badRequest('categoryOneMenuSCategories', { v0: name });
    return { category: category.name, category_bn: category.name_bn };
  }

  /** A category's names, each used by no other category in either language (letter case aside): a name finds one category. */
  async function checkCategoryNames(
    menu: ReturnType<typeof createMenuWriter>,
    name: string,
    nameBn: string,
    exceptId?: number,
  ): Promise<void> {
    for (const text of nameBn === '' ? [name] : [name, nameBn]) {
      const same = await menu.categoryNamed(text, exceptId);
      if (same)
        throw conflict('thereAlreadyCategoryNamed', {
          v0: same.name_bn.toLowerCase() === text.toLowerCase() ? same.name_bn : same.name,
        });
    }
  }

  function checkComeback(body: UpdateProductBody): void {
    if (body.soldOutUntil && Date.parse(body.soldOutUntil) <= clock()) throw badRequest('soldoutuntilFuture');
  }

  return {
    /** POST /api/v1/allProductsData (admin) */
    async createProduct(body: CreateProductBody, language: Language = 'en'): Promise<Product> {
      checkComeback(body);
      await checkImage(body.img);
      const values = productValues(body);
      return change(async (menu, now) => {
        const category = await categoryOf(menu, body.category);
        const row = await menu.insertProduct(
          {
            name: body.name,
            price: toMinorUnits(body.price),
            items: JSON.stringify(body.items),
            img: body.img,
            populler: 0,
            description: '',
            allergens: '[]',
            diet: '[]',
            spicy: 0,
            available: 1,
            sold_out_until: null,
            prep_units: 1,
            ...values,
            ...category,
          },
          now,
        );
        if (body.options !== undefined)
          await menu.replaceOptions(row.id, optionsInput.parse(body.options), unknownOption);
        return productNow(menu, row.id, language, row);
      });
    },

    /** PATCH /api/v1/allProductsData/{id}: admins change anything; staff only the availability. */
    async updateProduct(id: number, body: UpdateProductBody, role: Role, language: Language = 'en'): Promise<Product> {
      if (!roleAtLeast(role, 'admin')) {
        const others = Object.entries(body).filter(
          ([field, value]) => value !== undefined && !(AVAILABILITY_FIELDS as readonly string[]).includes(field),
        );
        if (others.length > 0)
          throw forbidden('staffMayOnlyChangeDish', { v0: others.map(([field]) => field).join(', ') });
      }
      checkComeback(body);
      await checkImage(body.img);
      const values = productValues(body);
      const { key, ...request } = body;
      return change(async (menu, now) => {
        // A sold-out switch queued offline and sent again (its key) changes nothing more: the dish as it is.
        if (
          await isRepeat(menu.trx, 'dish-availability', key, JSON.stringify({ productId: id, ...request }), now, () =>
            conflict('keyWasAlreadyUsedAnother2'),
          )
        )
          return productNow(menu, id, language);
        if (body.category !== undefined) Object.assign(values, await categoryOf(menu, body.category));
        if (!(await menu.liveProduct(id))) throw notFound('noDish');
        const row = await menu.updateProduct(id, values, now);
        if (!row) throw notFound('noDish');
        if (body.options !== undefined) await menu.replaceOptions(id, optionsInput.parse(body.options), unknownOption);
        return productNow(menu, id, language, row);
      });
    },

    /** PATCH /api/v1/allProductsData/{id}/options/{valueId} (staff): one option value on or off. */
    async setOptionAvailable(
      id: number,
      valueId: number,
      available: boolean,
      key?: string,
      language: Language = 'en',
    ): Promise<Product> {
      return change(async (menu, now) => {
        if (
          await isRepeat(
            menu.trx,
            'option-availability',
            key,
            JSON.stringify({ productId: id, valueId, available }),
            now,
            () => conflict('keyWasAlreadyUsedAnother2'),
          )
        )
          return productNow(menu, id, language);
        const row = await menu.liveProduct(id);
        if (!row) throw notFound('noDish');
        if (!(await menu.setOptionAvailable(id, valueId, available))) throw notFound('dishHasNoOptionValue');
        return productNow(menu, id, language, row);
      });
    },

    /** DELETE /api/v1/allProductsData/{id} (admin): off the menu; records keep their copy. */
    async removeProduct(id: number, language: Language = 'en'): Promise<Product> {
      return change(async (menu, now) => {
        const row = await menu.removeProduct(id, now);
        if (!row) throw notFound('noDish');
        return toProduct(row, clock(), undefined, language);
      });
    },

    /** POST /api/v1/categorys (admin): its name, and in Bangla (`nameBn`, '' for none). */
    async createCategory(name: string, nameBn = '', language: Language = 'en'): Promise<Category> {
      return change(async (menu) => {
        await checkCategoryNames(menu, name, nameBn);
        return toCategory(await menu.insertCategory(name, nameBn), language);
      });
    },

    /** PATCH /api/v1/categorys/{id} (admin): its dishes follow the new names; `nameBn` undefined keeps the Bangla name. */
    async renameCategory(id: number, name: string, nameBn?: string, language: Language = 'en'): Promise<Category> {
      return change(async (menu) => {
        const category = await menu.categoryById(id, true);
        if (!category) throw notFound('noCategoryWithId');
        await checkCategoryNames(menu, name, nameBn ?? category.name_bn, id);
        return toCategory(await menu.renameCategory(id, name, nameBn ?? category.name_bn), language);
      });
    },

    /** DELETE /api/v1/categorys/{id} (admin): only an empty category. */
    async removeCategory(id: number, language: Language = 'en'): Promise<Category> {
      return change(async (menu, now) => {
        const category = await menu.categoryById(id, true);
        if (!category) throw notFound('noCategoryWithId');
        const dishes = await menu.countLiveDishes(category.name);
        if (dishes > 0) {
          throw conflict('stillHoldsMoveRemoveThem', {
            v0: category.name,
            v1: dishes,
            v2: dishes === 1 ? 'dish' : 'dishes',
          });
        }
        await menu.removeCategory(category.id, category.name, now);
        return toCategory(category, language);
      });
    },
  };
}
