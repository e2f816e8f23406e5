// Who the audit trail says acted (issue 28 point 8): people and labels a reader knows, never a
// credential's id ("pat:e7a2…"), for each kind of API credential and for a signer, on both databases.
import { generateKeyPair, SignJWT } from "jose";
import { createOAuthClient, createPersonalAccessToken } from "../../src/service/domain/credentials";
import { startJwksServer } from "./jwks-server";
import { BACKENDS } from "./harness";
import { useSigningWorld } from "./signing.helpers";

interface Actor {
  type: string;
  email: string | null;
  name: string | null;
}
interface Event {
  action: string;
  actor: Actor;
}

describe.each(BACKENDS)("audit actors on %s", (backend) => {
  const issuer = "https://login.example.test/tenant-guid/v2.0";
  const audience = "api://sign-for-outlook";
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  // The key server the service trusts for Microsoft sign-in starts first (useSigningWorld's
  // beforeAll comes after this one) and closes after the service.
  beforeAll(async () => {
    keys = await generateKeyPair("RS256");
    jwks = await startJwksServer(keys.publicKey);
  }, 60_000);
  const w = useSigningWorld(
    backend,
    "contoso-signer",
    () => ({
      OIDC_ISSUER: issuer,
      OIDC_AUDIENCE: audience,
      OIDC_JWKS_URI: jwks.url,
      OIDC_TENANT_CLAIM: "tid",
      SMTP_FROM: "Signing <sign@contoso.com>",
    }),
    { config: { devRoutes: true } },
  );
  afterAll(() => jwks?.close());

  /** Makes a draft package with the credential; answers who its PackageCreated event names. */
  async function creatorOf(credential: string): Promise<Actor> {
    const created = await w.service.call("POST", "/api/v1/packages", {
      token: credential,
      body: { name: "Master services agreement" },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const trail = await w.service.call("GET", `/api/v1/packages/${id}/audit-trail`, { token: credential });
    expect(trail.status).toBe(200);
    const events = (await trail.json()) as Event[];
    return events.find((e) => e.action === "PackageCreated")!.actor;
  }

  test("a personal access token is named by its label, not its id", async () => {
    const pat = await createPersonalAccessToken(w.service.storage, {
      tenant: "contoso-pat",
      scopes: [],
      label: "Outlook add-in",
    });
    const actor = await creatorOf(pat.token);
    expect(actor).toEqual({ type: "User", email: null, name: "token “Outlook add-in”" });
    expect(JSON.stringify(actor)).not.toContain(pat.id);
  });

  test("an OAuth client is named by its label", async () => {
    const client = await createOAuthClient(w.service.storage, {
      tenant: "contoso-client",
      scopes: [],
      label: "Contract system",
    });
    const answer = await fetch(`${w.service.url}/connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }).toString(),
    });
    expect(answer.status).toBe(200);
    const { access_token } = (await answer.json()) as { access_token: string };
    expect(await creatorOf(access_token)).toEqual({
      type: "User",
      email: null,
      name: "client “Contract system”",
    });
  });

  test("a person signed in with Microsoft is named with their name and address", async () => {
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({ tid: "contoso-entra", scp: "sign.package.create sign.package.read", ...claims })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject("AAAAAAAAAAAAAAAAAAAAAMdF-object")
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(keys.privateKey as CryptoKey);
    expect(
      await creatorOf(await sign({ name: "Megan Bowen", preferred_username: "megan.bowen@contoso.com" })),
    ).toEqual({ type: "User", email: "megan.bowen@contoso.com", name: "Megan Bowen" });
    // Without a name claim the address names them; never the opaque subject when an address is known.
    expect(await creatorOf(await sign({ email: "alex.wilber@contoso.com" }))).toEqual({
      type: "User",
      email: "alex.wilber@contoso.com",
      name: "alex.wilber@contoso.com",
    });
  });

  test("a signer's own actions name the signer and their address", async () => {
    const { pkg, link } = await w.sendToSigner({ email: "lynne.robbins@contoso.com", name: "Lynne Robbins" });
    expect((await w.sign("GET", link)).status).toBe(200);
    const trail = await w.call<Event[]>("GET", `/api/v1/packages/${pkg.id}/audit-trail`);
    expect(trail.body.find((e) => e.action === "SignerViewed")?.actor).toEqual({
      type: "Signer",
      email: "lynne.robbins@contoso.com",
      name: "Lynne Robbins",
    });
  });
});
