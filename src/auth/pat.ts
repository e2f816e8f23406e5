/**
 * A personal access token (contract §2) entered in Settings, kept for the browser session only:
 * in sessionStorage when it is available, else in memory. Never in localStorage, never logged.
 */
import type { TokenSource } from "./token-source";

export const PAT_STORAGE_KEY = "sign-for-outlook.pat";

/** The part of the Web Storage API the token source uses (sessionStorage fits). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface PatTokenSource extends TokenSource {
  /** Stores `token` (trimmed) for this session; an empty token signs out. */
  setToken(token: string): void;
  hasToken(): boolean;
}

/** sessionStorage, or null where the browser refuses it (some privacy modes throw on access). */
export function sessionStorageOrNull(): KeyValueStorage | null {
  try {
    const storage = globalThis.sessionStorage;
    if (!storage) return null;
    const probe = "sign-for-outlook.probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

export function createPatTokenSource(
  storage: KeyValueStorage | null = sessionStorageOrNull(),
): PatTokenSource {
  let memory: string | null = null;

  const read = (): string | null => {
    if (!storage) return memory;
    try {
      return storage.getItem(PAT_STORAGE_KEY);
    } catch {
      return memory;
    }
  };
  const write = (token: string | null): void => {
    memory = token;
    if (!storage) return;
    try {
      if (token === null) storage.removeItem(PAT_STORAGE_KEY);
      else storage.setItem(PAT_STORAGE_KEY, token);
    } catch {
      // Storage full or refused: the in-memory copy still serves this page.
    }
  };

  return {
    getToken: () => Promise.resolve(read() || null),
    signOut: () => write(null),
    setToken: (token: string) => write(token.trim() || null),
    hasToken: () => Boolean(read()),
  };
}
