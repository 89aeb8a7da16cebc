import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMoney } from '../../../src/client/data/restaurant.ts';
import { formatMoney } from '../../../src/shared/format-money.ts';
import { WithMoney, moneyClient } from '../../support/money.tsx';

afterEach(() => cleanup());

/** Intl writes a no-break space between a currency code and the amount. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('writes US dollars as docs/reference/storefront.md §9 does: a dollar sign, the amount, two decimals, no thousands separator', () => {
    expect(formatMoney(12, 'USD')).toBe('$12.00');
    expect(formatMoney(1250, 'USD')).toBe('$1250.00');
    expect(formatMoney(2.5, 'USD')).toBe('$2.50');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(7.05, 'USD')).toBe('$7.05');
    expect(formatMoney(-2, 'USD')).toBe('-$2.00');
  });

  it('writes other currencies with their own sign or code', () => {
    expect(spaced(formatMoney(1500, 'BDT'))).toBe('BDT 1500.00');
    expect(spaced(formatMoney(12.5, 'BDT'))).toBe('BDT 12.50');
    expect(formatMoney(12, 'EUR')).toBe('€12.00');
    expect(formatMoney(1250.75, 'EUR')).toBe('€1250.75');
  });
});

function Amount({ amount }: { amount: number }) {
  const money = useMoney();
  return <p data-testid="amount">{money(amount)}</p>;
}

describe('useMoney', () => {
  it("shows an amount in the restaurant's currency", () => {
    render(
      <WithMoney client={moneyClient('BDT')}>
        <Amount amount={23} />
      </WithMoney>,
    );
    expect(spaced(screen.getByTestId('amount').textContent ?? '')).toBe('BDT 23.00');
  });

  it('shows US dollars while the settings have not come', () => {
    render(
      <WithMoney client={moneyClient()}>
        <Amount amount={23} />
      </WithMoney>,
    );
    expect(screen.getByTestId('amount').textContent).toBe('$23.00');
  });

  it('follows a change of the currency', async () => {
    const client = moneyClient('USD');
    render(
      <WithMoney client={client}>
        <Amount amount={4.5} />
      </WithMoney>,
    );
    expect(screen.getByTestId('amount').textContent).toBe('$4.50');
    client.setQueryData(['restaurant'], { currency: 'EUR' });
    expect(await screen.findByText('€4.50')).toBeTruthy();
  });
});
