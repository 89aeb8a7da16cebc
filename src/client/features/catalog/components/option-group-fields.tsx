import type { ReactNode } from 'react';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { BanglaField } from './bangla-field.tsx';
import type { GroupDraft } from './option-drafts.ts';

/**
 * An option group's own fields in the dish dialog (option-groups-editor.tsx): its name, in English
 * and in Bangla, and its min and max, each with its problem beside it.
 */

/** The marks of a field with a problem, by its path inside `options` ("0.values.1.price"). */
export type FieldMarks = (path: string) => {
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};
/** The problem shown beside a field, by its path inside `options`; null for none. */
export type ProblemNote = (path: string) => ReactNode;

export function OptionGroupFields({
  group,
  g,
  setGroup,
  field,
  problem,
}: {
  group: GroupDraft;
  /** The group's place in the list, from 0. */
  g: number;
  setGroup: (g: number, change: Partial<GroupDraft>) => void;
  field: FieldMarks;
  problem: ProblemNote;
}) {
  const { number } = useNumbers();
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,1fr)_5rem_5rem]">
      <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
        <label className="flex flex-col gap-1">
          <span className="text-sm">
            {t('menuAdmin.group', 'Group')}
            <span className="sr-only"> {t('menuAdmin.groupNameN', '{{n}} name', { n: number(g + 1) })}</span>
          </span>
          <input
            className="input input-sm w-full"
            value={group.name}
            maxLength={61}
            onChange={(e) => setGroup(g, { name: e.target.value })}
            {...field(`${g}.name`)}
          />
        </label>
        <BanglaField
          small
          label={t('menuAdmin.groupNameInBangla', 'Group {{number}} name in Bangla (বাংলা)', {
            number: number(g + 1),
          })}
          value={group.nameBn}
          maxLength={61}
          onChange={(nameBn) => setGroup(g, { nameBn })}
        />
        {problem(`${g}.name`)}
        {problem(`${g}.translations.bn.name`)}
      </div>
      <div className="flex flex-col gap-1">
        <label className="flex flex-col gap-1">
          <span className="text-sm">{t('menuAdmin.min', 'Min')}</span>
          <input
            className="input input-sm w-full"
            inputMode="numeric"
            value={group.min}
            onChange={(e) => setGroup(g, { min: e.target.value })}
            {...field(`${g}.min`)}
          />
        </label>
        {problem(`${g}.min`)}
      </div>
      <div className="flex flex-col gap-1">
        <label className="flex flex-col gap-1">
          <span className="text-sm">{t('menuAdmin.max', 'Max')}</span>
          <input
            className="input input-sm w-full"
            inputMode="numeric"
            value={group.max}
            onChange={(e) => setGroup(g, { max: e.target.value })}
            {...field(`${g}.max`)}
          />
        </label>
        {problem(`${g}.max`)}
      </div>
    </div>
  );
}
