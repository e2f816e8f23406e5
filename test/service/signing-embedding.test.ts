// Embedded signing (contract §6.3 signing-url): the link's allowedOrigins become frame-ancestors in the
// Content-Security-Policy of its page, /sign/{token}, and only of its page; every other link (a
// mail's, one made without origins, an expired, unknown or tampered one) answers frame-ancestors
// 'none' with X-Frame-Options DENY. The session gives the page the link's returnUrl. Both databases;
// links read from the mails of a real SMTP server.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { framingOriginsFor } from "../../src/service/domain/signing";
import { SigningLinks } from "../../src/service/domain/signing-links";
import { BACKENDS, expectProblem } from "./harness";
import { signingUrlRoute, tokenOf, useSigningWorld } from "./signing.helpers";

jest.setTimeout(120_000);

const STRICT = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'self'",
];

/** The policy's directives by name. */
function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d] as const),
  );
}

describe.each(BACKENDS)("embedded signing on %s", (backend) => {
  // A stand-in for the built signing page, made before the service starts (useSigningWorld's
  // beforeAll comes after this one) and removed after it has closed.
  let pageDir: string;
  beforeAll(() => {
    pageDir = mkdtempSync(path.join(os.tmpdir(), "sfo-test-page-"));
    writeFileSync(
      path.join(pageDir, "index.html"),
      "<!doctype html><title>Signing</title><div id=signing></div>",
    );
  });
  const w = useSigningWorld(backend, "embedding", () => ({ SIGN_SIGNING_PAGE_DIR: pageDir }));
  afterAll(() => rmSync(pageDir, { recursive: true, force: true }));
  const { call, sign, sendToSigner, sendPackage, signAndFinish } = w;

  async function pageHeaders(linkToken: string) {
    const response = await fetch(`${w.service.url}/sign/${linkToken}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("id=signing");
    return {
      csp: directives(response.headers.get("content-security-policy")),
      frameOptions: response.headers.get("x-frame-options"),
    };
  }

  function expectStrict(csp: Map<string, string>) {
    for (const d of STRICT) expect(csp.get(d.split(" ")[0]!)).toBe(d);
    expect(csp.size).toBe(STRICT.length + 1);
  }

  test("a signing-url link's allowedOrigins may frame its page, and nobody may frame any other link's", async () => {
    const sent = await sendToSigner({ email: "eve@contoso.com", name: "Eve" });
    const mailed = sent.link;
    const made = await call<{ url: string }>("POST", signingUrlRoute(sent), {
      expiresInMinutes: 10,
      returnUrl: "https://app.contoso.com/signed?case=7",
      allowedOrigins: ["https://app.contoso.com", "http://localhost:3000", "https://app.contoso.com"],
    });
    expect(made.status).toBe(200);
    const embedded = tokenOf(made.body.url);

    const framed = await pageHeaders(embedded);
    expectStrict(framed.csp);
    expect(framed.csp.get("frame-ancestors")).toBe(
      "frame-ancestors https://app.contoso.com http://localhost:3000",
    );
    expect(framed.frameOptions).toBeNull(); // DENY would forbid what the policy allows
    expect((await sign("GET", embedded)).body).toMatchObject({
      state: "Ready",
      returnUrl: "https://app.contoso.com/signed?case=7",
    });

    // The mail's link of the same signer, a link made without origins, a tampered and an unknown one.
    const plain = tokenOf((await call<{ url: string }>("POST", signingUrlRoute(sent), {})).body.url);
    const tampered = embedded.slice(0, -1) + (embedded.endsWith("A") ? "B" : "A");
    for (const other of [mailed, plain, tampered, "A".repeat(44)]) {
      const { csp, frameOptions } = await pageHeaders(other);
      expectStrict(csp);
      expect(csp.get("frame-ancestors")).toBe("frame-ancestors 'none'");
      expect(frameOptions).toBe("DENY");
    }
    expect((await sign("GET", mailed)).body).toMatchObject({ state: "Ready", returnUrl: null });
    expect((await sign("GET", plain)).body).toMatchObject({ state: "Ready", returnUrl: null });

    // Once the link has expired, its origins no longer count (nor does the link: 404).
    const links = await SigningLinks.open(w.service.storage, () => w.service.url);
    const ctx = { storage: w.service.storage, links };
    expect(await framingOriginsFor(ctx, embedded)).toEqual([
      "https://app.contoso.com",
      "http://localhost:3000",
    ]);
    expect(await framingOriginsFor(ctx, embedded, new Date(Date.now() + 11 * 60_000))).toEqual([]);
    expect(await framingOriginsFor(ctx, mailed)).toEqual([]);
  });

  test("allowedOrigins must be origins: a path, another scheme or more than 25 are refused, naming the entry", async () => {
    const route = signingUrlRoute(await sendPackage([{ email: "fay@contoso.com", name: "Fay" }]));
    const bad = await w.service.call("POST", route, {
      token: w.token,
      body: {
        allowedOrigins: ["https://ok.example", "https://app.example/path", "ftp://files.example", "*"],
      },
    });
    const problem = await expectProblem(bad, 400, "validation_failed");
    expect(problem.errors!.map((e) => e.field).sort()).toEqual([
      "allowedOrigins[1]",
      "allowedOrigins[2]",
      "allowedOrigins[3]",
    ]);
    const many = Array.from({ length: 26 }, (_, i) => `https://a${i}.example`);
    const tooMany = await w.service.call("POST", route, { token: w.token, body: { allowedOrigins: many } });
    expect((await expectProblem(tooMany, 400, "validation_failed")).errors!.map((e) => e.field)).toContain(
      "allowedOrigins",
    );
  });

  test("returnUrl must be an absolute https URL and a URI: anything else is refused, naming the field, and nothing is made", async () => {
    const sent = await sendPackage([{ email: "gus@contoso.com", name: "Gus" }]);
    const route = signingUrlRoute(sent);
    const before = (await call<unknown[]>("GET", `/api/v1/packages/${sent.pkg.id}/audit-trail`)).body.length;
    for (const returnUrl of [
      "https://example.com/a b",
      'https://example.com/"quoted"',
      "https://example.com/{}",
      "https://example.com/?q={x}",
      "http://example.com/plain",
      "javascript:alert(1)",
      "/relative/path",
      "https://",
      `https://example.com/${"a".repeat(2_000)}`,
    ]) {
      const refused = await w.service.call("POST", route, { token: w.token, body: { returnUrl } });
      const problem = await expectProblem(refused, 400, "validation_failed");
      expect(problem.errors!.map((e) => e.field)).toEqual(["returnUrl"]);
    }
    const plainOrigin = await w.service.call("POST", route, {
      token: w.token,
      body: { allowedOrigins: ["http://app.example.com"] },
    });
    expect((await expectProblem(plainOrigin, 400, "validation_failed")).errors!.map((e) => e.field)).toEqual([
      "allowedOrigins[0]",
    ]);
    expect((await call<unknown[]>("GET", `/api/v1/packages/${sent.pkg.id}/audit-trail`)).body).toHaveLength(
      before,
    );

    // Percent-encoded, the same addresses are fine; http is for a developer's own machine.
    for (const returnUrl of ["https://example.com/a%20b?q=%7Bx%7D", "http://localhost:3000/done"]) {
      const made = await call<{ url: string }>("POST", route, { returnUrl });
      expect(made.status).toBe(200);
      expect((await sign("GET", tokenOf(made.body.url))).body).toMatchObject({ state: "Ready", returnUrl });
    }
  });

  test("a returnUrl stored before the check (a space, braces) neither fails the page nor finish or decline", async () => {
    const { storage } = w.service;
    const links = await SigningLinks.open(storage, () => w.service.url);
    // What an older version let in, written as it wrote it.
    async function oldLink(sent: Parameters<typeof signingUrlRoute>[0], returnUrl: string) {
      const made = await call<{ url: string }>("POST", signingUrlRoute(sent), {
        returnUrl: "https://example.com/ok",
      });
      const link = (await storage.signingLinks.get(links.linkIdOf(tokenOf(made.body.url))!))!;
      const id = crypto.randomUUID();
      await storage.signingLinks.insert({ ...link, id, returnUrl });
      return tokenOf(links.urlFor(id));
    }

    const hal = await oldLink(
      await sendPackage([{ email: "hal@contoso.com", name: "Hal" }]),
      "https://example.com/a b",
    );
    const opened = await sign("GET", hal);
    expect(opened.status).toBe(200);
    // Repaired as a browser would send it.
    expect(opened.body.returnUrl).toBe("https://example.com/a%20b");
    const finished = await signAndFinish(hal);
    expect(finished.status).toBe(200);
    expect(finished.body).toMatchObject({ state: "Completed", returnUrl: "https://example.com/a%20b" });

    // Braces stay braces in a URL's query: no URI to repair it to, so the page has none.
    const ivy = await oldLink(
      await sendPackage([{ email: "ivy@contoso.com", name: "Ivy" }]),
      'https://example.com/?q={"a"}',
    );
    expect(await sign("GET", ivy)).toMatchObject({ status: 200, body: { state: "Ready", returnUrl: null } });
    const declined = await sign("POST", ivy, "/decline", { reason: "Not mine" });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ state: "Declined", returnUrl: null });
  });
});
