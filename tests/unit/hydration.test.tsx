import { act, cleanup, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductGrid } from '../../src/client/features/catalog/components/product-grid.tsx';
import { endHydration, useHydrated } from '../../src/client/lib/hydration.ts';
import { dish } from '../support/dish.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Probe() {
  return <p data-testid="hydrated">{String(useHydrated())}</p>;
}

const numbered = (n: number) => dish({ _id: String(n), name: `Dish ${n}`, img: `/images/dishes/dish-${n}.webp`, price: 10 + n, category: 'Delish Burger' });

const grid = (count: number) => (
  <MemoryRouter>
    <ProductGrid products={Array.from({ length: count }, (_, i) => numbered(i + 1))} />
  </MemoryRouter>
);

// One module state for the whole file, as in a page: the tests run in this order.
describe('the hydration phase (Preact renders the components: docs/decisions/016)', () => {
  it('draws every card of a grid while the page is hydrated, and renders the device-dependent parts in a task after it', () => {
    vi.useFakeTimers();
    render(
      <>
        <Probe />
        {grid(10)}
      </>,
    );
    expect(screen.getByTestId('hydrated').textContent).toBe('false');
    expect(screen.getAllByRole('listitem')).toHaveLength(10);

    act(() => endHydration({ deferred: true }));
    // Not in the hydration's own task…
    expect(screen.getByTestId('hydrated').textContent).toBe('false');
    // …but in the next one.
    act(() => {
      vi.runAllTimers();
    });
    expect(screen.getByTestId('hydrated').textContent).toBe('true');
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
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(Array.from({ length: 10 }, (_, i) => `Dish ${i + 1}`));
  });
});
