// Shared vocabulary of the tag grammar: formats, types, the type table of contract §5, and the
// shapes every other module passes around. Pure data: no parsing here.
import type { FieldType } from "../shared/field-types";

export type TagFormat = "Platform" | "DocuSign" | "AdobeSign";

/** The contract §5 field types (src/shared/field-types.ts), by the tag grammar's name for them. */
export type TagType = FieldType;

export const TAG_FORMATS: readonly TagFormat[] = Object.freeze([
  "Platform",
  "DocuSign",
  "AdobeSign",
] as const);

export interface TagTypeInfo {
  type: TagType;
  /** The Platform code, e.g. `sig` in `{{sig:1:req}}`. */
  code: string;
  description: string;
  acceptsInput: boolean;
  docuSignCode: string;
  /**
   * The Adobe Sign field type. Date and Number have no type of their own in Adobe Sign: they are
   * text fields with a validation directive, so this reads `text:date` / `text:number`, exactly
   * the fragment that appears in the tag.
   */
  adobeSignType: string;
}

/** A tag's meaning, independent of the format it is written in. */
export interface TagSpec {
  type: TagType;
  /** 1-based signer index, the signer's routing order. */
  signerIndex: number;
  required: boolean;
  label: string | null;
  group: string | null;
  options: string[] | null;
}

export interface ParsedTag extends TagSpec {
  format: TagFormat;
}

export interface TagProblem {
  message: string;
  /** 0-based offset (a JavaScript string index) in the tag text; null when not about a place. */
  position: number | null;
}

export type SpecField = "type" | "signer" | "required" | "label" | "group" | "options";

export interface SpecProblem {
  field: SpecField;
  message: string;
}

export interface ScannedTag {
  /** Offset of the tag's first character in the scanned text. */
  start: number;
  /** Offset just past the tag's last character (exclusive). */
  end: number;
  text: string;
  format: TagFormat;
  parsed: ParsedTag | null;
  /** Problem positions are offsets in `text` (add `start` for an offset in the scanned text). */
  problems: TagProblem[];
}

// Frozen so that a consumer (the types endpoint serialises this table) cannot corrupt the lookups
// every parser relies on.
export const TAG_TYPES: readonly TagTypeInfo[] = Object.freeze(
  (
    [
      ["Signature", "sig", "The signer's signature.", true, "s", "signature"],
      ["Initials", "initial", "The signer's initials.", true, "i", "initials"],
      ["DateSigned", "datesigned", "The date the signer signs, filled in automatically.", false, "d", "date"],
      ["Name", "name", "The signer's full name, filled in automatically.", false, "n", "fullname"],
      ["Email", "email", "The signer's email address, filled in automatically.", false, "e", "email"],
      ["Company", "company", "The signer's company name.", true, "co", "company"],
      ["Title", "title", "The signer's job title.", true, "ti", "title"],
      ["Text", "text", "A free-text field the signer fills in.", true, "t", "text"],
      ["Date", "date", "A date the signer enters.", true, "dt", "text:date"],
      ["Number", "number", "A number the signer enters.", true, "nu", "text:number"],
      ["Checkbox", "check", "A checkbox the signer can tick.", true, "c", "checkbox"],
      [
        "RadioGroup",
        "radio",
        "A set of radio buttons from which the signer picks one option.",
        true,
        "r",
        "radio",
      ],
      [
        "Dropdown",
        "dropdown",
        "A drop-down list from which the signer picks one option.",
        true,
        "l",
        "dropdown",
      ],
      ["Attachment", "attach", "A file the signer attaches.", true, "a", "attachment"],
    ] as const
  ).map(([type, code, description, acceptsInput, docuSignCode, adobeSignType]) =>
    Object.freeze({ type, code, description, acceptsInput, docuSignCode, adobeSignType }),
  ),
);

const TYPE_INFO = new Map<TagType, TagTypeInfo>(TAG_TYPES.map((t) => [t.type, t]));

const TYPE_BY_LOWER_NAME = new Map<string, TagType>(TAG_TYPES.map((t) => [t.type.toLowerCase(), t.type]));
TYPE_BY_LOWER_NAME.set("fullname", "Name");

const FORMAT_BY_LOWER_NAME = new Map<string, TagFormat>(TAG_FORMATS.map((f) => [f.toLowerCase(), f]));

export function parseFormatName(name: string): TagFormat | undefined {
  if (typeof name !== "string") return undefined;
  return FORMAT_BY_LOWER_NAME.get(name.trim().toLowerCase());
}

export function parseTypeName(name: string): TagType | undefined {
  if (typeof name !== "string") return undefined;
  return TYPE_BY_LOWER_NAME.get(name.trim().toLowerCase());
}

export function isTagType(value: unknown): value is TagType {
  return typeof value === "string" && TYPE_INFO.has(value as TagType);
}

export function typeInfo(type: TagType): TagTypeInfo {
  // Callers only pass values that passed isTagType or came from a lookup table.
  return TYPE_INFO.get(type) as TagTypeInfo;
}
