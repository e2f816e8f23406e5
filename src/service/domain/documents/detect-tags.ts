// Text tags of a stored document (contract §6.4): read from its PDF in the reader's thread, kept on
// its row. The PDF we made of an image has none. Positions are in points from the page's visible
// top-left (find-tags.ts).
import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import type { DetectedTag } from "../../../pdf/find-tags";
import { spoolToFile } from "../../blobs/spool";
import type { Storage } from "../../storage";
import { requirePackage } from "../package-rules";
import { documentError } from "./checks";
import type { DocumentContext, FullDocument } from "./context";
import { PACKAGE_OWNER } from "./owner";
import { requireDocument } from "./read";

/** The tags found when the package's document was stored (or last scanned). */
export async function detectedTags(storage: Storage, tenantId: string, packageId: string, id: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const doc = await requireDocument(PACKAGE_OWNER, storage, pkg, id);
  return doc.detectedTags ?? [];
}

/** Scans the document's PDF again and stores what it finds. */
export async function detectTagsAgain(ctx: DocumentContext, tenantId: string, packageId: string, id: string) {
  const pkg = await requirePackage(ctx.storage, tenantId, packageId);
  const doc = await requireDocument(PACKAGE_OWNER, ctx.storage, pkg, id);
  const tags = await scanTags(ctx, doc);
  await ctx.storage.documents.setDetectedTags(doc.id, tags);
  return tags;
}

/** The text tags of a stored document's PDF, read again from the blob store. */
export async function scanTags(ctx: DocumentContext, doc: FullDocument): Promise<DetectedTag[]> {
  // The PDF of an image, made by us: an image and nothing else, no text to find.
  if (doc.pdfSha256 !== doc.sha256) return [];
  await fs.mkdir(ctx.workDir, { recursive: true });
  const file = path.join(ctx.workDir, `${randomUUID()}.pdf`);
  try {
    await spoolToFile(await ctx.blobs.get(doc.pdfSha256), file);
    return (await ctx.pdfReader.read(file)).tags;
  } catch (error) {
    throw documentError(error);
  } finally {
    await fs.rm(file, { force: true });
  }
}
