import http from "node:http";
import { answeredWithin } from "./answered-within";
import { BACKENDS, freshPlace, type Place } from "./harness";
import { runAdmin, spawnService } from "./processes";

const envOf = (place: Place): Record<string, string> => ({
  SIGN_DATA_DIR: place.dataDir,
  DATABASE_URL: place.databaseUrl ?? "",
});

const lastLine = (text: string) => text.trim().split("\n").at(-1)!.trim();

/** Polls `done` every 10 ms; throws (saying `state()`) once `timeoutMs` have passed without it. */
async function waitFor(done: () => boolean, timeoutMs: number, state: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms: ${state()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(BACKENDS)("processes on %s", (backend) => {
  let place: Place;
  beforeAll(async () => {
    place = await freshPlace(backend);
  });
  afterAll(() => place.dispose());

  test("admin creates, lists and revokes tokens and clients on the service's data", async () => {
    const env = envOf(place);
    const created = await runAdmin(["create-token", "--tenant", "adm", "--scope", "sign.package.read"], env);
    expect(created.code).toBe(0);
    const token = lastLine(created.stdout);
    expect(token).toMatch(/^sfo_pat_[\w-]{43}$/);

    const client = await runAdmin(["create-client", "--tenant", "adm"], env);
    expect(client.code).toBe(0);
    expect(lastLine(client.stdout)).toMatch(/^sfo_client_[0-9a-f]{24}:[\w-]{43}$/);

    const listed = await runAdmin(["list-tokens", "--tenant", "adm"], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(token);
    const [id] = listed.stdout.trim().split("\t");
    expect(listed.stdout).toContain("active");
    expect(listed.stdout).toContain("sign.package.read");

    // A verified credential is trusted for 1 s here, not the default 5: the revocation below is still
    // seen through the cache, sooner (credential-cache.test.ts holds the cache to its time).
    const service = await spawnService({ ...env, SIGN_AUTH_CACHE_SECONDS: "1" });
    try {
      const me = () => fetch(`${service.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
      expect((await me()).status).toBe(200);
      // admin works while the service runs, on the same data
      expect((await runAdmin(["revoke-token", "--id", id!], env)).code).toBe(0);
      // Within the credential cache's time, plus a margin for a loaded machine.
      expect((await answeredWithin(me, 401, 25_000)).status).toBe(401);
    } finally {
      service.child.kill("SIGTERM");
      await service.exited;
    }
    expect((await runAdmin(["revoke-token", "--id", id!], env)).code).toBe(2);
  }, 150_000); // six admin processes, one after another (each starts Node with tsx, slow on a busy machine), and the revocation polled within the credential cache time

  test("admin refuses unknown scopes and commands with a usage message", async () => {
    const env = envOf(place);
    const badScope = await runAdmin(["create-token", "--tenant", "adm", "--scope", "sign.everything"], env);
    expect(badScope.code).toBe(2);
    expect(badScope.stderr).toContain("unknown scope sign.everything");
    const badCommand = await runAdmin(["make-coffee"], env);
    expect(badCommand.code).toBe(2);
    expect(badCommand.stderr).toContain("Usage: npm run admin");
    const noTenant = await runAdmin(["create-token"], env);
    expect(noTenant.stderr).toContain("--tenant is required");
  });

  test("SIGTERM finishes the request in flight, ends its connection, then exits cleanly", async () => {
    const env = envOf(place);
    const token = lastLine((await runAdmin(["create-token", "--tenant", "term"], env)).stdout);
    const service = await spawnService(env);
    const url = new URL(`${service.url}/api/v1/tags/parse`);
    const body = JSON.stringify({ tag: "{{sig:1:req}}" });
    const answer = new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
      const req = http.request(url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": body.length,
        },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () =>
          resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }),
        );
      });
      req.on("error", reject);
      // Half the body now, the rest after SIGTERM: the request is in flight when the signal lands.
      req.write(body.slice(0, 5));
      setTimeout(() => {
        service.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(5)), 300);
      }, 200);
    });
    const result = await answer;
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ type: "Signature", signerIndex: 1 });
    // Node's agent keeps connections alive: the answer ends this one, so the stop need not wait
    // out the keep-alive timeout (5 s) before the process exits.
    expect(result.connection).toBe("close");
    expect(await service.exited).toEqual({ code: 0, signal: null });
    expect(service.output()).toContain("stopping: finishing requests in flight");
  }, 120_000); // an admin process and a service process, each starting Node with tsx

  test("acknowledged writes survive kill -9 of the service", async () => {
    const env = envOf(place);
    const client = lastLine((await runAdmin(["create-client", "--tenant", "crash"], env)).stdout);
    const [clientId, clientSecret] = client.split(":");
    const service = await spawnService(env);
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async () => {
      while (!stop) {
        try {
          const response = await fetch(`${service.url}/connect/token`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              grant_type: "client_credentials",
              client_id: clientId!,
              client_secret: clientSecret!,
            }),
          });
          if (response.status === 200)
            acknowledged.push(((await response.json()) as { access_token: string }).access_token);
        } catch {
          return; // the process is gone
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    try {
      // Bounded: should the writers all fail, a bare wait would poll for ever, past the test's
      // timeout and the file's end, and keep the Jest worker alive.
      await waitFor(
        () => acknowledged.length >= 60,
        60_000,
        () => `${acknowledged.length} writes acknowledged`,
      );
    } finally {
      service.child.kill("SIGKILL");
      stop = true;
      await Promise.all(writers);
    }
    expect(await service.exited).toEqual({ code: null, signal: "SIGKILL" });

    const restarted = await spawnService(env);
    try {
      const refused: string[] = [];
      for (const token of acknowledged) {
        const response = await fetch(`${restarted.url}/api/v1/me`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (response.status !== 200) refused.push(token.slice(0, 12));
      }
      expect(refused).toEqual([]);
    } finally {
      restarted.child.kill("SIGTERM");
      await restarted.exited;
    }
  }, 180_000); // an admin process and two service starts, on a busy machine
});
