import { type ReactNode, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { HydrateLater } from '../../../src/client/components/ui/hydrate-later.tsx';
import { HydrationEnd, hydrateServerPage, isHydrated } from '../../../src/client/lib/hydration.ts';

/** Records, in commit order, when each part's content has hydrated. */
function Hydrated({ name, into, children }: { name: string; into: string[]; children: ReactNode }) {
  useLayoutEffect(() => {
    into.push(name);
  }, [into, name]);
  return children;
}

function page(hydratedOrder: string[], clicked: string[]) {
  const button = (name: string) => (
    <button type="button" onClick={() => clicked.push(name)}>
      {name}
    </button>
  );
  return (
    <>
      <div>
        <Hydrated name="top" into={hydratedOrder}>
          {button('top')}
        </Hydrated>
        <HydrateLater>
          <section>
            <Hydrated name="a" into={hydratedOrder}>
              {button('a')}
            </Hydrated>
          </section>
        </HydrateLater>
        <HydrateLater>
          <section>
            <Hydrated name="b" into={hydratedOrder}>
              {button('b')}
            </Hydrated>
          </section>
        </HydrateLater>
      </div>
      <HydrationEnd />
    </>
  );
}

/** The server's HTML of the page, in a container of the document, as the browser receives it. */
function serverPage() {
  const html = renderToString(page([], []));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return { html, container, buttons: () => [...container.querySelectorAll('button')] };
}

// One module state for the whole file, as in a page: the tests run in this order.
describe('hydration in parts (React: hydrateRoot and Suspense boundaries, HydrateLater)', () => {
  it('hydrates the first screen first and each later part after it, keeping the server’s HTML', async () => {
    const { html, container, buttons } = serverPage();
    // What the server sends: the parts render at once there.
    expect(html).toContain('<section><button type="button">a</button></section>');
    const before = buttons();

    const order: string[] = [];
    hydrateServerPage(() => {
      hydrateRoot(container, page(order, []));
    });
    await vi.waitFor(() => expect(isHydrated()).toBe(true));
    expect(order).toEqual(['top', 'a', 'b']);
    // The very elements the server sent, never drawn again.
    expect(container.innerHTML).toBe(html);
    expect(buttons()).toEqual(before);
    container.remove();
  });

  it('hydrates the part a guest taps first, and answers that tap once', async () => {
    const { html, container, buttons } = serverPage();
    const order: string[] = [];
    const clicked: string[] = [];
    hydrateServerPage(() => {
      hydrateRoot(container, page(order, clicked));
    });
    // Tapped before any of the page has hydrated: React hydrates the shell and that part at
    // once, then gives it the tap.
    expect(order).toEqual([]);
    buttons()[2]?.click();
    expect(clicked).toEqual(['b']);
    expect(order).toEqual(['top', 'b']);
    await vi.waitFor(() => expect(order).toEqual(['top', 'b', 'a']));
    expect(clicked).toEqual(['b']);
    expect(container.innerHTML).toBe(html);
    container.remove();
  });

  it('renders a part at once outside a hydration (the server, a page the browser draws)', () => {
    const html = renderToString(
      <HydrateLater>
        <p>Now</p>
      </HydrateLater>,
    );
    // React's marks of a Suspense boundary around the content, no fallback.
    expect(html).toBe('<!--$--><p>Now</p><!--/$-->');
  });
});
