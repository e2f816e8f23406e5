// No credential or link token reaches the log, at any level (issue 27.3): the service runs at
// LOG_LEVEL=trace, every kind of secret is made and used (in paths, including percent-encoded and
// 404 spellings, in headers, in bodies, in a multipart upload), and the whole log is searched for
// each of them.
import http from "node:http";
import { PDFDocument } from "pdf-lib";
import { BACKENDS, startTestService, type TestService } from "./harness";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in tests.
type Json = Record<string, any>;
jest.setTimeout(120_000);

/** A request sent with its path exactly as given (fetch would resolve `./` and the like). */
function raw(
  service: TestService,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; body: string }> {
  const { port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Every way of writing a path that holds `token` after `prefix` that a client might send. */
function spellings(prefix: string, token: string): string[] {
  const [first, ...rest] = prefix.slice(1).split("/");
  const encodeFirstLetter = (segment: string) => `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;
  const lastSegment = rest.length ? rest[rest.length - 1]! : first!;
  const encodedPrefix = rest.length
    ? `/${[first, ...rest.slice(0, -1), encodeFirstLetter(lastSegment)].join("/")}`
    : `/${encodeFirstLetter(first!)}`;
  return [
    `${prefix}/${token}`,
    `${prefix}/${token}?download=1`,
    `${encodedPrefix}/${token}`, // still served: the router decodes the path
    `${prefix}/%${token.charCodeAt(0).toString(16)}${token.slice(1)}`,
    `/${prefix}/${token}`, // 404: an empty first segment
    `${prefix.replace(/\/([^/]+)$/, "/./$1")}/${token}`, // 404
    `${prefix}/../${prefix.split("/").pop()}/${token}`,
    `${prefix}/${token}/`,
    `${prefix}/${encodeURIComponent(token)}%2Fextra`,
    `/nowhere/${token}`,
  ];
}

describe.each(BACKENDS)("no secret in the log on %s", (backend) => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(backend, { LOG_LEVEL: "trace", SIGN_SCHEDULER_INTERVAL_MS: "0" });
  }, 120_000);
  afterAll(() => service?.close());

  test("every kind of token and credential, used every way, is nowhere in the trace-level log", async () => {
    const secrets = new Map<string, string>();
    const pat = await service.token("logs");
    secrets.set("personal access token", pat);
    const { clientId, clientSecret } = await service.client("logs");
    secrets.set("client secret", clientSecret);
    const call = async (method: string, route: string, body?: unknown, token = pat) => {
      const response = await service.call(method, route, { token, body });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
    };

    // OAuth: the secret in a form body, then in a Basic header; the access token as a bearer.
    const tokenResponse = await fetch(`${service.url}/connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
    });
    expect(tokenResponse.status).toBe(200);
    const accessToken = ((await tokenResponse.json()) as Json).access_token as string;
    secrets.set("access token", accessToken);
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
    secrets.set("basic credential", basic);
    await fetch(`${service.url}/connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}` },
      body: "grant_type=client_credentials",
    }).then((r) => r.arrayBuffer());
    expect((await call("GET", "/api/v1/me", undefined, accessToken)).status).toBe(200);
    // The PAT as an API key, and a cookie that a browser might send along.
    const cookie = `session-${"c".repeat(40)}`;
    secrets.set("cookie", cookie);
    await raw(service, "GET", "/api/v1/me", { "x-api-key": pat, cookie: `sid=${cookie}` });

    // A package with a multipart upload (its trace line once held the Authorization header), a
    // signer with an access code, sent.
    const pkg = (await call("POST", "/api/v1/packages", { name: "Logged" })).body;
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await doc.save())], { type: "application/pdf" }), "a.pdf");
    const uploaded = await fetch(`${service.url}/api/v1/packages/${pkg.id}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${pat}`, cookie: `sid=${cookie}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const document = (await uploaded.json()) as Json;
    const accessCode = `code-${"7".repeat(30)}`;
    secrets.set("access code", accessCode);
    const signer = (
      await call("POST", `/api/v1/packages/${pkg.id}/signers`, {
        email: "ada@contoso.com",
        name: "Ada",
        authMethod: "AccessCode",
        accessCode,
      })
    ).body;
    const field = { documentId: document.id, signerId: signer.id, type: "Signature", page: 1, x: 72, y: 600 };
    expect((await call("POST", `/api/v1/packages/${pkg.id}/annotations`, field)).status).toBe(201);
    expect((await call("POST", `/api/v1/packages/${pkg.id}/send`)).status).toBe(200);

    // Links: download, download-pdf, signing, share.
    const links: [string, string, string][] = [];
    for (const suffix of ["download", "download-pdf"]) {
      const made = await call("GET", `/api/v1/packages/${pkg.id}/documents/${document.id}/${suffix}`);
      const url = made.body.url as string;
      links.push([suffix, "/api/v1/downloads", url.slice(url.lastIndexOf("/") + 1)]);
    }
    const signing = await call("POST", `/api/v1/packages/${pkg.id}/signers/${signer.id}/signing-url`, {
      expiresInMinutes: 10,
    });
    expect(signing.status).toBe(200);
    const signingToken = (signing.body.url as string).slice(
      (signing.body.url as string).lastIndexOf("/") + 1,
    );
    links.push(["signing", "/api/v1/signing", signingToken], ["signing page", "/sign", signingToken]);
    const share = await call("POST", `/api/v1/packages/${pkg.id}/share-links`, { scope: "EvidencePack" });
    expect(share.status).toBe(201);
    const shareUrl = share.body.url as string;
    links.push(["share", "/api/v1/shared", shareUrl.slice(shareUrl.lastIndexOf("/") + 1)]);
    for (const [kind, , token] of links) secrets.set(`${kind} token`, token);

    // The access code and its grant.
    const granted = await raw(
      service,
      "POST",
      `/api/v1/signing/${signingToken}/access-code`,
      { "content-type": "application/json" },
      JSON.stringify({ accessCode }),
    );
    expect(granted.status).toBe(200);
    const grant = (JSON.parse(granted.body) as Json).grant as string;
    secrets.set("signing grant", grant);
    await raw(service, "GET", `/api/v1/signing/${signingToken}`, { "x-signing-grant": grant });

    // Every spelling of every link, with and without credentials, and CORS preflights.
    const answered: Record<string, number> = {};
    for (const [kind, prefix, token] of links) {
      for (const path of spellings(prefix, token)) {
        answered[`${kind} ${path.replace(token, "T")}`] = (await raw(service, "GET", path)).status;
        await raw(service, "HEAD", path, { authorization: `Bearer ${pat}` });
        await raw(service, "OPTIONS", path, {
          origin: "https://evil.example",
          "access-control-request-method": "GET",
        });
      }
    }
    // The percent-encoded spellings reach the link (they are what the log once showed in clear).
    expect(answered["download /api/v1/%64ownloads/T"]).toBe(200);
    expect(answered["signing /api/v1/%73igning/T"]).toBe(200);
    expect(answered["download //api/v1/downloads/T"]).toBe(404);

    const log = JSON.stringify(service.logs);
    // Trace lines were written (the level is really trace, the multipart line among them).
    expect(service.logs.some((l) => l.level === 10)).toBe(true);
    expect(log).toContain("request completed");
    // Each secret whole, and a middle part (a spelling that encodes its first or last letters).
    const found = [...secrets].filter(
      ([, secret]) => log.includes(secret) || log.includes(secret.slice(4, -4)),
    );
    const lines = (secret: string) =>
      service.logs
        .filter((l) => JSON.stringify(l).includes(secret.slice(4, -4)))
        .map((l) => JSON.stringify(l));
    expect(found.map(([kind, secret]) => ({ kind, lines: lines(secret).slice(0, 3) }))).toEqual([]);
    // The request lines still say which operation ran.
    expect(log).toContain("/api/v1/downloads/[token]");
    expect(log).toContain("/api/v1/signing/[token]");
    expect(log).toContain("/api/v1/shared/[token]");
    expect(log).toContain("/sign/[token]");
    expect(log).toContain(`/api/v1/packages/${pkg.id}/send`);
  });
});
