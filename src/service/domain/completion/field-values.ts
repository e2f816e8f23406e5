// What completion draws into a document (src/service/pdf/flatten.ts): each field's value and box, and
// the boxes of the tag text it hides.
import type { FlattenField, FlattenFieldType, PageBox } from "../../pdf/flatten";
import type { FinalDocumentInput } from "../../completion/final-document";
import type { AnnotationRecord, DocumentRecord } from "../../storage";

const DATA_PNG = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** An annotation's value as flatten.ts draws it: a drawn signature's PNG bytes, else the text. */
export function flattenValue(a: Pick<AnnotationRecord, "type" | "value">): string | Uint8Array | null {
  if (a.value === null || a.value === "") return null;
  const png = DATA_PNG.exec(a.value);
  if (png && (a.type === "Signature" || a.type === "Initials"))
    return new Uint8Array(Buffer.from(png[1]!, "base64"));
  if (a.type === "Checkbox") return a.value === "true" ? "true" : null;
  return a.value;
}

/** The rectangles to clear of tag text: every tag found in the document that has a position. */
export function tagBoxes(doc: Pick<DocumentRecord, "detectedTags">): PageBox[] {
  return (doc.detectedTags ?? [])
    .filter((t) => t.page >= 1 && t.width > 0 && t.height > 0)
    .map((t) => ({ page: t.page, x: t.x, y: t.y, width: t.width, height: t.height }));
}

/**
 * What tag detection may know of a tag beyond its text box: the field box made from it,
 * the size of the document's text around it and its baseline. Read defensively: documents scanned
 * before those existed have none of them.
 */
interface TagPlacement {
  page: number;
  field?: { x: number; y: number; width: number; height: number } | null;
  textSize?: number | null;
  baseline?: number | null;
}

const finite = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n);
/** A field made from a tag has exactly the tag's field box; this much apart is still the same box. */
const SAME_BOX = 0.5;

/** The text size and baseline of the tag a TextTag annotation was made from, when the scan knows them. */
export function tagTextPlacement(
  doc: Pick<DocumentRecord, "detectedTags">,
  a: Pick<AnnotationRecord, "source" | "page" | "x" | "y" | "width" | "height">,
): { textSize?: number; baseline?: number } {
  if (a.source !== "TextTag") return {};
  const tag = ((doc.detectedTags ?? []) as unknown as TagPlacement[]).find((t) => {
    const f = t.field;
    return (
      t.page === a.page &&
      !!f &&
      [f.x, f.y, f.width, f.height].every(finite) &&
      Math.abs(f.x - a.x) <= SAME_BOX &&
      Math.abs(f.y - a.y) <= SAME_BOX &&
      Math.abs(f.width - a.width) <= SAME_BOX &&
      Math.abs(f.height - a.height) <= SAME_BOX
    );
  });
  if (!tag) return {};
  return {
    ...(finite(tag.textSize) && tag.textSize > 0 ? { textSize: tag.textSize } : {}),
    ...(finite(tag.baseline) ? { baseline: tag.baseline } : {}),
  };
}

/** The fields of a document as flatten.ts draws them: box, value and, for one from a tag, its text's size and line. */
export function fieldsOf(
  doc: Pick<DocumentRecord, "detectedTags">,
  annotations: readonly AnnotationRecord[],
): FlattenField[] {
  return annotations.map((a) => ({
    page: a.page,
    x: a.x,
    y: a.y,
    width: a.width,
    height: a.height,
    type: a.type as FlattenFieldType,
    value: flattenValue(a),
    ...tagTextPlacement(doc, a),
  }));
}

/** What a document's final form gets: its tags' text removed and covered, its fields' values drawn. */
export function finalDocumentInput(
  doc: Pick<DocumentRecord, "detectedTags">,
  annotations: readonly AnnotationRecord[],
): FinalDocumentInput {
  return { hideTags: tagBoxes(doc), fields: fieldsOf(doc, annotations) };
}
