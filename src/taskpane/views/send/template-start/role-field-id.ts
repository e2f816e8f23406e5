import { OTHER, type RoleFill } from "../../../send/template";

/**
 * The id of the field that holds a role's problem: the address typed, else the select. The role's
 * fields carry it, and a refused start focuses the first one by it.
 */
export function fieldId(roleId: string, fill?: RoleFill): string {
  return fill?.choice === OTHER ? `template-role-${roleId}-email` : `template-role-${roleId}`;
}
