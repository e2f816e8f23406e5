/** A save or Finish answered that the link changed under the page (voided, access code asked again, gone). */
import { SigningApiError } from "../../api";

export function linkChanged(error: SigningApiError): boolean {
  return error.code === "access_code_required" || error.code === "invalid_state" || error.status === 404;
}
