// A signer's fields as the page shows them: in reading order, with the values the person sees now
// (Name, Email and DateSigned filled in automatically).
import { dateSignedText } from "../../../shared/date-signed";
import type { TagType } from "../../../tags/types";
import { ApiError } from "../../errors";
import type { AnnotationRecord, DocumentPages } from "../../storage";
import { parseId, type Stores } from "../package-rules";
import type { Visit } from "./visit";

export const AUTO_TYPES: ReadonlySet<TagType> = new Set(["Name", "Email", "DateSigned"]);

export function byReadingOrder(documents: DocumentPages[]) {
  const order = new Map(documents.map((d, i) => [d.id, i]));
  return (a: AnnotationRecord, b: AnnotationRecord) =>
    (order.get(a.documentId) ?? 0) - (order.get(b.documentId) ?? 0) ||
    a.page - b.page ||
    a.y - b.y ||
    a.x - b.x ||
    a.seq - b.seq;
}

export function autoValue(type: TagType, person: Visit["person"], at: Date): string | null {
  if (type === "Name") return person.name;
  if (type === "Email") return person.email;
  if (type === "DateSigned") return dateSignedText(at);
  return null;
}

export function signingFieldApi(a: AnnotationRecord, value: string | null, isCompleted: boolean) {
  return {
    id: a.id,
    documentId: a.documentId,
    type: a.type,
    page: a.page,
    x: a.x,
    y: a.y,
    width: a.width,
    height: a.height,
    required: a.required,
    label: a.label,
    group: a.group,
    options: a.options,
    value,
    isCompleted,
    auto: AUTO_TYPES.has(a.type) ? (a.type as "Name" | "Email" | "DateSigned") : null,
  };
}

export type SigningFieldApi = ReturnType<typeof signingFieldApi>;

/** This signer's fields with what the person sees in them now, in signing order. */
export async function fieldsOf(
  s: Stores,
  v: Visit,
  documents: DocumentPages[],
  now: Date,
): Promise<SigningFieldApi[]> {
  if (!v.signer) return [];
  const mine = (await s.annotations.list(v.pkg.id)).filter((a) => a.signerId === v.signer!.id);
  mine.sort(byReadingOrder(documents));
  if (v.signer.status === "Completed") return mine.map((a) => signingFieldApi(a, a.value, a.isCompleted));
  const drafts = await s.signingValues.of(v.pkg.id, v.link.emailLower);
  return mine.map((a) => {
    const value = AUTO_TYPES.has(a.type) ? autoValue(a.type, v.person, now) : (drafts.get(a.id) ?? a.value);
    return signingFieldApi(a, value, false);
  });
}

export async function requireField(s: Stores, v: Visit, idText: string): Promise<AnnotationRecord> {
  const id = parseId(idText);
  const a = id ? await s.annotations.get(v.pkg.id, id) : null;
  if (!a || a.signerId !== v.signer!.id) {
    throw new ApiError(404, "not_found", `Field ${idText.slice(0, 80)} is not one of yours.`);
  }
  return a;
}

export function nameOfField(a: AnnotationRecord): string {
  return a.label ? `${a.type} field "${a.label}"` : `${a.type} field`;
}
