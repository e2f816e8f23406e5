import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import {
  TAG_TYPES,
  TagFormatError,
  TagParseError,
  TagSpecError,
  buildTag,
  checkSpec,
  convertTag,
  detectFormat,
  parseFormatName,
  parseTag,
  parseTypeName,
  validateTag,
  type TagFormat,
  type TagProblem,
  type TagSpec,
  type TagValidation,
} from "../../tags";
import { ApiError, validationFailed, type FieldError } from "../errors";
import { secured } from "../plugins/authentication";
import { errorResponses, ref } from "../schemas/common";
import {
  BuildTagQuery,
  ConvertTagApiRequest,
  ConvertTagResponse,
  DetectFormatQuery,
  DetectFormatResponse,
  MAX_TAG_LENGTH,
  ParseTagApiRequest,
  ParsedTagDto,
  TagBuildResponse,
  TagTypeInfo,
  TagValidationResponse,
  ValidateTagApiRequest,
} from "../schemas/tags";

/** A problem's message, with its place added when the message does not already say it (contract §5: "what is wrong and where"). */
function located(problem: TagProblem): string {
  if (problem.position === null || /\bcharacter \d/.test(problem.message)) return problem.message;
  return `${problem.message} (at character ${problem.position})`;
}

const unparseable = (error: TagParseError) => {
  const messages = error.problems.map(located);
  return new ApiError(
    400,
    "tag_unparseable",
    messages.join("; "),
    messages.map((message) => ({ field: "tag", message })),
  );
};

const invalidFormat = (field: string, value: string) =>
  new ApiError(
    400,
    "invalid_format",
    `Unknown tag format "${value}" in ${field}; use Platform, DocuSign or AdobeSign.`,
    [{ field, message: "must be Platform, DocuSign or AdobeSign" }],
  );

function formatHint(field: string, value: string | null | undefined): TagFormat | undefined {
  if (value === undefined || value === null || value.trim() === "") return undefined;
  const format = parseFormatName(value.trim());
  if (!format) throw invalidFormat(field, value);
  return format;
}

/** `a,b\,c` → ["a", "b,c"]: options are comma-separated and a backslash keeps a comma or backslash literal. */
export function splitOptions(text: string): string[] {
  const out: string[] = [];
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && (text[i + 1] === "," || text[i + 1] === "\\")) current += text[++i];
    else if (c === ",") {
      out.push(current.trim());
      current = "";
    } else current += c;
  }
  out.push(current.trim());
  return out;
}

const optionalText = (value: string | undefined) => (value === undefined || value === "" ? null : value);

function specOf(query: {
  type?: string;
  signer?: string;
  required?: boolean;
  label?: string;
  group?: string;
  options?: string;
}): TagSpec {
  const errors: FieldError[] = [];
  const known = TAG_TYPES.map((t) => t.type).join(", ");
  const type = query.type ? parseTypeName(query.type.trim()) : undefined;
  if (!query.type) errors.push({ field: "type", message: `type is required; one of ${known}.` });
  else if (!type)
    errors.push({ field: "type", message: `Unknown type "${query.type}"; use one of ${known}.` });
  const signerText = query.signer?.trim();
  const signer = signerText && /^\d{1,3}$/.test(signerText) ? Number(signerText) : NaN;
  if (!signerText)
    errors.push({ field: "signer", message: "signer is required: the signer's routing order, 1 to 99." });
  else if (!Number.isInteger(signer) || signer < 1 || signer > 99) {
    errors.push({
      field: "signer",
      message: `signer must be a whole number from 1 to 99, not "${query.signer}".`,
    });
  }
  if (errors.length > 0) throw validationFailed(errors);
  const spec: TagSpec = {
    type: type!,
    signerIndex: signer,
    required: query.required ?? true,
    label: optionalText(query.label),
    group: optionalText(query.group),
    options: query.options === undefined || query.options === "" ? null : splitOptions(query.options),
  };
  const problems = checkSpec(spec);
  if (problems.length > 0)
    throw validationFailed(problems.map((p) => ({ field: p.field, message: p.message })));
  return spec;
}

/**
 * validateTag answers 200 for every bad tag (service.md §7), an overlong one included. A blank
 * format hint means "detect", as in parse and convert; an unknown one is reported in `errors`.
 */
function validate(tag: string, format: string | null | undefined): TagValidation {
  if (tag.length > MAX_TAG_LENGTH) {
    const message = `The tag is ${tag.length} characters long; a tag may have at most ${MAX_TAG_LENGTH}`;
    return {
      isValid: false,
      format: detectFormat(tag),
      parsed: null,
      errors: [{ message, position: MAX_TAG_LENGTH }],
    };
  }
  const hint = format === null || format === undefined || format.trim() === "" ? undefined : format;
  // validateTag resolves the name in any case and reports an unknown one as an error.
  return validateTag(tag, hint as TagFormat | undefined);
}

const tagRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = secured([], { apiKey: true });
  const common = { tags: ["Tags"], security: auth.security, description: auth.scopesNote };

  app.get(
    "/api/v1/tags/types",
    {
      config: auth.config,
      schema: {
        ...common,
        operationId: "listTagTypes",
        summary: "Every annotation type the tag parser recognises",
        response: { 200: Type.Array(ref(TagTypeInfo)), ...errorResponses(401) },
      },
    },
    async () => [...TAG_TYPES],
  );

  app.get(
    "/api/v1/tags/build",
    {
      config: auth.config,
      schema: {
        ...common,
        operationId: "buildTag",
        summary: "Build a tag in the Platform, DocuSign and AdobeSign formats",
        querystring: BuildTagQuery,
        response: { 200: ref(TagBuildResponse), ...errorResponses(400, 401) },
      },
    },
    async (request) => buildTag(specOf(request.query)),
  );

  app.post(
    "/api/v1/tags/parse",
    {
      config: auth.config,
      schema: {
        ...common,
        operationId: "parseTag",
        summary: "Split a tag into type, signer, required flag, label, group and options",
        body: ref(ParseTagApiRequest),
        response: { 200: ref(ParsedTagDto), ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => {
      const format = formatHint("format", request.body.format);
      try {
        return parseTag(request.body.tag, format);
      } catch (error) {
        if (error instanceof TagParseError) throw unparseable(error);
        throw error;
      }
    },
  );

  app.post(
    "/api/v1/tags/validate",
    {
      config: auth.config,
      schema: {
        ...common,
        operationId: "validateTag",
        summary: "Check a tag; always 200, with isValid",
        body: ref(ValidateTagApiRequest),
        response: { 200: ref(TagValidationResponse), ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => validate(request.body.tag, request.body.format),
  );

  app.get(
    "/api/v1/tags/detect-format",
    {
      config: auth.config,
      schema: {
        ...common,
        operationId: "detectTagFormat",
        summary: "Name the format a tag looks like (a shape check, not a parse)",
        querystring: DetectFormatQuery,
        response: { 200: ref(DetectFormatResponse), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ format: detectFormat(request.query.tag) }),
  );

  app.post(
    "/api/v1/tags/convert",
    {
      config: auth.config,
      schema: {
        ...common,
        operationId: "convertTag",
        summary:
          "Re-encode a tag in another format, with a warning for each attribute the target cannot carry",
        body: ref(ConvertTagApiRequest),
        response: { 200: ref(ConvertTagResponse), ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => {
      const target = formatHint("targetFormat", request.body.targetFormat);
      if (!target) throw invalidFormat("targetFormat", request.body.targetFormat);
      const source = formatHint("sourceFormat", request.body.sourceFormat);
      try {
        return convertTag(request.body.tag, target, source);
      } catch (error) {
        if (error instanceof TagParseError) throw unparseable(error);
        if (error instanceof TagFormatError) throw invalidFormat("targetFormat", error.formatName);
        if (error instanceof TagSpecError) {
          throw validationFailed(
            error.problems.map((p) => ({ field: "tag", message: `Converting to ${target}: ${p.message}` })),
          );
        }
        throw error;
      }
    },
  );
};

export default tagRoutes;
