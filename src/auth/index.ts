/** Sign-in for the add-in: see token-source.ts. */
export type { TokenSource } from "./token-source";
export {
  createPatTokenSource,
  sessionStorageOrNull,
  PAT_STORAGE_KEY,
  type KeyValueStorage,
  type PatTokenSource,
} from "./pat";
export { builtInEntraConfig, entraConfigFrom, DEFAULT_AUTHORITY, type EntraConfig } from "./config";
export {
  createMicrosoftTokenSource,
  SignInError,
  MICROSOFT_STORAGE_KEY,
  EXPIRY_MARGIN_MS,
  type MicrosoftSignInMode,
  type MicrosoftTokenSource,
  type MicrosoftTokenSourceOptions,
  type CreateDialogApp,
  type DialogApp,
  type NestedApp,
  type SignInErrorCode,
  type SignInHost,
} from "./microsoft";
