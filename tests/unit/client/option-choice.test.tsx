import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OptionGroup } from '../../../src/shared/contract/catalog.ts';
import {
  availableChoice,
  choiceNames,
  defaultChoice,
  groupRule,
  lineCents,
  lineLabel,
  missingGroup,
  toggleChoice,
  unitCents,
} from '../../../src/shared/domain/option-choice.ts';
import { OptionPicker, focusOptionGroup } from '../../../src/client/features/catalog/components/OptionPicker.tsx';
import { formatMoney } from '../../../src/shared/format-money.ts';
import { WithMoney, moneyClient } from '../../support/money.tsx';
import {
  checkOptions,
  optionDrafts,
  serverOptionProblem,
} from '../../../src/client/features/catalog/components/option-drafts.ts';

afterEach(() => cleanup());

const value = (id: number, name: string, fields: Partial<OptionGroup['values'][number]> = {}) => ({
  _id: id,
  name,
  price: 0,
  default: false,
  available: true,
  prepUnits: 0,
  allergens: [],
  ...fields,
});

const GROUPS: OptionGroup[] = [
  {
    _id: 11,
    name: 'Size',
    min: 1,
    max: 1,
    values: [value(101, 'Regular', { default: true }), value(102, 'Large', { price: 2.5 })],
  },
  {
    _id: 12,
    name: 'Extras',
    min: 0,
    max: 2,
    values: [
      value(103, 'Extra cheese', { price: 1 }),
      value(104, 'Bacon', { price: 1.75 }),
      value(105, 'Fried egg', { price: 1.25, available: false }),
    ],
  },
  { _id: 13, name: 'Salsa', min: 1, max: 1, values: [value(106, 'Roja'), value(107, 'Verde')] },
];

describe('option choice', () => {
  it('starts from the available defaults and names the first group still to choose', () => {
    expect(defaultChoice(GROUPS)).toEqual([101]);
    expect(missingGroup(GROUPS, [101])?.name).toBe('Salsa');
    expect(missingGroup(GROUPS, [101, 107])).toBeUndefined();
    expect(missingGroup(GROUPS, [107])?.name).toBe('Size');
    const soldOutDefault = [
      { ...GROUPS[0]!, values: [value(101, 'Regular', { default: true, available: false }), value(102, 'Large')] },
    ];
    expect(defaultChoice(soldOutDefault)).toEqual([]);
  });

  it('a one-choice group replaces its value; a several-choice group stops at max; sold out is never added', () => {
    let choice = defaultChoice(GROUPS);
    choice = toggleChoice(GROUPS, choice, 102, true);
    expect(choice).toEqual([102]);
    choice = toggleChoice(GROUPS, choice, 104, true);
    choice = toggleChoice(GROUPS, choice, 103, true);
    expect(choice).toEqual([102, 103, 104]);
    expect(toggleChoice(GROUPS, choice, 105, true)).toEqual([102, 103, 104]);
    const oneExtra = toggleChoice(GROUPS, choice, 104, false);
    expect(oneExtra).toEqual([102, 103]);
    expect(toggleChoice(GROUPS, oneExtra, 105, true)).toEqual([102, 103]);
    expect(toggleChoice(GROUPS, choice, 999, true)).toEqual([102, 103, 104]);
    expect(availableChoice(GROUPS, [102, 105])).toEqual([102]);
    expect(choiceNames(GROUPS, [103, 102])).toEqual(['Large', 'Extra cheese']);
    expect(lineLabel('Classic Cheeseburger', [{ name: 'Large' }, { name: 'Extra cheese' }])).toBe(
      'Classic Cheeseburger · Large, Extra cheese',
    );
    expect(lineLabel('Soup', [])).toBe('Soup');
  });

  it('says each rule as the contract does', () => {
    expect(groupRule({ min: 1, max: 1 })).toBe('Choose 1');
    expect(groupRule({ min: 0, max: 3 })).toBe('Up to 3');
    expect(groupRule({ min: 1, max: 3 })).toBe('Choose 1 to 3');
    expect(groupRule({ min: 2, max: 2 })).toBe('Choose 2');
  });

  it("a line's total is (dish + values) × quantity in minor units, for any option set", () => {
    // Prices are generated in cents and handed over as the contract's amounts (12.5), as the API answers them.
    const cents = fc.integer({ min: 0, max: 1_000_000 });
    fc.assert(
      fc.property(
        cents,
        fc.array(fc.array(cents, { minLength: 1, maxLength: 6 }), { maxLength: 6 }),
        fc.integer({ min: 1, max: 500 }),
        fc.infiniteStream(fc.boolean()),
        (dishCents, groupCents, quantity, picks) => {
          let id = 0;
          const groups = groupCents.map((prices, g) => ({
            _id: g + 1,
            name: `G${g}`,
            min: 0,
            max: prices.length,
            values: prices.map((c) => ({ _id: ++id, name: `V${id}`, price: c / 100, default: false, available: true })),
          }));
          const iterator = picks[Symbol.iterator]();
          const chosen = groups.flatMap((g) => g.values.filter(() => iterator.next().value === true));
          const selected = chosen.map((v) => v._id);
          const expectedUnit = dishCents + chosen.reduce((sum, v) => sum + Math.round(v.price * 100), 0);
          const expectedFromIntegers =
            dishCents +
            groupCents
              .flat()
              .filter((_, i) => selected.includes(i + 1))
              .reduce((a, b) => a + b, 0);
          expect(expectedUnit).toBe(expectedFromIntegers);
          expect(unitCents(dishCents / 100, groups, selected)).toBe(expectedFromIntegers);
          const total = lineCents(dishCents / 100, groups, selected, quantity);
          expect(Number.isInteger(total)).toBe(true);
          expect(total).toBe(expectedFromIntegers * quantity);
          // Shown as money, it is the same amount to the cent.
          const shown = formatMoney(total / 100, 'USD');
          expect(shown).toBe(`$${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** The demo restaurant's settings: amounts in US dollars. */
const USD = moneyClient('USD');

function Harness({ groups = GROUPS, initial = defaultChoice(GROUPS) }: { groups?: OptionGroup[]; initial?: number[] }) {
  const [selected, setSelected] = useState(initial);
  return (
    <WithMoney client={USD}>
      <OptionPicker
        groups={groups}
        selected={selected}
        onChange={setSelected}
        idPrefix="dish"
        missing={{ groupId: 13, message: 'Choose Salsa for Tamales' }}
      />
      <output data-testid="chosen">{selected.join(',')}</output>
    </WithMoney>
  );
}

describe('OptionPicker', () => {
  it('shows each group as a fieldset with its legend, radios for one, checkboxes for several, prices and sold out', () => {
    render(<Harness />);
    const size = screen.getByRole('group', { name: /Size/ });
    expect(size.tagName).toBe('FIELDSET');
    expect(within(size).getByText('Choose 1')).toBeTruthy();
    expect(within(size).getByText('Required')).toBeTruthy();
    expect((within(size).getByRole('radio', { name: /Regular/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(size).getByText('+$2.50')).toBeTruthy();
    const extras = screen.getByRole('group', { name: /Extras/ });
    expect(within(extras).getByText('Up to 2')).toBeTruthy();
    expect(within(extras).queryByText('Required')).toBeNull();
    const egg = within(extras).getByRole('checkbox', { name: /Fried egg/ }) as HTMLInputElement;
    expect(egg.disabled).toBe(true);
    expect(within(extras).getByText('Sold out')).toBeTruthy();

    fireEvent.click(within(size).getByRole('radio', { name: /Large/ }));
    fireEvent.click(within(extras).getByRole('checkbox', { name: /Extra cheese/ }));
    expect(screen.getByTestId('chosen').textContent).toBe('102,103');
    fireEvent.click(within(extras).getByRole('checkbox', { name: /Bacon/ }));
    expect(screen.getByTestId('chosen').textContent).toBe('102,103,104');
    // Two of two extras: the boxes not chosen are off.
    expect(egg.disabled).toBe(true);
    fireEvent.click(within(extras).getByRole('checkbox', { name: /Bacon/ }));
    expect(screen.getByTestId('chosen').textContent).toBe('102,103');

    const salsa = screen.getByRole('group', { name: /Salsa/ });
    expect(salsa.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(salsa).getByRole('alert').textContent).toBe('Choose Salsa for Tamales');
    focusOptionGroup('dish', 13);
    expect(document.activeElement).toBe(within(salsa).getByRole('radio', { name: /Roja/ }));
  });

  it('renders nothing for a dish without groups', () => {
    const { container } = render(
      <WithMoney client={USD}>
        <OptionPicker groups={[]} selected={[]} onChange={() => undefined} idPrefix="x" />
      </WithMoney>,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('the dish dialog’s options', () => {
  it('sends the drafts as the API takes them, ids kept, and keys each problem by its field', () => {
    const drafts = optionDrafts(GROUPS);
    const { problems, options } = checkOptions(drafts);
    expect(problems).toEqual({});
    expect(
      options?.map((g) => [
        g._id,
        g.name,
        g.min,
        g.max,
        g.values.map((v) => [v._id, v.name, v.price, v.default, v.available]),
      ]),
    ).toEqual(
      GROUPS.map((g) => [
        g._id,
        g.name,
        g.min,
        g.max,
        g.values.map((v) => [v._id, v.name, v.price, v.default, v.available]),
      ]),
    );
    const bad = optionDrafts(GROUPS);
    bad[0]!.max = '3';
    bad[1]!.values[1]!.price = '1.255';
    bad[2]!.values[1]!.name = 'roja';
    const checked = checkOptions(bad);
    expect(checked.options).toBeUndefined();
    expect(checked.problems).toEqual({
      '0.max': 'Size: max must be at most its number of values (2)',
      '1.values.1.price': 'price may carry at most two decimals',
      '2.values.1.name': 'Salsa: the value name "roja" is used twice',
    });
  });

  it('reads a server’s 400 about the options as a problem of its field, and leaves other fields’ to the dialog', () => {
    expect(serverOptionProblem('options.0.values.1.price: price must be at most 10000')).toEqual({
      '0.values.1.price': 'price must be at most 10000',
    });
    expect(serverOptionProblem('options: this dish has no option value with _id 7')).toEqual({
      '': 'this dish has no option value with _id 7',
    });
    expect(serverOptionProblem('price: price must be a number')).toBeNull();
  });
});

describe('OptionPicker on a page the server rendered', () => {
  it('takes what a guest ticked before the code loaded, by the same rules', async () => {
    const { renderToString } = await import('react-dom/server');
    const host = document.createElement('div');
    document.body.append(host);
    host.innerHTML = renderToString(<Harness />);
    // Before hydration: Large and two extras ticked (the page's own inputs, no code yet).
    const input = (name: string) =>
      [...host.querySelectorAll('label')]
        .find((l) => l.textContent?.includes(name))
        ?.querySelector('input') as HTMLInputElement;
    input('Large').checked = true;
    input('Extra cheese').checked = true;
    input('Bacon').checked = true;
    render(<Harness />, { container: host, hydrate: true });
    expect(host.querySelector('[data-testid="chosen"]')?.textContent).toBe('102,103,104');
    expect(input('Large').checked).toBe(true);
    expect(input('Regular').checked).toBe(false);
  });
});
