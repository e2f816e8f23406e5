/**
 * The signed documents' names and ids, for one "Open" button each: read once the files exist and the
 * card is open; null until then.
 */
import { useEffect, useState } from "react";
import type { PackageDocument, PackagesApi } from "../../../../api/packages";

export function useSignedDocuments(
  api: PackagesApi,
  packageId: string,
  sealed: boolean,
  expanded: boolean,
): PackageDocument[] | null {
  const [documents, setDocuments] = useState<PackageDocument[] | null>(null);
  useEffect(() => {
    if (!sealed || !expanded || documents !== null) return;
    const controller = new AbortController();
    api.documents(packageId, { signal: controller.signal }).then(
      (items) => setDocuments(items),
      // Without the list, the zip and the certificate are still offered.
      () => !controller.signal.aborted && setDocuments([]),
    );
    return () => controller.abort();
  }, [api, packageId, sealed, expanded, documents]);
  return documents;
}
