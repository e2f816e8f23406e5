// The service's 404: what is already gone counts as done (a delete, a resumed session, a kept id).
import { isApiError } from "../../../api/errors";

export const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;
