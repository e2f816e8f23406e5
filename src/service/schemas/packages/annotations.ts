// A package's annotations (the fields signers fill in): requests, answers, field types, paths.
import { Type, type TSchema } from "@sinclair/typebox";
import { PACKAGE_LIMITS } from "../../domain/package-rules";
import { ANNOTATION_OPTIONS_MAX, ANNOTATION_VALUE_LENGTH } from "../../domain/annotations";
import { TAG_TYPES } from "../../../tags";
import { ref } from "../common";
import { opt, timestamp } from "./fields";

const num = (description: string) => Type.Optional(Type.Union([Type.Number(), Type.Null()], { description }));

export const CreateAnnotationApiRequest = Type.Object(
  {
    documentId: Type.String({ description: "A document of this package." }),
    signerId: Type.String({ description: "A signer of this package." }),
    type: Type.String({ description: `${TAG_TYPES.map((t) => t.type).join(", ")} (any case).` }),
    page: Type.Integer({ description: "1-based page of the document." }),
    x: Type.Number({ description: "Points from the page's visible left edge." }),
    y: Type.Number({ description: "Points from the page's visible top edge (y grows downwards)." }),
    width: num("Points; default the type's defaultWidth (annotation-field-types)."),
    height: num("Points; default the type's defaultHeight."),
    required: Type.Optional(Type.Union([Type.Boolean(), Type.Null()], { description: "Default true." })),
    label: opt("At most 100 characters."),
    group: opt("At most 100 characters; fields of one group are checked together."),
    options: Type.Optional(
      Type.Union([Type.Array(Type.String(), { maxItems: ANNOTATION_OPTIONS_MAX }), Type.Null()], {
        description: "Dropdown and RadioGroup only, and required there: 1 or more distinct options.",
      }),
    ),
    value: opt(
      `A prefilled value (at most ${ANNOTATION_VALUE_LENGTH} characters): true/false for a Checkbox, one of the options for a choice, YYYY-MM-DD for a Date; none for fields filled at signing.`,
    ),
  },
  { $id: "CreateAnnotationApiRequest" },
);

// Every field optional and nullable: null or omitted = unchanged (contract §6 updates).
const { documentId, signerId, type: annotationType, page, x, y } = CreateAnnotationApiRequest.properties;
const nullable = <T extends TSchema>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()], { description: schema.description }));
export const UpdateAnnotationApiRequest = Type.Object(
  {
    ...CreateAnnotationApiRequest.properties,
    documentId: nullable(documentId),
    signerId: nullable(signerId),
    type: nullable(annotationType),
    page: nullable(page),
    x: nullable(x),
    y: nullable(y),
  },
  {
    $id: "UpdateAnnotationApiRequest",
    description: "Null or omitted fields stay unchanged; the result must still lie inside its page.",
  },
);

export const BulkAnnotationsApiRequest = Type.Object(
  {
    annotations: Type.Array(ref(CreateAnnotationApiRequest), {
      minItems: 1,
      maxItems: PACKAGE_LIMITS.annotationsPerBulk,
    }),
  },
  { $id: "BulkAnnotationsApiRequest" },
);

export const AnnotationApiResponse = Type.Object(
  {
    id: Type.String(),
    documentId: Type.String(),
    signerId: Type.String(),
    type: Type.String(),
    page: Type.Integer(),
    x: Type.Number(),
    y: Type.Number(),
    width: Type.Number(),
    height: Type.Number(),
    required: Type.Boolean(),
    label: Type.Union([Type.String(), Type.Null()]),
    group: Type.Union([Type.String(), Type.Null()]),
    options: Type.Union([Type.Array(Type.String()), Type.Null()]),
    value: Type.Union([Type.String(), Type.Null()]),
    source: Type.Union([Type.Literal("Manual"), Type.Literal("TextTag")]),
    isCompleted: Type.Boolean(),
    completedOn: timestamp("When the signer filled it in."),
    createdOn: Type.String({ format: "date-time" }),
  },
  { $id: "AnnotationApiResponse" },
);

export const AnnotationListApiResponse = Type.Object(
  {
    items: Type.Array(ref(AnnotationApiResponse)),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    totalCount: Type.Integer(),
    totalPages: Type.Integer(),
  },
  { $id: "AnnotationListApiResponse" },
);

export const AnnotationFieldTypeResponse = Type.Object(
  {
    type: Type.String(),
    description: Type.String(),
    acceptsInput: Type.Boolean({
      description: "False for fields the service fills in (date signed, name, email).",
    }),
    takesOptions: Type.Boolean({ description: "Dropdown and RadioGroup: options are required." }),
    defaultWidth: Type.Number({ description: "Points." }),
    defaultHeight: Type.Number({ description: "Points." }),
  },
  { $id: "AnnotationFieldTypeResponse" },
);

export const AnnotationPath = Type.Object({ id: Type.String(), annotationId: Type.String() });
export const AnnotationListQuery = Type.Object({
  documentId: Type.Optional(Type.String({ description: "Only this document's annotations." })),
  signerId: Type.Optional(Type.String({ description: "Only this signer's annotations." })),
});
