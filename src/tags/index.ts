// The tag grammar: build, parse, validate, detect, convert and scan text tags in the Platform,
// DocuSign and Adobe Sign formats (contract §5). Pure TypeScript with no I/O, shared by the
// add-in in the browser and by the service.
export { TAG_FORMATS, TAG_TYPES, parseFormatName, parseTypeName } from "./types";
export type {
  ParsedTag,
  ScannedTag,
  SpecProblem,
  TagFormat,
  TagProblem,
  TagSpec,
  TagType,
  TagTypeInfo,
} from "./types";
export { FIELD_SIZES } from "./field-sizes";
export type { FieldSize } from "./field-sizes";
export { TagFormatError, TagParseError, TagSpecError } from "./errors";
export { checkSpec, MAX_GROUP_LENGTH, MAX_LABEL_LENGTH, MAX_SIGNER, MIN_SIGNER } from "./spec";
export { detectFormat } from "./detect";
export { parseTag, validateTag } from "./parse";
export type { TagValidation } from "./parse";
export { buildTag, convertTag, formatTag } from "./build";
export type { TagBuild, TagConversion } from "./build";
export { scan, MAX_SCANNED_TAG_LENGTH } from "./scan";
