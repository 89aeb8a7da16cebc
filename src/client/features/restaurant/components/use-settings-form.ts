import type { RestaurantSettings } from '@shared/contract/restaurant.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@client/lib/api-client.ts';
import { useFocusFirstProblem } from '@client/lib/use-focus-first-problem.ts';
import { confirmAction, showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { useUpdateRestaurant } from '../api/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';
import type { Issues } from './settings-sections.tsx';
import { type Draft, currencyChangeText, issuesOf } from './settings-draft.ts';

/**
 * The settings page's state and its save (settings-form.tsx): the draft, its problems by path,
 * and the submission, checked here first and then by the server, which has the last word.
 */
export function useSettingsForm(settings: RestaurantSettings) {
  const [draft, setDraft] = useState<Draft>(settings);
  const [issues, setIssues] = useState<Issues>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateRestaurant();
  const { digits } = useNumbers();
  // Asked on a refused save: the first problem in the page's order is focused and brought into view.
  const { ref: form, focusFirst } = useFocusFirstProblem();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setIn = <K extends 'reservations' | 'kitchen' | 'fulfilment'>(group: K, key: keyof Draft[K], value: unknown) =>
    setDraft((d) => ({ ...d, [group]: { ...d[group], [key]: value } }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found = issuesOf(draft, digits);
    setIssues(found);
    if (found.size > 0) {
      focusFirst();
      return;
    }
    // A new currency relabels amounts and converts none: said beside the field, and asked before saving (issue 58).
    if (
      draft.currency !== settings.currency &&
      !(await confirmAction(
        t('settings.changeCurrencyQuestion', 'Change the currency to {{currency}}?', { currency: draft.currency }),
        currencyChangeText(settings.currency, draft.currency),
        t('settings.yesChangeCurrency', 'Yes, change the currency'),
      ))
    )
      return;
    const { extraDelayMinutes: _delay, acceptingOrders: _accepting, pausedUntil: _until, ...kitchen } = draft.kitchen;
    // A category taken off the list is removed by sending it as null (PATCH merges categoryRates).
    const removed = Object.fromEntries(
      Object.keys(settings.billing.categoryRates)
        .filter((name) => !(name in draft.billing.categoryRates))
        .map((name) => [name, null]),
    );
    try {
      // Deposits switched off are sent as null (PATCH merges reservations; absent would keep them).
      await update.mutateAsync({
        ...draft,
        reservations: { ...draft.reservations, deposit: draft.reservations.deposit ?? null },
        kitchen,
        billing: { ...draft.billing, categoryRates: { ...removed, ...draft.billing.categoryRates } },
      });
      void showDone(t('settings.saved', 'The settings have been saved'));
    } catch (error) {
      // The server's 400 names its field ("billing.rates.dineIn: must be at most 100"): shown beside it.
      const named =
        error instanceof ApiError && error.status === 400 ? /^([\w.]+): (.+)$/.exec(error.serverMessage ?? '') : null;
      if (named?.[1] && named[2]) {
        setIssues(new Map([[named[1], digits(named[2])]]));
        focusFirst();
      } else setFailure(errorMessage(error, t('settings.theSettings', 'the settings')));
    }
  }

  return { draft, issues, failure, pending: update.isPending, form, set, setIn, submit };
}
