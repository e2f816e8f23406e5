import { Type, type TSchema } from "@sinclair/typebox";
import { TEMPLATE_LIMITS } from "../domain/templates";
import { SIGNER_TYPES } from "../domain/signers";
import { ref } from "./common";
import { DetectedTagResponse, DocumentApiResponse } from "./documents";
import { AnnotationApiResponse, CreateAnnotationApiRequest, UpdateAnnotationApiRequest } from "./packages";

const text = (description: string) =>
  Type.Optional(Type.Union([Type.String(), Type.Null()], { description }));

export const TemplatePath = Type.Object({ id: Type.String({ description: "The template's id (UUID)." }) });
export const TemplateRolePath = Type.Object({
  id: Type.String({ description: "The template's id (UUID)." }),
  roleId: Type.String({ description: "The role's id (UUID)." }),
});

export const CreateTemplateApiRequest = Type.Object(
  {
    name: Type.String({ description: `1 to ${TEMPLATE_LIMITS.nameLength} characters after trimming.` }),
    description: text(`At most ${TEMPLATE_LIMITS.descriptionLength} characters.`),
  },
  { $id: "CreateTemplateApiRequest" },
);

export const UpdateTemplateApiRequest = Type.Object(
  { ...CreateTemplateApiRequest.properties, name: text("1 to 200 characters after trimming.") },
  {
    $id: "UpdateTemplateApiRequest",
    description: "Null or omitted fields stay unchanged.",
  },
);

export const TemplateApiResponse = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    createdOn: Type.String({ format: "date-time" }),
    updatedOn: Type.String({ format: "date-time" }),
    roleCount: Type.Integer({ minimum: 0 }),
    documentCount: Type.Integer({ minimum: 0 }),
  },
  { $id: "TemplateApiResponse" },
);

export const TemplateListApiResponse = Type.Object(
  {
    items: Type.Array(ref(TemplateApiResponse)),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    totalCount: Type.Integer(),
    totalPages: Type.Integer(),
  },
  { $id: "TemplateListApiResponse" },
);

export const ListTemplatesQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: TEMPLATE_LIMITS.pageSizeMax,
      default: TEMPLATE_LIMITS.pageSizeDefault,
    }),
  ),
  search: Type.Optional(Type.String({ maxLength: 200, description: "Part of the name, any case." })),
});

export const CreateTemplateRoleApiRequest = Type.Object(
  {
    name: Type.String({
      description: `1 to ${TEMPLATE_LIMITS.roleNameLength} characters, unique in the template (any case).`,
    }),
    routingOrder: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], {
        description: `1 to ${TEMPLATE_LIMITS.routingOrderMax}, default 1.`,
      }),
    ),
    type: text(`${SIGNER_TYPES.join(", ")} (default Signer).`),
  },
  { $id: "CreateTemplateRoleApiRequest" },
);

export const UpdateTemplateRoleApiRequest = Type.Object(
  { ...CreateTemplateRoleApiRequest.properties, name: text("1 to 100 characters, unique in the template.") },
  {
    $id: "UpdateTemplateRoleApiRequest",
    description: "Null or omitted fields stay unchanged.",
  },
);

export const TemplateRoleApiResponse = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    name: Type.String(),
    routingOrder: Type.Integer(),
    type: Type.String(),
    createdOn: Type.String({ format: "date-time" }),
  },
  { $id: "TemplateRoleApiResponse" },
);

export const ReorderTemplateRolesApiRequest = Type.Object(
  {
    order: Type.Array(Type.Object({ roleId: Type.String(), routingOrder: Type.Integer() }), {
      minItems: 1,
      maxItems: TEMPLATE_LIMITS.rolesPerTemplate,
    }),
  },
  { $id: "ReorderTemplateRolesApiRequest" },
);

export const TemplateBulkApiRequest = Type.Object(
  {
    ids: Type.Array(Type.String({ description: "A template id (UUID)." }), {
      minItems: 1,
      maxItems: TEMPLATE_LIMITS.idsPerBulk,
    }),
  },
  { $id: "TemplateBulkApiRequest" },
);

export const UseTemplateApiRequest = Type.Object(
  {
    name: text("The package's name; default the template's."),
    roles: Type.Array(
      Type.Object({
        roleId: Type.String({ description: "A role of the template; every role is filled once." }),
        email: text("A person's address (omit with signingGroupId)."),
        name: text("The person's name; a group slot defaults to the group's name."),
        signingGroupId: text("A signing group of the tenant instead of a person."),
      }),
      { maxItems: TEMPLATE_LIMITS.rolesPerTemplate },
    ),
    send: Type.Optional(
      Type.Union([Type.Boolean(), Type.Null()], {
        description: "Default false (a Draft); true sends at once and needs sign.package.send.",
      }),
    ),
  },
  { $id: "UseTemplateApiRequest" },
);

export const TemplateDocumentPath = Type.Object({
  id: Type.String({ description: "The template's id (UUID)." }),
  documentId: Type.String({ description: "The document's id (UUID)." }),
});
export const TemplateAnnotationPath = Type.Object({
  id: Type.String({ description: "The template's id (UUID)." }),
  annotationId: Type.String({ description: "The annotation's id (UUID)." }),
});

export const TemplateDocumentApiResponse = Type.Object(
  {
    ...DocumentApiResponse.properties,
    processingStatus: Type.Union([Type.Literal("Ready"), Type.Literal("Failed")], {
      description: "Failed: its pages were read but its text was not (no tags); retry reads it again.",
    }),
    processingError: Type.Union([Type.String(), Type.Null()], { description: "Why it failed." }),
  },
  { $id: "TemplateDocumentApiResponse" },
);

export const TemplateDocumentListApiResponse = Type.Object(
  {
    items: Type.Array(ref(TemplateDocumentApiResponse)),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    totalCount: Type.Integer(),
    totalPages: Type.Integer(),
  },
  { $id: "TemplateDocumentListApiResponse" },
);

export const TemplateDetectedTagResponse = Type.Object(
  {
    ...DetectedTagResponse.properties,
    roleId: Type.Union([Type.String(), Type.Null()], {
      description: "The role at the tag's signer index in routing order; null when there is none.",
    }),
  },
  { $id: "TemplateDetectedTagResponse" },
);

export const TemplateRemovalImpactResponse = Type.Object(
  {
    annotationCount: Type.Integer({ description: "Annotations on the document, removed with it." }),
    rolesLeftWithoutFields: Type.Array(Type.String(), {
      description: "Roles whose every field is on this document.",
    }),
  },
  { $id: "TemplateRemovalImpactResponse" },
);

// A template's annotation: a package's, with a role in the place of the signer.
const {
  signerId: _createSigner,
  documentId: _createDocument,
  ...createFields
} = CreateAnnotationApiRequest.properties;
export const CreateTemplateAnnotationApiRequest = Type.Object(
  { roleId: Type.String({ description: "A role of this template." }), ...createFields },
  { $id: "CreateTemplateAnnotationApiRequest", description: "On the document of the path." },
);

export const BulkTemplateAnnotationsApiRequest = Type.Object(
  {
    annotations: Type.Array(ref(CreateTemplateAnnotationApiRequest), { minItems: 1, maxItems: 500 }),
  },
  { $id: "BulkTemplateAnnotationsApiRequest" },
);

const { signerId: _updateSigner, ...updateFields } = UpdateAnnotationApiRequest.properties;
export const UpdateTemplateAnnotationApiRequest = Type.Object(
  {
    ...updateFields,
    roleId: Type.Optional(
      Type.Union([Type.String(), Type.Null()], { description: "A role of this template." }),
    ),
  },
  {
    $id: "UpdateTemplateAnnotationApiRequest",
    description: "Null or omitted fields stay unchanged; the result must still lie inside its page.",
  },
);

const {
  signerId: _signer,
  isCompleted: _done,
  completedOn: _doneOn,
  ...annotationFields
} = AnnotationApiResponse.properties;
export const TemplateAnnotationApiResponse = Type.Object(
  { ...annotationFields, roleId: Type.String() },
  { $id: "TemplateAnnotationApiResponse" },
);

export const TemplateAnnotationListApiResponse = Type.Object(
  {
    items: Type.Array(ref(TemplateAnnotationApiResponse)),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    totalCount: Type.Integer(),
    totalPages: Type.Integer(),
  },
  { $id: "TemplateAnnotationListApiResponse" },
);

export const TemplateAnnotationListQuery = Type.Object({
  documentId: Type.Optional(Type.String({ description: "Only this document's annotations." })),
  roleId: Type.Optional(Type.String({ description: "Only this role's annotations." })),
});

export const TEMPLATE_MODELS: TSchema[] = [
  TemplateDocumentApiResponse,
  TemplateDocumentListApiResponse,
  TemplateDetectedTagResponse,
  TemplateRemovalImpactResponse,
  CreateTemplateAnnotationApiRequest,
  BulkTemplateAnnotationsApiRequest,
  UpdateTemplateAnnotationApiRequest,
  TemplateAnnotationApiResponse,
  TemplateAnnotationListApiResponse,
  UseTemplateApiRequest,
  CreateTemplateApiRequest,
  UpdateTemplateApiRequest,
  TemplateApiResponse,
  TemplateListApiResponse,
  CreateTemplateRoleApiRequest,
  UpdateTemplateRoleApiRequest,
  TemplateRoleApiResponse,
  ReorderTemplateRolesApiRequest,
  TemplateBulkApiRequest,
];
