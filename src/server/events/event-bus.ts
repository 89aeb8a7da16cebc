import type { DomainEvent, DomainEventHandler, DomainEventType } from './domain-events.ts';

export type { DomainEvent } from './domain-events.ts';

/**
 * The post-commit domain-event bus of one process (decision 041). `emit` is called once the
 * write it tells of has committed; every handler of the event's type starts at once, in the
 * order they subscribed (the part of each before its first await runs before `emit` returns).
 * A handler that throws or rejects is logged and the others still run: the committed write is
 * never undone by a listener. The promise `emit` answers settles when every handler has, for a
 * caller (or a test) that wants to wait; the request paths do not wait for it.
 */
export interface DomainEvents {
  on<T extends DomainEventType>(type: T, handler: DomainEventHandler<T>): () => void;
  emit(event: DomainEvent): Promise<void>;
}

export function createDomainEvents(logFailure: (error: unknown, event: DomainEvent) => void = () => {}): DomainEvents {
  type Handler = (event: DomainEvent) => void | Promise<void>;
  const handlers = new Map<DomainEventType, Handler[]>();
  return {
    on(type, handler) {
      const list = handlers.get(type) ?? [];
      const own = handler as unknown as Handler;
      list.push(own);
      handlers.set(type, list);
      return () => {
        const at = list.indexOf(own);
        if (at >= 0) list.splice(at, 1);
      };
    },
    async emit(event) {
      const running: Promise<void>[] = [];
      for (const handler of [...(handlers.get(event.type) ?? [])]) {
        try {
          const result = handler(event);
          if (result) running.push(result.catch((error: unknown) => logFailure(error, event)));
        } catch (error) {
          logFailure(error, event);
        }
      }
      await Promise.all(running);
    },
  };
}
