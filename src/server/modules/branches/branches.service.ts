import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Branch } from '../../../shared/contract/branches.ts';
import { textIn } from '../../../shared/contract/menu-texts.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { minutesOf } from '../../../shared/domain/clock-time.ts';
import { openingState } from '../../../shared/domain/opening.ts';
import { instantAt, wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { type BranchId, asBranchId } from '../../db/branch.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import { type BranchRow, createBranchesRepository } from './branches.repository.ts';
import { createBranchWrites } from './branch-writes.ts';

/** The refusals of a branch's reads, kept here so the catalogs and the tests read the same texts. */
export const BRANCH_MESSAGES = {
  unknown: 'No such branch',
  archived: 'This branch has closed',
} as const;

/**
 * The brand's branches as guests read them (docs/reference/branches.md, decision 062): each
 * branch's name, address, phone, time zone and hours are those of its settings row as the
 * restaurant service holds it (its cache, its defaults for a missing row); a branch's Bangla
 * name is its own column. "Open now"
 * and the next opening are worked out at the moment of the read on the branch's own wall
 * clock, by the rules the About page and the ordering pause use (shared/domain/opening.ts).
 */
export interface BranchesOptions {
  restaurant: RestaurantService;
  /** After a branch was made, changed or archived: every server forgets what it kept of them (awaited). */
  onChanged?: () => Promise<void>;
  /** The restaurant's clock (epoch ms; tests pin it). */
  now?: () => number;
}

/**
 * A branch as a guest's paper names it (`placeOf`): its settings (name, address, phone, time
 * zone); `names`, its names in both languages, only when the brand has two open branches or more
 * (the paper then names its branch, in its reader's language, and gives its phone).
 */
export interface BranchPlace {
  settings: RestaurantSettings;
  names?: Record<Language, string>;
}

/** A branch's name on a guest's paper: in `language` from the second branch on, else its settings' (as before branches). */
export const placeName = (place: BranchPlace, language: Language): string =>
  place.names ? textIn(place.names, language) : place.settings.name;

/** The branches a request's branch is found in (src/server/http/request-branch.ts). */
export interface BranchDirectory {
  /** A branch by its id (as text) or its slug, archived or not. */
  find(key: string): BranchRow | undefined;
  /** The branches not archived, by position (a request that names none is at the first, or at the first of the caller's). */
  open: BranchRow[];
}

export function createBranchesService(
  db: Kysely<AppDatabase>,
  { restaurant, onChanged = async () => {}, now = Date.now }: BranchesOptions,
) {
  const repository = createBranchesRepository(db);

  /** The settings of each branch, as the restaurant service holds them (each branch's row, read once and kept). */
  async function settingsOf(rows: BranchRow[]): Promise<Map<number, RestaurantSettings>> {
    const settings = await Promise.all(rows.map((row) => restaurant.at(asBranchId(row.id)).get()));
    return new Map(rows.map((row, i) => [row.id, settings[i] as RestaurantSettings]));
  }

  function toBranch(row: BranchRow, settings: RestaurantSettings, language: Language, at: number): Branch {
    const names = { en: settings.name, bn: row.name_bn ?? '' };
    const state = openingState(settings, wallClockOf(at, settings.timeZone));
    const next = state.open ? null : state.opensAt;
    return {
      _id: String(row.id),
      slug: row.slug,
      name: textIn(names, language),
      translations: { en: { name: names.en }, bn: { name: names.bn } },
      address: settings.address,
      phone: settings.phone,
      timeZone: settings.timeZone,
      openNow: state.open,
      closesAt: state.open ? state.closesAt : null,
      nextOpening: next
        ? {
            date: next.date,
            time: next.time,
            weekday: next.weekday,
            at: new Date(instantAt(next.date, minutesOf(next.time), settings.timeZone)).toISOString(),
          }
        : null,
      openingHours: settings.openingHours,
      closedDates: settings.closedDates,
    };
  }

  /** One branch by id or slug, or why there is none (its page answers 404 or 410). */
  async function find(idOrSlug: string, language: Language): Promise<Branch | 'unknown' | 'archived'> {
    const row = await repository.find(/^\d+$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug });
    if (!row) return 'unknown';
    if (row.archived_at !== null) return 'archived';
    const settings = await settingsOf([row]);
    return toBranch(row, settings.get(row.id) as RestaurantSettings, language, now());
  }

  // The directory of every branch, by id and slug, that a request's branch is found in: read
  // once and kept until the branches change (`invalidate`, told to every server).
  let directory: Promise<BranchDirectory> | undefined;
  let directoryReadAt = 0;
  const loadDirectory = async (): Promise<BranchDirectory> => {
    const rows = await repository.listAll();
    const byKey = new Map<string, BranchRow>();
    for (const row of rows) byKey.set(String(row.id), row).set(row.slug, row);
    return { find: (key) => byKey.get(key), open: rows.filter((row) => row.archived_at === null) };
  };

  function readDirectory(fresh = false): Promise<BranchDirectory> {
    // Measured on the process's own clock, not the restaurant's (which tests pin).
    if (fresh && directory && performance.now() - directoryReadAt > 1000) directory = undefined;
    if (!directory) {
      directoryReadAt = performance.now();
      directory = loadDirectory().catch((error: unknown) => {
        directory = undefined;
        throw error;
      });
    }
    return directory;
  }

  return {
    /** The brand admins' writes: POST, PATCH and DELETE /api/v1/branches (branch-writes.ts). */
    ...createBranchWrites(db, { restaurant, onChanged, now }),

    /**
     * Every branch by id or slug, and the first open one: kept in memory until `invalidate`.
     * `fresh`: a request named a branch the directory does not know; it is read again if it was
     * read more than a second ago (a branch made on another server whose word was missed is
     * found; a stream of unknown names reads the database at most once a second).
     */
    directory: readDirectory,

    /** Forgets the directory (a branch was added, changed or archived, here or on another server). */
    invalidate(): void {
      directory = undefined;
    },

    /** The open branches in their order, in `language`. */
    async list(language: Language): Promise<Branch[]> {
      const rows = await repository.listOpen();
      const settings = await settingsOf(rows);
      const at = now();
      return rows.map((row) => toBranch(row, settings.get(row.id) as RestaurantSettings, language, at));
    },

    /** Every branch, archived too, in their order: its id, slug and name in `language` (the brand's day report lists them). */
    async named(language: Language): Promise<{ id: number; slug: string; name: string; archived: boolean }[]> {
      const rows = await repository.listAll();
      const settings = await settingsOf(rows);
      return rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        name: textIn({ en: (settings.get(row.id) as RestaurantSettings).name, bn: row.name_bn ?? '' }, language),
        archived: row.archived_at !== null,
      }));
    },

    find,

    /** A branch's name in both languages (its settings' and its Bangla column), for a message that names it. */
    async namesOf(id: number): Promise<{ name: string; name_bn: string }> {
      const row = (await this.directory()).find(String(id));
      const settings = await restaurant.at(asBranchId(id)).get();
      return { name: settings.name, name_bn: row?.name_bn ?? '' };
    },

    /** Whether the brand has two open branches or more (the picker, and what guests' answers say of their branch). */
    async several(): Promise<boolean> {
      return (await this.directory()).open.length > 1;
    },

    /**
     * A branch as a guest's paper names it (its mails, calendar events and receipts:
     * docs/reference/branches.md "Guests"): its settings, and its names from the second open
     * branch on.
     */
    async placeOf(branch: BranchId): Promise<BranchPlace> {
      const [found, settings] = await Promise.all([readDirectory(), restaurant.at(branch).get()]);
      // With one branch the brand and its branch are one: its papers name the brand, as before branches.
      if (found.open.length < 2) return { settings: await restaurant.at(branch).shown() };
      return { settings, names: { en: settings.name, bn: found.find(String(branch))?.name_bn ?? '' } };
    },

    /** One branch by id or slug; 404 when there is none, 410 when it is archived. */
    async get(idOrSlug: string, language: Language): Promise<Branch> {
      const found = await find(idOrSlug, language);
      if (found === 'unknown') throw notFound('noSuchBranch');
      if (found === 'archived') throw new HttpError(410, 'branchHasClosed');
      return found;
    },
  };
}

export type BranchesService = ReturnType<typeof createBranchesService>;
