import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { PATHS } from '../../../shared/paths.ts';
import { LANGUAGES } from '../../../shared/i18n/languages.ts';
import { type PageAddress, pageKey } from './page-shell.ts';

/** What the primer needs: the pages service's two calls, the version pages are kept at, and the open branches. */
export interface PrimerSources {
  page(path: string, search: string, language: PageAddress['language'], branch: string): Promise<unknown>;
  /** The pages kept and still within their time: asked for lately. */
  inUse(): PageAddress[];
  version(): string;
  /** The open branches' slugs. */
  openBranches(): Promise<string[]>;
  /** Whether the page at this address is kept at today's version: a round skips it. */
  isKept(address: PageAddress): boolean;
  onError?: (error: unknown) => void;
  onPrimed?: (pages: number, ms: number) => void;
}

/** The pages a branch is opened on: its home, menu, about and booking page (a dish's page is made when asked for). */
const FIRST_PAGES = [PATHS.home, PATHS.products, PATHS.about, PATHS.reserve];
/** At most this many pages a round: a group of many branches is made ahead over several rounds. */
const MAX_PAGES_A_ROUND = 200;
const CHECK_MS = 1000;
/** A change is made ahead once the version has held this long: a burst of changes (an owner editing the menu, a group's set-up) makes its pages once. */
const SETTLE_MS = 900;

/**
 * Makes pages ahead of the guests (docs/decisions/078): a page is otherwise made by the first
 * request after a change, and at a group's opening (a server started, a branch opened, a menu
 * or settings change) every branch's first guests wait together while the server renders
 * tens of pages at once. Once a second the primer looks: when the version changed (and has
 * held for a second since) it makes again the pages guests asked for lately, and a branch it
 * has not met (every branch at start, a branch just opened) gets its first pages in each
 * language. One page at a time, yielding between pages, so guests' requests go between them;
 * a change in the middle of a round ends it (its pages would not be kept).
 */
export function startPagePrimer(
  sources: PrimerSources,
  { checkMs = CHECK_MS, settleMs = SETTLE_MS, maxPages = MAX_PAGES_A_ROUND } = {},
) {
  const met = new Set<string>();
  let primedAt: string | undefined;
  /** The version last seen, and since when. */
  let seen: string | undefined;
  let seenAt = 0;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function round(): Promise<void> {
    const version = sources.version();
    if (version !== seen) {
      seen = version;
      seenAt = performance.now();
    }
    // At start at once; after a change, once it has settled.
    if (primedAt !== undefined && performance.now() - seenAt < settleMs) return;
    const branches = ['', ...(await sources.openBranches())];
    const fresh = branches.filter((slug) => !met.has(slug));
    if (version === primedAt && fresh.length === 0) return;
    const started = performance.now();
    const wanted = new Map<string, PageAddress>();
    const want = (address: PageAddress) => wanted.set(pageKey(address), address);
    if (version !== primedAt) for (const address of sources.inUse()) want(address);
    for (const branch of fresh)
      for (const language of LANGUAGES) for (const path of FIRST_PAGES) want({ path, search: '', language, branch });
    // What an earlier round (cut at `maxPages`) made is skipped: each round goes on from there.
    const missing = [...wanted.values()].filter((address) => !sources.isKept(address));
    const pages = missing.slice(0, maxPages);
    for (const { path, search, language, branch } of pages) {
      // A change meanwhile: what would be made now would not be kept; the next round starts again.
      if (stopped || sources.version() !== version) return;
      await sources.page(path, search, language, branch);
      await yieldToRequests();
    }
    if (pages.length === missing.length) {
      for (const slug of fresh) met.add(slug);
      primedAt = version;
    }
    sources.onPrimed?.(pages.length, performance.now() - started);
  }

  /** One round, unless one is running (then that one). */
  function check(): Promise<void> {
    running ??= round()
      .catch((error: unknown) => sources.onError?.(error))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const timer = setInterval(() => void check(), checkMs);
  timer.unref();
  void check();
  return {
    /** A round now (tests), or the one running. */
    check,
    /** Stops looking; a round running ends with its page. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export type PagePrimer = ReturnType<typeof startPagePrimer>;
