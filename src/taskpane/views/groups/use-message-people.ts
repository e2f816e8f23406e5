import { useCallback, useEffect, useRef, useState } from "react";
import type { ItemMode } from "../../../outlook";
import { messagePeople, type MessagePerson } from "../../groups/people";
import { useHost } from "../../host-context";

export type MessagePeopleState =
  | { status: "no-item" }
  | { status: "loading" }
  | { status: "ready"; mode: ItemMode; subject: string; people: MessagePerson[] }
  | { status: "failed"; error: unknown };

/**
 * The open message's people, read through the Outlook adapter. Follows the selected item in a pinned
 * pane (ItemChanged); while writing, reads the recipients again when the user comes back to the pane
 * (Outlook tells a task pane nothing while the user edits the To line).
 */
export function useMessagePeople(): { state: MessagePeopleState; reload: () => void } {
  const { host, itemVersion } = useHost();
  const [state, setState] = useState<MessagePeopleState>({ status: "loading" });
  const generation = useRef(0);

  const read = useCallback(
    async (quiet: boolean) => {
      const mine = ++generation.current;
      if (!host || !host.hasItem()) {
        setState({ status: "no-item" });
        return;
      }
      if (!quiet) setState({ status: "loading" });
      try {
        const mode = host.mode();
        const [sender, recipients, subject] = await Promise.all([
          mode === "read" ? host.sender() : Promise.resolve(null),
          host.recipients(),
          host.subject(),
        ]);
        const people = messagePeople({ mode, sender, recipients, self: host.userAddress() });
        if (mine !== generation.current) return;
        setState((previous) =>
          previous.status === "ready" &&
          previous.mode === mode &&
          previous.subject === subject &&
          sameAddresses(previous.people, people)
            ? previous
            : { status: "ready", mode, subject, people },
        );
      } catch (error) {
        if (mine === generation.current) setState({ status: "failed", error });
      }
    },
    [host],
  );

  useEffect(() => {
    void read(false);
  }, [read, itemVersion]);

  useEffect(() => {
    if (!host || !host.hasItem() || host.mode() !== "compose") return;
    const again = (): void => {
      if (document.visibilityState === "visible") void read(true);
    };
    window.addEventListener("focus", again);
    document.addEventListener("visibilitychange", again);
    return () => {
      window.removeEventListener("focus", again);
      document.removeEventListener("visibilitychange", again);
    };
  }, [host, read, itemVersion]);

  return { state, reload: useCallback(() => void read(false), [read]) };
}

function sameAddresses(a: readonly MessagePerson[], b: readonly MessagePerson[]): boolean {
  return (
    a.length === b.length &&
    a.every((p, i) => p.key === b[i]!.key && p.name === b[i]!.name && p.roles.join() === b[i]!.roles.join())
  );
}
