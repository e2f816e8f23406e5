/**
 * The add-in's telemetry queue and privacy filter, with a hand-driven clock and a recording transport.
 */
import type { TelemetryBatch, TelemetryClientInfo } from "../../src/telemetry/catalogue";
import {
  createTelemetryClient,
  type SendOutcome,
  type TelemetryClientOptions,
  type Timers,
} from "../../src/telemetry/client";
import { errorCodeOf } from "../../src/telemetry/codes";
import { filterEvent } from "../../src/telemetry/privacy";
import { createFetchTransport, installId, retryAfterMs } from "../../src/telemetry/transport";

const CLIENT: TelemetryClientInfo = {
  installId: "6f1c2f8e-3a4b-4c5d-9e8f-0a1b2c3d4e5f",
  host: "OutlookWebApp",
  platform: "OfficeOnline",
  hostVersion: "unknown",
  addinVersion: "1.0.0.0",
};

/** A clock and timers that move only when the test says so. */
function manualTime() {
  let now = 1_700_000_000_000;
  const pending: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      const id = next++;
      pending.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      const i = pending.findIndex((p) => p.id === id);
      if (i >= 0) pending.splice(i, 1);
    },
  };
  return {
    timers,
    now: () => now,
    pendingDelays: () => pending.map((p) => p.at - now),
    /** Moves the clock, running every timer that falls due (and letting their promises settle). */
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        pending.sort((a, b) => a.at - b.at);
        const due = pending[0];
        if (!due || due.at > until) break;
        pending.shift();
        now = due.at;
        due.fn();
        await settle();
      }
      now = until;
      await settle();
    },
  };
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** A transport that answers from a script (default: accepted) and records each batch. */
function recordingTransport(script: SendOutcome[] = []) {
  const batches: { batch: TelemetryBatch; keepalive: boolean }[] = [];
  return {
    batches,
    transport: {
      send: async (batch: TelemetryBatch, { keepalive }: { keepalive: boolean }) => {
        batches.push({ batch, keepalive });
        return script.shift() ?? { kind: "accepted" as const, telemetryEnabled: true };
      },
    },
  };
}

function setup(options: Partial<TelemetryClientOptions> = {}, script: SendOutcome[] = []) {
  const time = manualTime();
  const rec = recordingTransport(script);
  const client = createTelemetryClient({
    transport: rec.transport,
    client: CLIENT,
    timers: time.timers,
    now: time.now,
    random: () => 1,
    ...options,
  });
  return { time, rec, client };
}

const view = (v: string) => ({ view: v });

describe("the telemetry queue", () => {
  test("sends queued events together after the flush interval, with the client info", async () => {
    const { time, rec, client } = setup({ flushIntervalMs: 5000 });
    client.track("view_shown", view("tags"));
    client.track("action_started", { action: "tags.copy" });
    await time.advance(4999);
    expect(rec.batches).toHaveLength(0);
    await time.advance(1);
    expect(rec.batches).toHaveLength(1);
    expect(rec.batches[0]!.batch.client).toEqual(CLIENT);
    expect(rec.batches[0]!.batch.events.map((e) => [e.name, e.props])).toEqual([
      ["view_shown", { view: "tags" }],
      ["action_started", { action: "tags.copy" }],
    ]);
    expect(rec.batches[0]!.batch.events[0]!.at).toBe(new Date(time.now() - 5000).toISOString());
    expect(client.stats()).toMatchObject({ sent: 2, failures: 0 });
  });

  test("sends at once when a batch is full, in batches of batchSize", async () => {
    const { time, rec, client } = setup({ batchSize: 3 });
    for (let i = 0; i < 7; i++) client.track("view_shown", view("tags"));
    await settle();
    expect(rec.batches.map((b) => b.batch.events.length)).toEqual([3, 3]);
    await time.advance(5000);
    expect(rec.batches.map((b) => b.batch.events.length)).toEqual([3, 3, 1]);
  });

  test("a full queue drops its oldest events first", async () => {
    const { time, rec, client } = setup({ maxQueue: 3, batchSize: 10 });
    for (const v of ["send", "groups", "tags", "status", "settings"]) client.track("view_shown", view(v));
    await time.advance(5000);
    expect(rec.batches[0]!.batch.events.map((e) => e.props.view)).toEqual(["tags", "status", "settings"]);
    expect(client.stats().droppedOverflow).toBe(2);
  });

  test("a failed batch is retried with exponential backoff, then sent first", async () => {
    const { time, rec, client } = setup({ retryBaseMs: 1000, retryMaxMs: 4000, flushIntervalMs: 100 }, [
      { kind: "retry" },
      { kind: "retry" },
      { kind: "retry" },
      { kind: "retry" },
    ]);
    client.track("view_shown", view("tags"));
    await time.advance(100); // first attempt fails
    expect(time.pendingDelays()).toEqual([1000]);
    client.track("view_shown", view("status")); // queued behind the failed one, no earlier send
    await time.advance(999);
    expect(rec.batches).toHaveLength(1);
    await time.advance(1); // second attempt fails
    expect(time.pendingDelays()).toEqual([2000]);
    await time.advance(2000); // third
    expect(time.pendingDelays()).toEqual([4000]);
    await time.advance(4000); // fourth: the delay stays at the maximum
    expect(time.pendingDelays()).toEqual([4000]);
    await time.advance(4000); // fifth: accepted
    expect(rec.batches).toHaveLength(5);
    expect(rec.batches[4]!.batch.events.map((e) => e.props.view)).toEqual(["tags", "status"]);
    expect(client.stats()).toMatchObject({ sent: 2, failures: 4 });
    // Back to normal: the next event goes out after the interval.
    client.track("view_shown", view("send"));
    await time.advance(100);
    expect(rec.batches).toHaveLength(6);
  });

  test("the backoff has jitter in the upper half of the delay", async () => {
    const { time, client } = setup({ retryBaseMs: 1000, random: () => 0, flushIntervalMs: 1 }, [
      { kind: "retry" },
    ]);
    client.track("view_shown", view("tags"));
    await time.advance(1);
    expect(time.pendingDelays()).toEqual([500]);
  });

  test("the service's Retry-After is waited instead of the backoff", async () => {
    const { time, rec, client } = setup({ flushIntervalMs: 1 }, [{ kind: "retry", retryAfterMs: 30_000 }]);
    client.track("view_shown", view("tags"));
    await time.advance(1);
    expect(time.pendingDelays()).toEqual([30_000]);
    await time.advance(30_000);
    expect(rec.batches).toHaveLength(2);
  });

  test("a batch the service refuses is dropped, not retried", async () => {
    const { time, rec, client } = setup({ flushIntervalMs: 1 }, [{ kind: "rejected" }]);
    client.track("view_shown", view("tags"));
    await time.advance(1);
    await time.advance(60_000);
    expect(rec.batches).toHaveLength(1);
    expect(client.stats().droppedInvalid).toBe(1);
  });

  test("without a sign-in the events wait, without backoff, until one comes", async () => {
    const { time, rec, client } = setup({ flushIntervalMs: 1000 }, [
      { kind: "unauthenticated" },
      { kind: "unauthenticated" },
    ]);
    client.track("view_shown", view("tags"));
    await time.advance(1000);
    await time.advance(1000);
    expect(time.pendingDelays()).toEqual([1000]);
    await time.advance(1000);
    expect(rec.batches).toHaveLength(3);
    expect(client.stats()).toMatchObject({ sent: 1, failures: 0 });
  });

  test("a tenant with telemetry off stops the client and empties its queue", async () => {
    const { time, rec, client } = setup({ flushIntervalMs: 1, batchSize: 1 }, [
      { kind: "accepted", telemetryEnabled: false },
    ]);
    client.track("view_shown", view("tags"));
    client.track("view_shown", view("send"));
    await time.advance(10);
    expect(client.tenantEnabled).toBe(false);
    client.track("view_shown", view("status"));
    await time.advance(60_000);
    expect(rec.batches).toHaveLength(1);
  });

  test("the user's switch turns it off and drops what is queued", async () => {
    const { time, rec, client } = setup();
    client.track("view_shown", view("tags"));
    client.setUserEnabled(false);
    client.track("view_shown", view("send"));
    await time.advance(60_000);
    expect(rec.batches).toHaveLength(0);
    client.setUserEnabled(true);
    client.track("view_shown", view("status"));
    await time.advance(5000);
    expect(rec.batches.map((b) => b.batch.events.map((e) => e.props.view))).toEqual([["status"]]);
  });

  test("on hide everything goes out at once with keepalive, even during a backoff", async () => {
    const { time, rec, client } = setup({ batchSize: 2, flushIntervalMs: 1 }, [{ kind: "retry" }]);
    client.track("view_shown", view("tags"));
    await time.advance(1); // fails: backoff
    for (const v of ["send", "status", "settings"]) client.track("view_shown", view(v));
    client.flushOnHide();
    await settle();
    expect(rec.batches.slice(1).map((b) => [b.keepalive, b.batch.events.map((e) => e.props.view)])).toEqual([
      [true, ["tags", "send"]],
      [true, ["status", "settings"]],
    ]);
  });
});

describe("the privacy filter", () => {
  test("keeps only the catalogue's properties", () => {
    expect(
      filterEvent("action_failed", {
        action: "groups.create",
        durationMs: 12.4,
        errorCode: "duplicate_member",
        status: 409,
        email: "megan.bowen@contoso.com",
        groupName: "Fabrikam Legal",
      }),
    ).toEqual({ action: "groups.create", durationMs: 12, errorCode: "duplicate_member", status: 409 });
  });

  test.each([
    ["an unknown event", "message_opened", { view: "tags" }],
    ["an unknown view", "view_shown", { view: "Master services agreement and NDA" }],
    ["an unknown action", "action_started", { action: "megan.bowen@contoso.com" }],
    ["free text as a code", "unexpected_error", { source: "window_error", errorCode: "Adele Vance said no" }],
    ["a duration as text", "action_succeeded", { action: "tags.copy", durationMs: "mutual-nda.pdf" }],
    ["a missing property", "pane_opened", { view: "tags", mode: "read" }],
  ])("drops %s", (_what, name, props) => {
    expect(filterEvent(name, props)).toBeNull();
  });

  test("clamps durations into range and drops a bad optional property only", () => {
    expect(filterEvent("action_succeeded", { action: "tags.copy", durationMs: -5 })).toEqual({
      action: "tags.copy",
      durationMs: 0,
    });
    expect(
      filterEvent("action_failed", {
        action: "tags.copy",
        durationMs: 1,
        errorCode: "timeout",
        status: "Megan",
      }),
    ).toEqual({ action: "tags.copy", durationMs: 1, errorCode: "timeout" });
  });

  test("the queue never holds what the filter drops", async () => {
    const { time, rec, client } = setup();
    client.track("view_shown", view("Megan Bowen"));
    client.track("view_shown", { view: "tags", subject: "NDA for signature" });
    await time.advance(5000);
    expect(rec.batches[0]!.batch.events).toEqual([expect.objectContaining({ props: { view: "tags" } })]);
    expect(client.stats().droppedInvalid).toBe(1);
  });

  test("an error becomes a code, never its message", () => {
    expect(errorCodeOf({ code: "validation_failed", message: "megan.bowen@contoso.com is taken" })).toBe(
      "validation_failed",
    );
    expect(errorCodeOf(new TypeError("Cannot read 'Adele Vance'"))).toBe("type_error");
    expect(errorCodeOf(Object.assign(new Error("x"), { name: "ChunkLoadError" }))).toBe("chunk_load_error");
    expect(errorCodeOf({ code: "Megan Bowen" })).toBe("other");
    expect(errorCodeOf("a string")).toBe("other");
    // Code-shaped data is no code: only the closed list passes (issue 13).
    expect(errorCodeOf({ code: "john_smith_at_contoso_dot_com" })).toBe("other");
    expect(errorCodeOf(Object.assign(new Error("x"), { name: "AdeleVanceError" }))).toBe("other");
    expect(
      filterEvent("unexpected_error", { source: "render", errorCode: "john_smith_at_contoso_dot_com" }),
    ).toBeNull();
  });
});

describe("the fetch transport", () => {
  const batch: TelemetryBatch = { client: CLIENT, events: [] };
  const answer = (status: number, body = "", headers: Record<string, string> = {}) =>
    jest.fn(async () => ({
      status,
      headers: { get: (n: string) => headers[n.toLowerCase()] ?? null },
      text: async () => body,
    }));

  test("posts the batch with the credential and reads the tenant's switch", async () => {
    const fetch = answer(202, JSON.stringify({ accepted: 0, telemetryEnabled: false }));
    const transport = createFetchTransport({
      serviceUrl: () => "https://sign.example.com/",
      token: async () => "sfo_pat_x",
      fetch,
    });
    expect(await transport.send(batch, { keepalive: true })).toEqual({
      kind: "accepted",
      telemetryEnabled: false,
    });
    expect(fetch).toHaveBeenCalledWith(
      "https://sign.example.com/api/v1/telemetry/outlook",
      expect.objectContaining({
        method: "POST",
        keepalive: true,
        headers: { "Content-Type": "application/json", Authorization: "Bearer sfo_pat_x" },
        body: JSON.stringify(batch),
      }),
    );
  });

  test.each([
    [429, { "retry-after": "7" }, { kind: "retry", retryAfterMs: 7000 }],
    [503, {}, { kind: "retry" }],
    [401, {}, { kind: "unauthenticated" }],
    [400, {}, { kind: "rejected" }],
    [413, {}, { kind: "rejected" }],
  ])("answers HTTP %i as the outcome it means", async (status, headers, outcome) => {
    const transport = createFetchTransport({
      serviceUrl: () => "http://s",
      token: async () => "t",
      fetch: answer(status, "", headers),
    });
    expect(await transport.send(batch, { keepalive: false })).toEqual(outcome);
  });

  test("no credential sends nothing; a network failure is retried", async () => {
    const fetch = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(
      await createFetchTransport({ serviceUrl: () => "http://s", token: async () => null, fetch }).send(
        batch,
        {
          keepalive: false,
        },
      ),
    ).toEqual({ kind: "unauthenticated" });
    expect(fetch).not.toHaveBeenCalled();
    expect(
      await createFetchTransport({ serviceUrl: () => "http://s", token: async () => "t", fetch }).send(
        batch,
        {
          keepalive: false,
        },
      ),
    ).toEqual({ kind: "retry" });
  });

  test("without keepalive fetch, a hidden pane's batch goes by sendBeacon with the last beacon key", async () => {
    const fetch = answer(202, JSON.stringify({ accepted: 1, telemetryEnabled: true, beaconKey: "key-1" }));
    const beacons: { url: string; data: Blob }[] = [];
    const make = (keepaliveSupported: boolean) =>
      createFetchTransport({
        serviceUrl: () => "https://sign.example.com",
        token: async () => "t",
        fetch,
        keepaliveSupported,
        sendBeacon: (url, data) => beacons.push({ url, data }) > 0,
      });
    const transport = make(false);
    // No key yet: fetch it is, keepalive or not.
    await transport.send(batch, { keepalive: true });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(beacons).toHaveLength(0);
    // The 202 brought a key: the next hidden-pane batch is a beacon, and fetch is not used.
    expect(await transport.send(batch, { keepalive: true })).toEqual({
      kind: "accepted",
      telemetryEnabled: true,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe("https://sign.example.com/api/v1/telemetry/outlook/beacon");
    expect(beacons[0]!.data.type).toBe("text/plain");
    expect(JSON.parse(await beacons[0]!.data.text())).toEqual({ beaconKey: "key-1", ...batch });
    // A visible pane's batches are never beacons.
    await transport.send(batch, { keepalive: false });
    expect(fetch).toHaveBeenCalledTimes(2);

    // Where keepalive works, it is used instead.
    const modern = make(true);
    await modern.send(batch, { keepalive: false });
    await modern.send(batch, { keepalive: true });
    expect(fetch).toHaveBeenLastCalledWith(expect.any(String), expect.objectContaining({ keepalive: true }));
    expect(beacons).toHaveLength(1);
  });

  test("Retry-After as seconds or a date", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs("soon")).toBeUndefined();
  });

  test("the install id is a random UUID, made once and kept", () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    const first = installId(storage);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(installId(storage)).toBe(first);
    expect(installId(null)).not.toBe(first);
  });
});
