import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductGrid } from '../../../src/client/features/catalog/components/product-grid.tsx';
import { endHydration, useHydrated } from '../../../src/client/lib/hydration.ts';
import { dish } from '../../support/dish.ts';
import { WithMoney, moneyClient } from '../../support/money.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Probe() {
  return <p data-testid="hydrated">{String(useHydrated())}</p>;
}

const numbered = (n: number) =>
  dish({
    _id: String(n),
    name: `Dish ${n}`,
    img: `/images/dishes/dish-${n}.webp`,
    price: 10 + n,
    category: 'Delish Burger',
  });

const grid = (count: number) => (
  <WithMoney client={moneyClient('USD')}>
    <MemoryRouter>
      <ProductGrid products={Array.from({ length: count }, (_, i) => numbered(i + 1))} />
    </MemoryRouter>
  </WithMoney>
);

// One module state for the whole file, as in a page: the tests run in this order.
describe('the hydration phase (docs/decisions/021)', () => {
  it('draws every card of a grid while the page is hydrated, and renders each device-dependent part in a task of its own after it', async () => {
    // What the second part showed when the first had just rendered its hydrated state.
    const seenBySecond: string[] = [];
    function FirstProbe() {
      const value = useHydrated();
      useLayoutEffect(() => {
        // Once the render this commit belongs to is over (a microtask later), before any other task.
        if (value) queueMicrotask(() => seenBySecond.push(screen.getAllByTestId('hydrated')[1]?.textContent ?? ''));
      }, [value]);
      return <p data-testid="hydrated">{String(value)}</p>;
    }
    render(
      <>
        <FirstProbe />
        <Probe />
        {grid(10)}
      </>,
    );
    const states = () => screen.getAllByTestId('hydrated').map((p) => p.textContent);
    expect(states()).toEqual(['false', 'false']);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);

    endHydration({ deferred: true });
    // Not in the hydration's own task…
    expect(states()).toEqual(['false', 'false']);
    // …but after it, each part in a task of its own: the second had not rendered yet when the first had.
    await waitFor(() => expect(states()).toEqual(['true', 'true']));
    expect(seenBySecond).toEqual(['false']);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
  });

  it('draws a long grid in the browser as six cards first, and the rest in the next task', () => {
    vi.useFakeTimers();
    render(grid(10));
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    act(() => {
      vi.runAllTimers();
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Dish ${i + 1}`),
    );
  });
});
