import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater } from '../../src/client/components/ui/hydrate-later.tsx';
import { hydrateInParts, isHydrated } from '../../src/client/lib/hydration.ts';

/**
 * hydrateInParts takes one turn per message task: this channel holds its messages until the
 * test delivers them, one task at a time (after a delivery, a timer lets every microtask run).
 */
const messages: Array<() => void> = [];
class HeldChannel {
  port1 = { onmessage: null as null | (() => void), close: vi.fn() };
  port2 = { postMessage: () => messages.push(() => this.port1.onmessage?.()) };
}
async function deliverOneTask(): Promise<boolean> {
  const message = messages.shift();
  if (!message) return false;
  message();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return true;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('hydration in parts (lib/hydration.ts, HydrateLater)', () => {
  it('hydrates the first screen at once and each later part in a task of its own, keeping the server’s HTML', async () => {
    const clicked: string[] = [];
    const page = (
      <div>
        <button type="button" onClick={() => clicked.push('top')}>
          Top
        </button>
        <HydrateLater>
          <section>
            <button type="button" onClick={() => clicked.push('a')}>
              A
            </button>
          </section>
        </HydrateLater>
        <HydrateLater>
          <section>
            <button type="button" onClick={() => clicked.push('b')}>
              B
            </button>
          </section>
        </HydrateLater>
      </div>
    );
    // What the server sends: the parts render at once there.
    const html = renderToString(page);
    expect(html).toContain('<section><button type="button">A</button></section>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const [top, a, b] = [...container.querySelectorAll('button')] as HTMLButtonElement[];
    const click = () => [top, a, b].forEach((button) => button?.click());

    vi.stubGlobal('MessageChannel', HeldChannel);
    hydrateInParts(() => {
      hydrateRoot(container, page);
    });
    // The first pass: only what is outside the parts answers, also once its microtasks have run.
    await Promise.resolve();
    click();
    expect(clicked).toEqual(['top']);

    // Each part in a later task, in document order, one per task.
    const answered: string[][] = [];
    while (await deliverOneTask()) {
      clicked.length = 0;
      click();
      answered.push([...clicked]);
    }
    expect(answered).toEqual([
      ['top', 'a'],
      ['top', 'a', 'b'],
      // The last task ends the hydration phase (endHydration, a timer later).
      ['top', 'a', 'b'],
    ]);
    await vi.waitFor(() => expect(isHydrated()).toBe(true));
    expect(isHydrated()).toBe(true);
    // The very elements the server sent, never drawn again.
    expect(container.innerHTML).toBe(html);
    expect([...container.querySelectorAll('button')]).toEqual([top, a, b]);
  });

  it('renders a part at once outside a hydration in parts (a page the browser draws)', () => {
    const html = renderToString(
      <HydrateLater>
        <p>Now</p>
      </HydrateLater>,
    );
    expect(html).toBe('<p>Now</p>');
  });
});
