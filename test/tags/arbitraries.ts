// fast-check generators shared by the property tests of the tag grammar.
import fc from "fast-check";
import { TAG_TYPES } from "../../src/tags";
import type { TagFormat, TagSpec, TagType } from "../../src/tags";

export const ALL_TYPES: TagType[] = TAG_TYPES.map((t) => t.type);
export const ALL_FORMATS: TagFormat[] = ["Platform", "DocuSign", "AdobeSign"];
const OPTION_TYPES = new Set<TagType>(["Dropdown", "RadioGroup"]);

// Characters that matter to some grammar (separators, escapes, braces) mixed with ordinary and
// non-ASCII ones, so values exercise every escaping rule.
const VALUE_CHAR = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(..."abcXYZ019 ") },
  { weight: 3, arbitrary: fc.constantFrom(..."\\;,{}:=_()*!\"'") },
  { weight: 1, arbitrary: fc.constantFrom("é", "ß", "日", "😀", "\t", "\n", "\u00a0", "-", ".", "_es_") },
);

/** A label, group or option as checkSpec accepts it: non-empty, no edge spaces. */
export const valueText = (maxLength = 24): fc.Arbitrary<string> =>
  fc
    .string({ unit: VALUE_CHAR, minLength: 1, maxLength })
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

export const signerArb = fc.integer({ min: 1, max: 99 });

export const optionsArb = fc.uniqueArray(valueText(12), { minLength: 1, maxLength: 5 });

/** Any spec that passes checkSpec. */
export const specArb: fc.Arbitrary<TagSpec> = fc
  .record({
    type: fc.constantFrom(...ALL_TYPES),
    signerIndex: signerArb,
    required: fc.boolean(),
    label: fc.option(valueText(), { nil: null }),
    group: fc.option(valueText(), { nil: null }),
    options: optionsArb,
  })
  // Contract §5: Dropdown and RadioGroup need options; no other type takes them.
  .map((s) => (OPTION_TYPES.has(s.type) ? s : { ...s, options: null }));

/** Specs a DocuSign tag carries whole: type, signer, and the required flag of initials. */
export const docuSignSpecArb: fc.Arbitrary<TagSpec> = fc
  .record({ type: fc.constantFrom(...ALL_TYPES), signerIndex: signerArb, required: fc.boolean() })
  .map(({ type, signerIndex, required }) => ({
    type,
    signerIndex,
    required: type === "Initials" ? required : true,
    label: null,
    group: null,
    options: null,
  }));

const DEFAULT_ADOBE_NAMES = new Set([
  "Sig",
  "Init",
  "Date",
  "Name",
  "Email",
  "Company",
  "Title",
  "Text",
  "DateInput",
  "Number",
  "Check",
  "Radio",
  "Dropdown",
  "Attachment",
]);

const fieldName = fc
  .string({ unit: fc.constantFrom(..."abcXYZ019_éß日"), minLength: 1, maxLength: 20 })
  .filter((s) => !DEFAULT_ADOBE_NAMES.has(s));

/**
 * Specs an Adobe Sign tag carries whole: one word-character name, held as the group for
 * Checkbox/RadioGroup and as the label otherwise.
 */
export const adobeSignSpecArb: fc.Arbitrary<TagSpec> = fc
  .record({
    type: fc.constantFrom(...ALL_TYPES),
    signerIndex: signerArb,
    required: fc.boolean(),
    name: fc.option(fieldName, { nil: null }),
    options: optionsArb,
  })
  .map(({ type, signerIndex, required, name, options }) => {
    const byGroup = type === "Checkbox" || type === "RadioGroup";
    return {
      type,
      signerIndex,
      required,
      label: byGroup ? null : name,
      group: byGroup ? name : null,
      options: OPTION_TYPES.has(type) ? options : null,
    };
  });

const FRAGMENTS = [
  "{{",
  "}}",
  "{",
  "}",
  "\\",
  "\\\\",
  ":",
  "_",
  "_es_",
  ";",
  "=",
  ",",
  "(",
  ")",
  "*",
  "!",
  " ",
  "\n",
  "sig",
  "SIG",
  "initial",
  "dropdown",
  "radio",
  "check",
  "text",
  "s",
  "oi",
  "co",
  "l",
  "signer",
  "signer1",
  "approver",
  "1",
  "2",
  "0",
  "100",
  "99999999999999999999",
  "req",
  "opt",
  "label",
  "group",
  "options",
  "options(",
  "signature",
  "optsignature",
  "date",
  "number",
  "Sig",
  "é",
  "😀",
  "\ud800",
  "\udc00",
];

/** Strings built from grammar fragments: mostly near-tags, often broken in interesting ways. */
export const tagLikeString: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) },
      { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
    ),
    {
      maxLength: 24,
    },
  )
  .map((parts) => parts.join(""));

/** Any UTF-16 string, lone surrogates included. */
export const anyUtf16String: fc.Arbitrary<string> = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});

export const anyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  anyUtf16String,
  tagLikeString,
);
