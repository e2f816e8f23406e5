// A package's document fetched from a URL (contract §6.2 import-url), then stored as an upload is.
// Only https to public addresses (checked after DNS and on every redirect: net/safe-fetch.ts).
import { MAX_DOCUMENT_BYTES } from "../../../pdf/limits";
import { validationFailed } from "../../errors";
import { SafeFetchError, safeFetch, type SafeFetchOptions } from "../../net/safe-fetch";
import { importFetchSeams } from "../../net/test-hooks";
import type { AuditContext } from "../audit";
import { requirePackage, requireState } from "../package-rules";
import { tooLarge } from "./checks";
import type { DocumentContext } from "./context";
import { storeDocument } from "./intake";
import { PACKAGE_OWNER } from "./owner";

/** The file name a server gave (Content-Disposition), else the URL's last path segment. */
export function importedFileName(url: string, contentDisposition: string | null): string {
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition ?? "");
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(contentDisposition ?? "");
  try {
    if (star) return decodeURIComponent(star[1]!.trim());
  } catch {
    // A malformed escape: fall back to the plain name.
  }
  if (plain) return plain[1]!.trim();
  const last = new URL(url).pathname.split("/").pop() ?? "";
  try {
    return decodeURIComponent(last) || "document";
  } catch {
    return last || "document";
  }
}

/**
 * import-url (contract §6.2): https only, public addresses only (after DNS, on every redirect), at
 * most 50 MB and 30 s; then stored as an upload is. `fetchOptions` are test seams only (by default
 * those a test set in net/test-hooks.ts: none in a deployment).
 */
export async function importDocument(
  ctx: DocumentContext,
  tenantId: string,
  packageId: string,
  input: { url: string; name?: string | null },
  context: AuditContext,
  fetchOptions: SafeFetchOptions = importFetchSeams(),
) {
  const pkg = await requirePackage(ctx.storage, tenantId, packageId);
  requireState(pkg, ["Draft"], "add a document");
  const url = input.url.trim();
  let fetched;
  try {
    fetched = await safeFetch(url, { maxBytes: MAX_DOCUMENT_BYTES, ...fetchOptions });
  } catch (error) {
    throw importError(error);
  }
  const fileName = importedFileName(fetched.url, fetched.contentDisposition);
  try {
    return await storeDocument(
      PACKAGE_OWNER,
      ctx,
      tenantId,
      packageId,
      fetched.body,
      { fileName, name: input.name ?? null, contentType: fetched.contentType ?? "" },
      context,
    );
  } catch (error) {
    throw importError(error);
  } finally {
    fetched.body.destroy();
  }
}

function importError(error: unknown): unknown {
  if (!(error instanceof SafeFetchError)) return error;
  if (error.code === "too_large") {
    return tooLarge(`The document at that URL is larger than ${MAX_DOCUMENT_BYTES} bytes (50 MB).`);
  }
  return validationFailed([{ field: "url", message: error.message }], error.message);
}
