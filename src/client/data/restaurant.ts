import type { z } from 'zod';
import type { restaurantResponse } from '@shared/contract/restaurant.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { formatMoney } from '@shared/format-money.ts';
import { restaurantTime } from '@client/lib/clock.ts';
import { apiRequest } from '@client/lib/api-client.ts';
import { currentLanguage } from '@shared/i18n/i18n.ts';
import { formatNumber, localDigits } from '@shared/i18n/format.ts';

/**
 * The restaurant's settings (docs/reference/operations.md "Restaurant settings"), read by the booking form,
 * the checkout, the kitchen and the settings page alike: one query, one cache entry.
 */
const restaurantQueryOptions = () =>
  queryOptions({
    queryKey: ['restaurant'],
    queryFn: async ({ signal }) => (await apiRequest<z.infer<typeof restaurantResponse>>('/api/v1/restaurant', { signal })).data,
    staleTime: 5 * 60_000,
  });

export const useRestaurant = () => useQuery(restaurantQueryOptions());

/** The restaurant's time zone (from its settings; this device's while they load). */
export function useRestaurantTimeZone(): string {
  return useRestaurant().data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** `restaurantTime` in the restaurant's time zone. */
export function useRestaurantTime(): (instant: string | number) => string {
  const timeZone = useRestaurantTimeZone();
  const latinDigits = useRestaurant().data?.latinDigits ?? false;
  const language = currentLanguage();
  return useCallback((instant: string | number) => restaurantTime(instant, timeZone, Date.now(), language, latinDigits), [timeZone, language, latinDigits]);
}

/** The currency amounts show in before the settings have come (the demo restaurant's). */
const DEFAULT_CURRENCY = 'USD';

/**
 * The one way a screen shows an amount (issue 41, point 6): `money(12)` is "$12.00" for the
 * demo restaurant (docs/reference/storefront.md §9), "BDT 12.00" for one that takes taka, from the restaurant's
 * settings (US dollars while they load). A page the server renders reads the settings too
 * (entry-server.tsx asks for every read a render makes), so the server and the browser print
 * the same text.
 */
/** `kept`: the currency an amount was taken in (a bill's: decision 057), else the restaurant's. */
/**
 * Amounts each in a currency of its own (a list of bills, each kept in the currency it was opened
 * in, decision 057): `currency` missing, the settings'.
 */
export function useMoneyIn(): (amount: number, currency: string | undefined) => string {
  const settings = useRestaurant().data;
  const fallback = settings?.currency ?? DEFAULT_CURRENCY;
  const latinDigits = settings?.latinDigits ?? false;
  const language = currentLanguage();
  return useCallback((amount: number, currency: string | undefined) => formatMoney(amount, currency ?? fallback, language, latinDigits), [fallback, language, latinDigits]);
}

export function useMoney(kept?: string): (amount: number) => string {
  const settings = useRestaurant().data;
  const currency = kept ?? settings?.currency ?? DEFAULT_CURRENCY;
  const latinDigits = settings?.latinDigits ?? false;
  // The page's language is fixed for its life (a switch loads the page again, decision 045).
  const language = currentLanguage();
  return useCallback((amount: number) => formatMoney(amount, currency, language, latinDigits), [currency, language, latinDigits]);
}

/** The restaurant's currency as a field label writes it: "$" for US dollars, "€", "BDT" (from useMoney's own writing). */
export function useCurrencySign(): string {
  return useMoney()(0).replace(/[\p{Nd}.,\s-]/gu, '');
}

/**
 * Numbers and digits as the page's language writes them (decision 045): `number(1234)` is
 * "1,234" in English, "১,২৩৪" in Bangla (Latin digits where the restaurant keeps them);
 * `digits("2026-11-28")` writes the digits of a text (or a number, without grouping: "12",
 * "19:30", "2–4") so.
 */
export interface Numbers {
  number: (value: number) => string;
  digits: (text: string | number) => string;
}

export function useNumbers(): Numbers {
  const latinDigits = useRestaurant().data?.latinDigits ?? false;
  const language = currentLanguage();
  return {
    number: useCallback((value: number) => formatNumber(value, language, latinDigits), [language, latinDigits]),
    digits: useCallback((text: string | number) => localDigits(String(text), language, latinDigits), [language, latinDigits]),
  };
}
