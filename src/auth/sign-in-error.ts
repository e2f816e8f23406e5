/** Why a Microsoft sign-in did not finish (src/auth/microsoft-flows.ts words the messages). */

export type SignInErrorCode =
  | "cancelled"
  | "blocked"
  | "in_progress"
  | "consent"
  | "interaction"
  | "setup"
  | "network"
  | "bad_response"
  | "failed";

/** A sign-in that did not finish; `message` is written for the user. */
export class SignInError extends Error {
  override name = "SignInError";
  constructor(
    readonly code: SignInErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
