/**
 * Fields of a package being prepared in the Send view (step 3): the fields the user drops on the
 * pages, the text tags already in the documents, and how each dropped field becomes a text tag
 * stamped into the PDF. Pure: no pdf.js, no pdf-lib, no DOM, so the check and the plan are tested
 * without a browser.
 *
 * A field belongs to a signer row (its key), not to a number: the tag's signer index is worked out
 * when the documents are stamped, from the row's place among the chosen signers, so reordering the
 * signers after dropping fields keeps every field with its person. The service reads the index the
 * same way (contract §6.4: the signer at that position in routing order, ties by creation), and the
 * pane creates the signers in list order.
 */
import { FIELD_SIZES, formatTag, type TagFormat, type TagType } from "../../tags";
import {
  FIELD_TYPES_WITHOUT_OPTIONS,
  FIELD_TYPE_WORDS,
  type FieldTypeWithoutOptions,
} from "../../shared/field-types";
import type { SignerRow } from "./signers";

/** The field types offered for dropping: those that need nothing more than a signer (no options). */
export const DROPPABLE_TYPES = FIELD_TYPES_WITHOUT_OPTIONS;
export type DroppableType = FieldTypeWithoutOptions;

export const FIELD_TYPE_LABELS: Record<DroppableType, string> = FIELD_TYPE_WORDS;

/** A field the user dropped: where (points from the page's visible top-left) and for whom. */
export interface PlacedField {
  id: string;
  /** The document's key (SendDocument.key). */
  docKey: string;
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  type: DroppableType;
  /** The signer row's key (SignerRow.key). */
  signerKey: string;
  required: boolean;
}

export interface PageSize {
  width: number;
  height: number;
}

/** A text tag found in a document (the shape of the service's DetectedTag, contract §6.2). */
export interface FoundTag {
  text: string;
  format: TagFormat;
  type: TagType | null;
  signerIndex: number | null;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The box of the field the tag makes (tag-field-box.ts), where the service will place it. */
  field: { x: number; y: number; width: number; height: number };
  error: string | null;
}

/** What the pane knows of one PDF it has opened: its pages and the tags already in it. */
export interface DocumentLayout {
  pages: PageSize[];
  tags: FoundTag[];
}

/**
 * Signer colours: distinct in light, dark and high contrast; always shown with the signer's number
 * and name too, so colour is never the only cue. Index 0 is signer 1.
 */
export const SIGNER_COLOURS = [
  "#0f6cbd",
  "#c50f1f",
  "#107c10",
  "#8764b8",
  "#ca5010",
  "#038387",
  "#b4009e",
  "#986f0b",
] as const;

export function signerColour(index: number): string {
  return SIGNER_COLOURS[(Math.max(1, index) - 1) % SIGNER_COLOURS.length]!;
}

/** The rows that become the package's signers, in order (signer N = the Nth of these). */
export function chosenSigners(rows: readonly SignerRow[], leftOut: ReadonlySet<string> = new Set()) {
  return rows.filter((r) => r.included && !leftOut.has(r.key));
}

/** The 1-based signer index of each chosen row. */
export function signerIndexes(
  rows: readonly SignerRow[],
  leftOut: ReadonlySet<string> = new Set(),
): Map<string, number> {
  return new Map(chosenSigners(rows, leftOut).map((r, i) => [r.key, i + 1]));
}

export const describeSigner = (row: SignerRow) =>
  row.kind === "person" ? row.name || row.email : `Group ${row.groupName}`;

/** A new field of `type` for `signerKey`, centred where the user clicked and kept on the page. */
export function dropField(
  id: string,
  docKey: string,
  page: number,
  size: PageSize,
  at: { x: number; y: number },
  type: DroppableType,
  signerKey: string,
): PlacedField {
  const { width, height } = FIELD_SIZES[type];
  const w = Math.min(width, size.width);
  const h = Math.min(height, size.height);
  return clampField(
    {
      id,
      docKey,
      page,
      x: at.x - w / 2,
      y: at.y - h / 2,
      width: w,
      height: h,
      type,
      signerKey,
      required: true,
    },
    size,
  );
}

/** Smallest box a field may be resized to, points. */
export const MIN_FIELD_SIZE = 8;

/** The field moved and sized to lie inside its page, at least MIN_FIELD_SIZE each way. */
export function clampField(field: PlacedField, size: PageSize): PlacedField {
  const round = (n: number) => Math.round(n * 100) / 100;
  const width = Math.min(size.width, Math.max(MIN_FIELD_SIZE, field.width));
  const height = Math.min(size.height, Math.max(MIN_FIELD_SIZE, field.height));
  const x = Math.min(size.width - width, Math.max(0, field.x));
  const y = Math.min(size.height - height, Math.max(0, field.y));
  return { ...field, x: round(x), y: round(y), width: round(width), height: round(height) };
}

/** The field moved by (dx, dy) or resized by (dw, dh) points, kept on its page. */
export function nudgeField(
  field: PlacedField,
  size: PageSize,
  change: { dx?: number; dy?: number; dw?: number; dh?: number },
): PlacedField {
  return clampField(
    {
      ...field,
      x: field.x + (change.dx ?? 0),
      y: field.y + (change.dy ?? 0),
      width: field.width + (change.dw ?? 0),
      height: field.height + (change.dh ?? 0),
    },
    size,
  );
}

/** The tag text a field is stamped as, for the signer at `signerIndex`, in `format`. */
export function tagTextFor(field: PlacedField, signerIndex: number, format: TagFormat): string {
  return formatTag(
    { type: field.type, signerIndex, required: field.required, label: null, group: null, options: null },
    format,
  ).tag;
}

export interface Stamp {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}

/**
 * The stamps of one document: each of its fields whose signer is among the chosen ones, as tag
 * text in `format`. Fields of signers no longer chosen are left out (the check warns of them).
 */
export function stampsFor(
  docKey: string,
  fields: readonly PlacedField[],
  indexes: ReadonlyMap<string, number>,
  format: TagFormat,
): Stamp[] {
  return fields.flatMap((f) => {
    const index = indexes.get(f.signerKey);
    if (f.docKey !== docKey || index === undefined) return [];
    return [
      { page: f.page, x: f.x, y: f.y, width: f.width, height: f.height, text: tagTextFor(f, index, format) },
    ];
  });
}

/** A short description of a field for lists and screen readers: "Signature for Alex Wilber, page 2". */
export function describeField(field: PlacedField, rows: readonly SignerRow[]): string {
  const row = rows.find((r) => r.key === field.signerKey);
  return `${FIELD_TYPE_LABELS[field.type]} for ${row ? describeSigner(row) : "a removed signer"}, page ${field.page}`;
}
