// Templates (contract §7): a package's shape without its people, one concern per file. Roles are the
// signer slots; every write locks the template and bumps its updatedOn in one transaction (template.ts).
// What the routes, the schemas and bulk send use is re-exported here, as the two files did before.
export {
  addTemplateAnnotations,
  listTemplateAnnotations,
  removeTemplateAnnotation,
  templateAnnotationApi,
  updateTemplateAnnotation,
  type TemplateAnnotationInput,
} from "./annotations";
export {
  bulkDeleteTemplates,
  createTemplate,
  deleteTemplate,
  updateTemplate,
  type TemplateInput,
} from "./crud";
export {
  getTemplateDocument,
  listTemplateDocuments,
  removeTemplateDocument,
  templateDocumentApi,
  templateRemovalImpact,
} from "./documents";
export { TEMPLATE_LIMITS } from "./limits";
export { TEMPLATE_OWNER } from "./owner";
export { getTemplate, listTemplates } from "./query";
export { addRole, listRoles, removeRole, reorderRoles, roleApi, updateRole, type RoleInput } from "./roles";
export { detectTemplateTags, resetTemplate, retryTemplateDocument, templateDetectedTags } from "./tags";
export { changeTemplate, requireTemplate, templateApi } from "./template";
export {
  abortTemplateUpload,
  commitTemplateUpload,
  getTemplateUpload,
  initiateTemplateUpload,
  stageTemplateBlock,
  uploadTemplateDocument,
} from "./uploads";
export { useTemplate, type UseTemplateHooks, type UseTemplateInput } from "./use";
