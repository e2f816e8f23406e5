/**
 * What the signing page tells the window that opened it when the signer is done (Sign it
 * yourself): the pane's Office dialog hears it through messageParent, a window opened by the pane
 * through postMessage to its opener. Only a hint that hurries the pane: the package's state, read from
 * the service, is what it acts on.
 */
export const SIGNING_WINDOW_MESSAGE = "sfo-signing-done";

export interface SigningWindowMessage {
  type: typeof SIGNING_WINDOW_MESSAGE;
  /** The signer's state after finish or decline. */
  state: string;
}

export function signingWindowMessage(state: string): string {
  return JSON.stringify({ type: SIGNING_WINDOW_MESSAGE, state } satisfies SigningWindowMessage);
}

/** The message's state when `text` is one of ours, else null. */
export function readSigningWindowMessage(text: unknown): string | null {
  if (typeof text !== "string") return null;
  try {
    const parsed = JSON.parse(text) as Partial<SigningWindowMessage> | null;
    return parsed?.type === SIGNING_WINDOW_MESSAGE && typeof parsed.state === "string" ? parsed.state : null;
  } catch {
    return null;
  }
}
