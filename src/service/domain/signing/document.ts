// A document as the link's holder is shown it (GET /sign/{token}/documents/{id}).
import { ApiError } from "../../errors";
import { parseId } from "../package-rules";
import { signerCopyInput } from "../signer-document";
import { SHOWS_DOCUMENTS, type SigningContext, visit } from "./visit";

/**
 * What the documents route serves, once the link may see it: the document as this signer is shown it
 * (signer-document.ts: no tag text, the other slots' completed values drawn), which changes as they
 * complete; its ETag is the served bytes' hash.
 */
export async function documentForLink(
  ctx: SigningContext,
  token: string,
  grant: string | undefined,
  documentId: string,
  now = new Date(),
): Promise<{ sha256: string; size: number | null; name: string; etag: string }> {
  const v = await visit(ctx.storage, ctx.links, token, grant, now);
  if (v.state === "AccessCodeRequired") {
    throw new ApiError(403, "access_code_required", "Enter the access code first to see the documents.");
  }
  if (!SHOWS_DOCUMENTS.has(v.state)) {
    throw new ApiError(400, "invalid_state", `The documents are not shown: this link is ${v.state}.`);
  }
  const id = parseId(documentId);
  const d = id ? await ctx.storage.documents.get(v.pkg.id, id) : null;
  if (!d) throw new ApiError(404, "not_found", `Document ${documentId.slice(0, 80)} is not in this package.`);
  const input = signerCopyInput(d, await ctx.storage.annotations.list(v.pkg.id), v.signer!.id);
  const served = await ctx.copies.copyOf({ sha256: d.pdfSha256, size: d.pdfSize ?? null }, input);
  return { ...served, name: d.name, etag: `"${served.sha256}"` };
}
