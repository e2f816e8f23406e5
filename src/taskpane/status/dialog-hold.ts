/**
 * While a card's dialog is open (void's reason being typed, a confirmation, the audit trail), the
 * Status view's feeds hold their timed and on-screen refreshes: an answer arriving then would re-render
 * or drop the card under the dialog (a package voided elsewhere leaves a status filter's page, a pinned
 * pane's list is replaced), and the click that opened it or the text being typed would go nowhere. An
 * action's own refresh still runs; the held ones run when the last dialog closes.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";

/** Holds the feeds until the function it answers is called. */
export type HoldFeeds = () => () => void;

export const DialogHoldContext = createContext<HoldFeeds>(() => () => undefined);

/** For the view: whether any dialog holds the feeds, and the function cards call to hold them. */
export function useDialogHold(): { held: boolean; hold: HoldFeeds } {
  const [count, setCount] = useState(0);
  const hold = useCallback<HoldFeeds>(() => {
    let released = false;
    setCount((n) => n + 1);
    return () => {
      if (released) return;
      released = true;
      setCount((n) => n - 1);
    };
  }, []);
  return { held: count > 0, hold };
}

/** For a card: holds the feeds while `open`. */
export function useHoldWhile(open: boolean): void {
  const hold = useContext(DialogHoldContext);
  const holdRef = useRef(hold);
  holdRef.current = hold;
  useEffect(() => (open ? holdRef.current() : undefined), [open]);
}
