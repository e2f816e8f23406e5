// Naming a group: an id from a path or a bulk request is a UUID, anything else is answered as not
// found, with the one not-found error every operation on a group gives.
import { notFound } from "../../errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A group id from a path or a bulk request, lowercased; null when it is no UUID (answered as not found). */
export function parseGroupId(text: string): string | null {
  return UUID.test(text) ? text.toLowerCase() : null;
}

export const groupNotFound = () => notFound("The signing group");

export function requireGroupId(id: string): string {
  const key = parseGroupId(id);
  if (!key) throw groupNotFound();
  return key;
}
