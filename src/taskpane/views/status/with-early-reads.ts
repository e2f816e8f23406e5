/**
 * The packages API whose first read of the thread's list (with its signers) takes the answer the pane
 * asked for before this view loaded (status/prefetch.ts), when there is one.
 */
import type { PackageList, PackagesApi } from "../../../api/packages";
import { THREAD_QUERY, takePrefetched, threadListKey } from "../../status/prefetch";

export function withEarlyReads(api: PackagesApi, serviceUrl: string): PackagesApi {
  return {
    ...api,
    async list(query, etag, options) {
      const { conversationId = null, internetMessageId = null, pageSize, includeSigners, ...rest } = query;
      const key = threadListKey({ conversationId, internetMessageId });
      const plain =
        Object.keys(rest).length === 0 &&
        pageSize === THREAD_QUERY.pageSize &&
        includeSigners === THREAD_QUERY.includeSigners;
      const early = !etag && key && plain ? await takePrefetched(serviceUrl, key) : null;
      if (early) return { notModified: false, data: early.data as PackageList, etag: early.etag };
      return api.list(query, etag, options);
    },
  };
}
