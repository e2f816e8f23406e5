import { useEffect, useState } from "react";
import { packageIdFromHeaders } from "../../shared/notification-headers";
import type { ItemMode } from "../../outlook";
import { useHost } from "../host-context";

export type ThreadSource =
  | { status: "no-item" }
  | {
      status: "ready";
      mode: ItemMode;
      /** The thread's id; null for a new message not yet part of one. */
      conversationId: string | null;
      /** Read mode: the mail's Message-ID (the thread's stand-in where a host gives no conversation id). */
      internetMessageId: string | null;
      /**
       * Read mode: the package a notice of ours is about (X-Sign-Package-Id), null when the mail is
       * not one of ours, undefined while its headers are being read.
       */
      noticePackageId: string | null | undefined;
    };

/**
 * The open message's thread, read through the Outlook adapter; follows the selected item in a pinned
 * pane (ItemChanged). The ids are there at once (no Office call), so the packages are asked for
 * without waiting for the headers, which come after.
 */
export function useThreadSource(): ThreadSource {
  const { host, itemVersion } = useHost();
  const [state, setState] = useState<ThreadSource>(() => readSync(host));

  useEffect(() => {
    const now = readSync(host);
    setState((previous) => (same(previous, now) ? previous : now));
    if (now.status !== "ready" || now.mode !== "read" || !host) return;
    let alive = true;
    host.internetHeaders().then(
      (headers) => {
        const id = headers ? packageIdFromHeaders(headers) : null;
        if (alive) setState((s) => (s.status === "ready" ? { ...s, noticePackageId: id } : s));
      },
      () => alive && setState((s) => (s.status === "ready" ? { ...s, noticePackageId: null } : s)),
    );
    return () => {
      alive = false;
    };
  }, [host, itemVersion]);

  return state;
}

function readSync(host: ReturnType<typeof useHost>["host"]): ThreadSource {
  try {
    if (!host || !host.hasItem()) return { status: "no-item" };
    const mode = host.mode();
    return {
      status: "ready",
      mode,
      conversationId: host.conversationId(),
      internetMessageId: host.internetMessageId(),
      noticePackageId: mode === "read" ? undefined : null,
    };
  } catch {
    return { status: "no-item" };
  }
}

function same(a: ThreadSource, b: ThreadSource): boolean {
  if (a.status !== "ready" || b.status !== "ready") return a.status === b.status;
  return (
    a.mode === b.mode &&
    a.conversationId === b.conversationId &&
    a.internetMessageId === b.internetMessageId &&
    // The headers of the same mail give the same answer: keep what was read.
    (b.noticePackageId === undefined || a.noticePackageId === b.noticePackageId)
  );
}
