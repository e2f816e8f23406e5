// The log's censoring of credential headers (request-log.ts, withoutCredentials): what pino's redact
// paths `headers[…]` and `*.headers[…]` did, now done by copying only what holds a credential.
// test/service/log-secrets.test.ts checks the whole log of a running service at trace level.
import { withoutCredentials } from "../../src/service/request-log";

const CREDENTIALS = {
  authorization: "Bearer pat_secret",
  "proxy-authorization": "Basic c2VjcmV0",
  cookie: "sid=secret",
  "x-api-key": "pat_secret",
  "x-signing-grant": "grant_secret",
};

describe("withoutCredentials", () => {
  test("censors every credential header at the top of the object, leaving other headers", () => {
    const line = { headers: { ...CREDENTIALS, "content-type": "application/json" }, n: 1 };
    expect(withoutCredentials(line)).toEqual({
      headers: {
        authorization: "[redacted]",
        "proxy-authorization": "[redacted]",
        cookie: "[redacted]",
        "x-api-key": "[redacted]",
        "x-signing-grant": "[redacted]",
        "content-type": "application/json",
      },
      n: 1,
    });
    // The object logged is not changed: it may be in use (busboy's options, a request).
    expect(line.headers.authorization).toBe("Bearer pat_secret");
  });

  test("censors headers one level down (the multipart plugin's busboy options)", () => {
    const busboyOptions = {
      headers: { authorization: "Bearer pat_secret", "content-type": "multipart/form-data" },
    };
    const logged = withoutCredentials({ busboyOptions, other: { headers: { accept: "*/*" } } });
    expect(logged.busboyOptions.headers).toEqual({
      authorization: "[redacted]",
      "content-type": "multipart/form-data",
    });
    expect(busboyOptions.headers.authorization).toBe("Bearer pat_secret");
    expect(JSON.stringify(logged)).not.toContain("secret");
  });

  test("an error with headers stays an error, with its message and stack, censored", () => {
    const error = Object.assign(new Error("refused"), { headers: { cookie: "sid=secret" } });
    const logged = withoutCredentials({ err: error });
    expect(logged.err).toBeInstanceOf(Error);
    expect(logged.err.message).toBe("refused");
    expect(logged.err.stack).toBe(error.stack);
    expect(logged.err.headers).toEqual({ cookie: "[redacted]" });
    const top = withoutCredentials(error);
    expect(top).toBeInstanceOf(Error);
    expect(top.headers).toEqual({ cookie: "[redacted]" });
    expect(error.headers.cookie).toBe("sid=secret");
  });

  test("a line without credentials is passed on as it is, not copied (the request's access line)", () => {
    const request = { method: "GET", url: "/api/v1/me", headers: { authorization: "Bearer x" } };
    // `req` is written by its serializer, which logs no header (app.ts).
    const completed = { req: request, res: { statusCode: 200 }, responseTime: 1.5 };
    expect(withoutCredentials(completed)).toBe(completed);
    const plain = { headers: { accept: "*/*" }, nested: { headers: { "user-agent": "x" } } };
    expect(withoutCredentials(plain)).toBe(plain);
  });
});
