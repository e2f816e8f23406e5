// Completion of a package (contract §6.5, docs/completion.md): the job that seals a Completed package's
// documents and makes its certificate, audit trail and zip (job.ts, with what it draws in
// field-values.ts), and what the routes answer about those files (signed-files.ts).
export {
  COMPLETION_LEASE_MS,
  COMPLETION_MAX_ATTEMPTS,
  completeDuePackage,
  completedMailRecipients,
  completionRetryDelayMs,
  type CompletionDeps,
  type CompletionReport,
} from "./job";
export { fieldsOf, finalDocumentInput, flattenValue, tagBoxes, tagTextPlacement } from "./field-values";
export { SealKeeper } from "./seal-keeper";
export * from "./signed-files";
