import { Type } from "@sinclair/typebox";
import { TAG_FORMATS, TAG_TYPES } from "../../tags";
import { ref } from "./common";

/** Longer than any tag a document carries; keeps one request from parsing megabytes. */
export const MAX_TAG_LENGTH = 10_000;

const formatName = Type.Union(
  TAG_FORMATS.map((f) => Type.Literal(f)),
  { description: "Platform, DocuSign or AdobeSign." },
);
const nullableFormat = Type.Union([formatName, Type.Null()]);
const typeName = Type.Union(TAG_TYPES.map((t) => Type.Literal(t.type)));
const nullableText = Type.Union([Type.String(), Type.Null()]);
const tagText = Type.String({
  minLength: 1,
  maxLength: MAX_TAG_LENGTH,
  description: "The tag text, e.g. {{sig:1:req}}.",
});
const formatHint = Type.Optional(
  Type.Union([Type.String(), Type.Null()], {
    description: "Platform, DocuSign or AdobeSign, in any case; detected when absent.",
  }),
);

export const TagTypeInfo = Type.Object(
  {
    type: typeName,
    code: Type.String({ description: "The Platform code." }),
    description: Type.String(),
    acceptsInput: Type.Boolean({
      description: "False for types filled in automatically (DateSigned, Name, Email).",
    }),
    docuSignCode: Type.String(),
    adobeSignType: Type.String(),
  },
  { $id: "TagTypeInfo" },
);

export const TagBuildResponse = Type.Object(
  {
    platform: Type.String(),
    docuSign: Type.String(),
    adobeSign: Type.String(),
    warnings: Type.Array(Type.String(), { description: "Each attribute a format could not carry." }),
  },
  { $id: "TagBuildResponse" },
);

export const ParsedTagDto = Type.Object(
  {
    format: formatName,
    type: typeName,
    signerIndex: Type.Integer({ minimum: 1, maximum: 99 }),
    required: Type.Boolean(),
    label: nullableText,
    group: nullableText,
    options: Type.Union([Type.Array(Type.String()), Type.Null()]),
  },
  { $id: "ParsedTagDto" },
);

export const TagProblemDto = Type.Object(
  {
    message: Type.String(),
    position: Type.Union([Type.Integer(), Type.Null()], {
      description: "0-based character offset in the tag.",
    }),
  },
  { $id: "TagProblemDto" },
);

export const ParseTagApiRequest = Type.Object(
  { tag: tagText, format: formatHint },
  { $id: "ParseTagApiRequest" },
);

// No maxLength on `tag`: validate answers 200 with isValid false for every bad tag (service.md §7),
// an overlong one included; the route checks the length before parsing.
export const ValidateTagApiRequest = Type.Object(
  {
    tag: Type.String({
      description: `The tag text. Any string: an empty or overlong (over ${MAX_TAG_LENGTH} characters) tag is reported as invalid.`,
    }),
    format: formatHint,
  },
  { $id: "ValidateTagApiRequest" },
);

export const TagValidationResponse = Type.Object(
  {
    isValid: Type.Boolean(),
    format: nullableFormat,
    parsed: Type.Union([ref(ParsedTagDto), Type.Null()]),
    errors: Type.Array(ref(TagProblemDto)),
  },
  { $id: "TagValidationResponse" },
);

export const DetectFormatResponse = Type.Object({ format: nullableFormat }, { $id: "DetectFormatResponse" });

export const ConvertTagApiRequest = Type.Object(
  {
    tag: tagText,
    targetFormat: Type.String({ description: "Platform, DocuSign or AdobeSign, in any case." }),
    sourceFormat: formatHint,
  },
  { $id: "ConvertTagApiRequest" },
);

export const ConvertTagResponse = Type.Object(
  {
    tag: Type.String(),
    sourceFormat: formatName,
    targetFormat: formatName,
    warnings: Type.Array(Type.String()),
  },
  { $id: "ConvertTagResponse" },
);

export const BuildTagQuery = Type.Object({
  type: Type.Optional(Type.String({ description: "A type name from listTagTypes, case-insensitive." })),
  signer: Type.Optional(Type.String({ description: "1-based signer index (routing order), 1 to 99." })),
  required: Type.Optional(Type.Boolean({ default: true })),
  label: Type.Optional(Type.String()),
  group: Type.Optional(Type.String()),
  options: Type.Optional(
    Type.String({
      description: "Comma-separated options for Dropdown or RadioGroup; `\\,` is a literal comma.",
    }),
  ),
});

export const DetectFormatQuery = Type.Object({ tag: Type.String({ maxLength: MAX_TAG_LENGTH }) });

export const TAG_MODELS = [
  TagTypeInfo,
  TagBuildResponse,
  ParsedTagDto,
  TagProblemDto,
  ParseTagApiRequest,
  ValidateTagApiRequest,
  TagValidationResponse,
  DetectFormatResponse,
  ConvertTagApiRequest,
  ConvertTagResponse,
];
