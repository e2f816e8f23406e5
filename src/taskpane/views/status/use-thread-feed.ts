/**
 * The open message's conversation (or its Message-ID) and its packages, kept current: each with its
 * signers (includeSigners), so a refresh is one request under one ETag. Target null: nothing to ask.
 */
import { useMemo } from "react";
import type { PackagesApi } from "../../../api/packages";
import { THREAD_QUERY } from "../../status/prefetch";
import { usePackageFeed, type FeedTarget } from "../../status/use-package-feed";
import { useThreadSource } from "../../status/use-thread-source";

export function useThreadFeed(api: PackagesApi, enabled: boolean, paused: boolean) {
  const source = useThreadSource();
  const target = useMemo<FeedTarget | null>(() => {
    if (source.status !== "ready") return null;
    if (source.conversationId)
      return { kind: "list", query: { conversationId: source.conversationId, ...THREAD_QUERY } };
    if (source.internetMessageId)
      return { kind: "list", query: { internetMessageId: source.internetMessageId, ...THREAD_QUERY } };
    return null;
  }, [source]);
  const feed = usePackageFeed(api, target, { signersFor: "all", enabled, paused });
  return { source, target, ...feed };
}
