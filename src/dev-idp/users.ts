/**
 * The local identity provider's people: two organisations, so that tenant separation can be tried,
 * and two people in one of them, so that sharing within a tenant can be tried. The `tid` values
 * play Entra's directory ids; the service makes a tenant of each on first use. Everyone signs in
 * with their email address and DEV_PASSWORD (development only: printed by `SIGN_DEV_IDP=1 npm start`).
 */

/** Everyone's password at the local identity provider. */
export const DEV_PASSWORD = "sign-for-outlook";
export interface DevUser {
  /** The subject (`sub`) and Entra-like object id (`oid`). */
  id: string;
  name: string;
  email: string;
  /** The tenant claim (Entra's `tid`). */
  tid: string;
}

export const DEV_TENANTS = {
  contoso: "6d1b8a3c-contoso-0000-0000-000000000001",
  fabrikam: "9f4e2d7a-fabrikam-0000-0000-000000000002",
} as const;

export const DEV_USERS: readonly DevUser[] = [
  { id: "megan-bowen", name: "Megan Bowen", email: "megan@contoso.example", tid: DEV_TENANTS.contoso },
  { id: "alex-wilber", name: "Alex Wilber", email: "alex@contoso.example", tid: DEV_TENANTS.contoso },
  { id: "lynne-robbins", name: "Lynne Robbins", email: "lynne@fabrikam.example", tid: DEV_TENANTS.fabrikam },
];

export function devUser(id: string): DevUser | undefined {
  return DEV_USERS.find((u) => u.id === id);
}

/** The person with this email address (any case) and password, as a sign-in form checks them. */
export function devUserByCredentials(email: string, password: string): DevUser | undefined {
  const user = DEV_USERS.find((u) => u.email.toLowerCase() === email.trim().toLowerCase());
  return user && password === DEV_PASSWORD ? user : undefined;
}
