import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuantityStepper } from '../../../src/client/components/ui/quantity-stepper.tsx';
import { formatMoney } from '../../../src/shared/format-money.ts';

afterEach(() => cleanup());

function Harness({ unitPrice }: { unitPrice: number }) {
  const [quantity, setQuantity] = useState(1);
  // The stepper writes its number in the page's digits, which follow the restaurant's settings (a query).
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <QuantityStepper value={quantity} onChange={setQuantity} />
      <p data-testid="total">{formatMoney(unitPrice * quantity, 'USD')}</p>
    </QueryClientProvider>
  );
}

describe('QuantityStepper', () => {
  it('starts at 1, cannot go below 1 and has no upper bound', () => {
    render(<Harness unitPrice={12} />);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect((minus as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('total').textContent).toBe('$12.00');
    // Each click is its own event, as a guest's are (fireEvent wraps each in act).
    for (let i = 0; i < 120; i += 1) fireEvent.click(plus);
    expect(screen.getByTestId('total').textContent).toBe('$1452.00');
    expect((minus as HTMLButtonElement).disabled).toBe(false);
    for (let i = 0; i < 200; i += 1) fireEvent.click(minus);
    expect(screen.getByTestId('total').textContent).toBe('$12.00');
    expect((minus as HTMLButtonElement).disabled).toBe(true);
  });
});
