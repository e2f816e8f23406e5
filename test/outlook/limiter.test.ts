/**
 * @jest-environment ./test/leak-guard/node-environment.js
 */
import { createAsyncLimiter } from "../../src/outlook/limiter";

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets queued promise callbacks run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("createAsyncLimiter", () => {
  it("runs at most 3 at once: a 4th call waits until one of the 3 finishes", async () => {
    const limiter = createAsyncLimiter(3);
    const gates = [deferred<string>(), deferred<string>(), deferred<string>(), deferred<string>()];
    const started: number[] = [];
    const results = gates.map((gate, i) =>
      limiter.run(() => {
        started.push(i);
        return gate.promise;
      }),
    );
    await flush();
    expect(started).toEqual([0, 1, 2]);
    expect(limiter.active).toBe(3);
    expect(limiter.pending).toBe(1);

    gates[1]!.resolve("one");
    await expect(results[1]).resolves.toBe("one");
    await flush();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(limiter.active).toBe(3);
    expect(limiter.pending).toBe(0);

    gates[0]!.resolve("zero");
    gates[2]!.resolve("two");
    gates[3]!.resolve("three");
    await expect(Promise.all(results)).resolves.toEqual(["zero", "one", "two", "three"]);
    expect(limiter.active).toBe(0);
  });

  it("releases the slot of a failed task, and passes the failure on", async () => {
    const limiter = createAsyncLimiter(3);
    const gates = [deferred<void>(), deferred<void>(), deferred<void>()];
    const fourth = jest.fn(async () => "fourth");
    const failing = limiter.run(() => gates[0]!.promise);
    void limiter.run(() => gates[1]!.promise);
    void limiter.run(() => gates[2]!.promise);
    const waiting = limiter.run(fourth);
    await flush();
    expect(fourth).not.toHaveBeenCalled();

    const boom = new Error("boom");
    gates[0]!.reject(boom);
    await expect(failing).rejects.toBe(boom);
    await expect(waiting).resolves.toBe("fourth");
    expect(fourth).toHaveBeenCalledTimes(1);
    gates[1]!.resolve();
    gates[2]!.resolve();
  });

  it("releases the slot of a task that throws synchronously", async () => {
    const limiter = createAsyncLimiter(1);
    const thrown = limiter.run(() => {
      throw new Error("sync");
    });
    await expect(thrown).rejects.toThrow("sync");
    await expect(limiter.run(() => 42)).resolves.toBe(42);
    expect(limiter.active).toBe(0);
  });

  it("starts waiting tasks in the order they were queued", async () => {
    const limiter = createAsyncLimiter(1);
    const order: string[] = [];
    await Promise.all(
      ["a", "b", "c", "d"].map((name) =>
        limiter.run(async () => {
          order.push(`start ${name}`);
          await flush();
          order.push(`end ${name}`);
        }),
      ),
    );
    expect(order).toEqual(["start a", "end a", "start b", "end b", "start c", "end c", "start d", "end d"]);
  });

  it("never exceeds the limit under load, and uses it fully", async () => {
    const limiter = createAsyncLimiter(3);
    let inFlight = 0;
    let peak = 0;
    const tasks = Array.from({ length: 40 }, (_, i) =>
      limiter.run(async () => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        for (let k = 0; k < (i * 7) % 5; k += 1) await flush();
        inFlight -= 1;
        if (i % 6 === 0) throw new Error(`task ${i}`);
        return i;
      }),
    );
    const settled = await Promise.allSettled(tasks);
    expect(peak).toBe(3);
    expect(settled.filter((s) => s.status === "rejected")).toHaveLength(7);
    expect(limiter.active).toBe(0);
    expect(limiter.pending).toBe(0);
  });

  it("rejects a limit that is not a positive integer", () => {
    expect(() => createAsyncLimiter(0)).toThrow(RangeError);
    expect(() => createAsyncLimiter(2.5)).toThrow(RangeError);
    expect(createAsyncLimiter(3).max).toBe(3);
  });
});
