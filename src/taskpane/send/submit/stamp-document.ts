// One document as it is sent: made a PDF, the user's fields stamped as tags, the signature block
// added to the last one.
import type { SignatureBlockSigner } from "../../../pdf/stamp-tags";
import type { SendDocument } from "../documents";
import { stampsFor } from "../fields";
import type { SubmitInput } from "./submit-input";

export async function stampDocument(
  input: Pick<SubmitInput, "draft" | "readBytes" | "stamp">,
  doc: SendDocument,
  indexes: ReadonlyMap<string, number>,
  block: SignatureBlockSigner[],
): Promise<Uint8Array> {
  const { draft } = input;
  const original = await input.readBytes(doc);
  const pdf = await input.stamp.asPdf(original, doc.contentType);
  return input.stamp.finalPdf(pdf, {
    stamps: stampsFor(doc.key, draft.fields, indexes, draft.tagFormat),
    visible: draft.visibleTags,
    block,
    format: draft.tagFormat,
  });
}
