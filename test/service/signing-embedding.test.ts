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
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";
import { PNG_DATA_URL, startMailbox, tokenOf, world, type Mailbox } from "./signing.helpers";

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
  let service: TestService;
  let mailbox: Mailbox;
  let token: string;
  let pageDir: string;
  const w = world(
    () => service,
    () => mailbox,
    () => token,
  );
  const { call, sign, sendPackage, linkFor } = w;

  beforeAll(async () => {
    pageDir = mkdtempSync(path.join(os.tmpdir(), "sfo-test-page-"));
    writeFileSync(
      path.join(pageDir, "index.html"),
      "<!doctype html><title>Signing</title><div id=signing></div>",
    );
    mailbox = await startMailbox();
    service = await startTestService(backend, {
      SIGN_SCHEDULER_INTERVAL_MS: "50",
      SMTP_URL: mailbox.url,
      SIGN_SIGNING_PAGE_DIR: pageDir,
    });
    token = await service.token("embedding");
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    await mailbox?.close();
    rmSync(pageDir, { recursive: true, force: true });
  });

  async function pageHeaders(linkToken: string) {
    const response = await fetch(`${service.url}/sign/${linkToken}`);
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
    const { pkg, signers } = await sendPackage([{ email: "eve@contoso.com", name: "Eve" }]);
    const mailed = await linkFor("eve@contoso.com");
    const made = await call<{ url: string }>(
      "POST",
      `/api/v1/packages/${pkg.id}/signers/${signers[0]!.id}/signing-url`,
      {
        expiresInMinutes: 10,
        returnUrl: "https://app.contoso.com/signed?case=7",
        allowedOrigins: ["https://app.contoso.com", "http://localhost:3000", "https://app.contoso.com"],
      },
    );
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
    const plain = tokenOf(
      (
        await call<{ url: string }>(
          "POST",
          `/api/v1/packages/${pkg.id}/signers/${signers[0]!.id}/signing-url`,
          {},
        )
      ).body.url,
    );
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
    const links = await SigningLinks.open(service.storage, () => service.url);
    const ctx = { storage: service.storage, links };
    expect(await framingOriginsFor(ctx, embedded)).toEqual([
      "https://app.contoso.com",
      "http://localhost:3000",
    ]);
    expect(await framingOriginsFor(ctx, embedded, new Date(Date.now() + 11 * 60_000))).toEqual([]);
    expect(await framingOriginsFor(ctx, mailed)).toEqual([]);
  });

  test("allowedOrigins must be origins: a path, another scheme or more than 25 are refused, naming the entry", async () => {
    const { pkg, signers } = await sendPackage([{ email: "fay@contoso.com", name: "Fay" }]);
    const route = `/api/v1/packages/${pkg.id}/signers/${signers[0]!.id}/signing-url`;
    const bad = await service.call("POST", route, {
      token,
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
    const tooMany = await service.call("POST", route, { token, body: { allowedOrigins: many } });
    expect((await expectProblem(tooMany, 400, "validation_failed")).errors!.map((e) => e.field)).toContain(
      "allowedOrigins",
    );
  });

  test("returnUrl must be an absolute https URL and a URI: anything else is refused, naming the field, and nothing is made", async () => {
    const { pkg, signers } = await sendPackage([{ email: "gus@contoso.com", name: "Gus" }]);
    const route = `/api/v1/packages/${pkg.id}/signers/${signers[0]!.id}/signing-url`;
    const before = (await call<unknown[]>("GET", `/api/v1/packages/${pkg.id}/audit-trail`)).body.length;
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
      const refused = await service.call("POST", route, { token, body: { returnUrl } });
      const problem = await expectProblem(refused, 400, "validation_failed");
      expect(problem.errors!.map((e) => e.field)).toEqual(["returnUrl"]);
    }
    const plainOrigin = await service.call("POST", route, {
      token,
      body: { allowedOrigins: ["http://app.example.com"] },
    });
    expect((await expectProblem(plainOrigin, 400, "validation_failed")).errors!.map((e) => e.field)).toEqual([
      "allowedOrigins[0]",
    ]);
    expect((await call<unknown[]>("GET", `/api/v1/packages/${pkg.id}/audit-trail`)).body).toHaveLength(
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
    const links = await SigningLinks.open(service.storage, () => service.url);
    // What an older version let in, written as it wrote it.
    async function oldLink(pkgId: string, signerId: string, returnUrl: string) {
      const made = await call<{ url: string }>(
        "POST",
        `/api/v1/packages/${pkgId}/signers/${signerId}/signing-url`,
        {
          returnUrl: "https://example.com/ok",
        },
      );
      const link = (await service.storage.signingLinks.get(links.linkIdOf(tokenOf(made.body.url))!))!;
      const id = crypto.randomUUID();
      await service.storage.signingLinks.insert({ ...link, id, returnUrl });
      return tokenOf(links.urlFor(id));
    }

    const finishing = await sendPackage([{ email: "hal@contoso.com", name: "Hal" }]);
    const hal = await oldLink(finishing.pkg.id, finishing.signers[0]!.id, "https://example.com/a b");
    const opened = await sign("GET", hal);
    expect(opened.status).toBe(200);
    // Repaired as a browser would send it.
    expect(opened.body.returnUrl).toBe("https://example.com/a%20b");
    const field = opened.body.fields[0]!;
    expect((await sign("PUT", hal, `/fields/${field.id}`, { value: PNG_DATA_URL })).status).toBe(200);
    const finished = await sign("POST", hal, "/finish");
    expect(finished.status).toBe(200);
    expect(finished.body).toMatchObject({ state: "Completed", returnUrl: "https://example.com/a%20b" });

    const declining = await sendPackage([{ email: "ivy@contoso.com", name: "Ivy" }]);
    // Braces stay braces in a URL's query: no URI to repair it to, so the page has none.
    const ivy = await oldLink(declining.pkg.id, declining.signers[0]!.id, 'https://example.com/?q={"a"}');
    expect(await sign("GET", ivy)).toMatchObject({ status: 200, body: { state: "Ready", returnUrl: null } });
    const declined = await sign("POST", ivy, "/decline", { reason: "Not mine" });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ state: "Declined", returnUrl: null });
  });
});
