/** What the pane is told of: another item selected (pinned pane), and the pane shown or hidden. */
import { officeEnum, type OfficeContext } from "./office-context";
import type { OutlookHost } from "./types";

// Office's removeHandlerAsync removes every handler of the event type, so one Office handler per
// mailbox fans out to all listeners.
interface ItemChangedHub {
  listeners: Set<() => void>;
  registered: boolean;
  chain: Promise<unknown>;
}

const hubs = new WeakMap<object, ItemChangedHub>();

function hubFor(mailbox: object): ItemChangedHub {
  let hub = hubs.get(mailbox);
  if (!hub) {
    hub = { listeners: new Set(), registered: false, chain: Promise.resolve() };
    hubs.set(mailbox, hub);
  }
  return hub;
}

/** Runs `step` after the hub's previous step settled, so add/remove calls to Office never interleave. */
function serially<T>(hub: ItemChangedHub, step: () => Promise<T>): Promise<T> {
  const next = hub.chain.then(step, step);
  hub.chain = next.catch(() => undefined);
  return next;
}

/** Calls every listener; each subscription catches its own listener's errors, so none is skipped. */
function dispatch(hub: ItemChangedHub): void {
  for (const listener of [...hub.listeners]) listener();
}

export function eventsOf(
  context: OfficeContext,
): Pick<OutlookHost, "isVisible" | "onVisibilityChanged" | "onItemChanged"> {
  const { office, call, mailbox, onListenerError } = context;
  return {
    isVisible: () => typeof document === "undefined" || document.visibilityState !== "hidden",

    onVisibilityChanged(listener: (visible: boolean) => void) {
      let active = true;
      let last: boolean | null = null;
      const tell = (visible: boolean): void => {
        if (!active || visible === last) return;
        last = visible;
        try {
          listener(visible);
        } catch (error) {
          onListenerError(error);
        }
      };
      const onPage = (): void => tell(document.visibilityState !== "hidden");
      if (typeof document !== "undefined") document.addEventListener("visibilitychange", onPage);
      // Office's own signal (SharedRuntime 1.1 hosts): a pane hidden by the host without the page
      // being told, e.g. when the user collapses it.
      let removeOffice: (() => Promise<void>) | undefined;
      try {
        const addin: Partial<Office.Addin> | undefined = office.addin;
        addin
          ?.onVisibilityModeChanged?.((args) =>
            tell(String(args?.visibilityMode ?? "").toLowerCase() !== "hidden"),
          )
          .then(
            (remove: (() => Promise<void>) | undefined) => {
              if (active) removeOffice = remove;
              else void remove?.();
            },
            () => undefined,
          );
      } catch {
        // Not in this host: the page's visibility is enough.
      }
      return () => {
        active = false;
        if (typeof document !== "undefined") document.removeEventListener("visibilitychange", onPage);
        void removeOffice?.().catch(() => undefined);
      };
    },

    async onItemChanged(listener: () => void) {
      const box = mailbox();
      const hub = hubFor(box);
      const eventType = officeEnum(office.EventType?.ItemChanged, "olkItemSelectedChanged");
      const subscription = (): void => {
        try {
          listener();
        } catch (error) {
          onListenerError(error);
        }
      };
      await serially(hub, async () => {
        if (!hub.registered) {
          await call<void>("addHandlerAsync", (callback) =>
            box.addHandlerAsync(eventType, () => dispatch(hub), callback),
          );
          hub.registered = true;
        }
        hub.listeners.add(subscription);
      });
      let unsubscribed: Promise<void> | null = null;
      return () => {
        unsubscribed ??= serially(hub, async () => {
          hub.listeners.delete(subscription);
          if (hub.listeners.size === 0 && hub.registered) {
            await call<void>("removeHandlerAsync", (callback) => box.removeHandlerAsync(eventType, callback));
            hub.registered = false;
          }
        });
        return unsubscribed;
      };
    },
  };
}
