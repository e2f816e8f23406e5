/**
 * A button that is off only while work it waits for is in flight (a save, a check): aria-disabled
 * rather than disabled, so that it stays in the tab order and keeps the keyboard focus (a disabled
 * button drops it, and leaves a scrolling region with nothing focusable in it), and its clicks, and the
 * form submission a click would start, do nothing meanwhile. `disabled` stays for a button that
 * cannot be used at all (nothing drawn yet).
 */
import type { ComponentProps } from "react";

export function BusyButton({ busy, onClick, ...props }: ComponentProps<"button"> & { busy: boolean }) {
  return (
    <button
      {...props}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
