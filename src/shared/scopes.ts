/**
 * The service's OAuth scopes (contract §2): the service checks them; the pane and the dev identity
 * provider name them.
 */
export const SCOPES = [
  "sign.package.read",
  "sign.package.create",
  "sign.package.send",
  "sign.template.read",
  "sign.signinggroup.read",
  "sign.signinggroup.write",
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Space-separated scope text (OAuth `scope`, JWT `scp`) to the known scopes it names, unknown ones dropped. */
export function knownScopes(values: Iterable<string>): Scope[] {
  const seen = new Set<Scope>();
  for (const value of values) if (isScope(value)) seen.add(value);
  return SCOPES.filter((s) => seen.has(s));
}
