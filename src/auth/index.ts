/** Sign-in for the add-in: see token-source.ts. */
export type { TokenSource } from "./token-source";
export {
  createPatTokenSource,
  sessionStorageOrNull,
  PAT_STORAGE_KEY,
  type KeyValueStorage,
  type PatTokenSource,
} from "./pat";
