// The leak guard shared by the node and jsdom test environments of this folder (docs/testing.md).
//
// Jest ends a worker by asking it to exit and force-kills it 500 ms later if its event loop is still
// busy ("A worker process has failed to exit gracefully"); which file left it busy is then unknown.
// So each file is checked on its own when its environment is torn down, after its afterAll hooks:
// - handles (servers, sockets, child processes, watchers): the ref'ed ones Node reports through
//   process.getActiveResourcesInfo(), counted by name, against the counts when the file started.
//   Names only, so counts: Jest's own handles are there at both ends.
// - timers: counting does not work for them (Jest starts and clears timers of its own while a file
//   runs), so the file's own setTimeout and setInterval are watched instead, each timer by itself.
// Anything still open after a short grace period fails the file.
const { createHook } = require("node:async_hooks");
const path = require("node:path");
const { setTimeout } = require("node:timers");

const ROOT = path.resolve(__dirname, "../..");
const SELF = require.resolve("./guard");

/** The handles counted, by their name in process.getActiveResourcesInfo() and in async_hooks. */
const HANDLE_KIND = {
  TCPServerWrap: "server",
  PipeServerWrap: "server",
  TCPSocketWrap: "socket",
  TCPWrap: "socket",
  PipeWrap: "socket",
  TLSWrap: "socket",
  UDPWrap: "socket",
  TCPConnectWrap: "socket",
  PipeConnectWrap: "socket",
  ProcessWrap: "child process",
  FSEventWrap: "file watcher",
  StatWatcher: "file watcher",
  SignalWrap: "signal listener",
};
const HOOK_KIND = {
  TCPSERVERWRAP: "server",
  PIPESERVERWRAP: "server",
  TCPWRAP: "socket",
  PIPEWRAP: "socket",
  TLSWRAP: "socket",
  UDPWRAP: "socket",
  TCPCONNECTWRAP: "socket",
  PIPECONNECTWRAP: "socket",
  PROCESSWRAP: "child process",
  FSEVENTWRAP: "file watcher",
  STATWATCHER: "file watcher",
  SIGNALWRAP: "signal listener",
};

/**
 * How long leftovers may take to go after the file's last afterAll: a socket closes a tick after
 * its server, a killed child is reaped once its exit is read, a short timer fires. The wait is
 * spent only when something is still open.
 */
const GRACE_MS = Number(process.env.LEAK_GUARD_GRACE_MS ?? 2000);

function handleCounts() {
  const counts = new Map();
  for (const name of process.getActiveResourcesInfo()) {
    if (name in HANDLE_KIND) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

/** Handle names with more open now than at the start: [{ name, kind, count }]. */
function extraHandles(baseline) {
  const extra = [];
  for (const [name, count] of handleCounts()) {
    const more = count - (baseline.get(name) ?? 0);
    if (more > 0) extra.push({ name, kind: HANDLE_KIND[name], count: more });
  }
  return extra;
}

/** A Node timer still pending and holding the loop (`_destroyed` is set when it fires or is cleared). */
const pending = (timer) =>
  timer !== null &&
  typeof timer === "object" &&
  timer._destroyed !== true &&
  typeof timer.hasRef === "function" &&
  timer.hasRef();

/**
 * Wraps the test context's setTimeout and setInterval to keep each timer the file's code (and the
 * libraries it loads, which run in the same context) starts. With `stacks`, also where.
 */
function watchTimers(global, stacks) {
  const timers = new Set();
  const created = new WeakMap();
  const wrap = (original) => {
    const wrapped = function (...args) {
      const timer = original.apply(this, args);
      if (timers.size >= 1000) for (const t of timers) if (!pending(t)) timers.delete(t);
      timers.add(timer);
      if (stacks) {
        const holder = {};
        Error.captureStackTrace(holder, wrapped);
        created.set(timer, holder);
      }
      return timer;
    };
    // util.promisify(setTimeout) and friends read properties of the function.
    for (const key of Reflect.ownKeys(original)) {
      if (!(key in wrapped))
        Object.defineProperty(wrapped, key, Object.getOwnPropertyDescriptor(original, key));
    }
    return wrapped;
  };
  for (const name of ["setTimeout", "setInterval"]) {
    if (typeof global[name] === "function") global[name] = wrap(global[name]);
  }
  return {
    pending: () => [...timers].filter(pending),
    where: (timer) => (created.has(timer) ? whereFrom(created.get(timer).stack) : null),
  };
}

/** The frames of a stack outside Node, node_modules and this file, relative to the repository. */
function whereFrom(stack) {
  return String(stack)
    .split("\n")
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => line.startsWith("at ") && !line.includes("node:") && !line.includes("/node_modules/"))
    .filter((line) => !line.includes(SELF) && line !== "at new Promise (<anonymous>)")
    .map((line) => line.split(`${ROOT}${path.sep}`).join(""))
    .slice(0, 8);
}

/**
 * Records where each handle is created while the file runs (LEAK_GUARD_TRACE=1; async_hooks costs
 * time on every asynchronous step). A handle made inside Node after a tick or a DNS lookup (a
 * server's listen) has no frame of ours: its creator's creator is asked, up the trigger chain.
 */
function traceHandles() {
  const records = new Map();
  const hook = createHook({
    init(asyncId, type, triggerAsyncId, resource) {
      const holder = {};
      Error.captureStackTrace(holder);
      records.set(asyncId, {
        type,
        holder,
        parent: records.get(triggerAsyncId) ?? null,
        resource: type in HOOK_KIND ? new WeakRef(resource) : null,
      });
    },
    destroy(asyncId) {
      records.delete(asyncId);
    },
  });
  hook.enable();
  const where = (record) => {
    for (let r = record, depth = 0; r && depth < 50; r = r.parent, depth++) {
      const frames = whereFrom(r.holder.stack);
      if (frames.length > 0) return frames;
    }
    return [];
  };
  return {
    stop: () => hook.disable(),
    /** The traced handles still open and holding the loop: [{ kind, type, where }]. */
    open() {
      const open = [];
      for (const record of records.values()) {
        const handle = record.resource?.deref();
        if (!handle || typeof handle.hasRef !== "function" || !handle.hasRef()) continue;
        open.push({ kind: HOOK_KIND[record.type], type: record.type, where: where(record) });
      }
      return open;
    },
  };
}

const plural = (count, kind) =>
  count === 1 ? `1 ${kind}` : `${count} ${kind === "child process" ? "child processes" : `${kind}s`}`;

/**
 * One per test file: start() when the environment is set up (with the context's global when its
 * timers are Node's), check() once the file's tests and afterAll hooks have run; check answers an
 * error naming what leaked (null if nothing did) for the environment to report as the file's.
 */
function createLeakGuard(testPath) {
  const enabled = process.env.LEAK_GUARD !== "off";
  const tracing = enabled && process.env.LEAK_GUARD_TRACE === "1";
  let baseline = new Map();
  let timers = null;
  let trace = null;
  return {
    start(global) {
      filesRun.push(testPath);
      if (!enabled) return;
      // process.stdout and stderr make their pipe handle on first use. In a fresh worker that use
      // can fall inside the file (Jest's console, a library's warning), and CI then saw a PipeWrap
      // "left open" by a clean file: make them before counting.
      void process.stdout;
      void process.stderr;
      baseline = handleCounts();
      if (global) timers = watchTimers(global, tracing);
      if (tracing) trace = traceHandles();
    },
    async check() {
      if (!enabled) return null;
      const deadline = Date.now() + GRACE_MS;
      const openHandles = () => {
        const workers = heldWorkers(testPath).length;
        return [
          ...extraHandles(baseline),
          ...(workers > 0 ? [{ name: "Worker", kind: "worker thread", count: workers }] : []),
        ];
      };
      let handles = openHandles();
      const openTimers = () => [
        ...(timers ? timers.pending() : []),
        ...pendingModuleTimers(testPath).map(([timer]) => timer),
      ];
      let open = openTimers();
      while ((handles.length > 0 || open.length > 0) && Date.now() < deadline) {
        // Unref'ed: the guard's own wait neither counts as a leak nor keeps the loop alive.
        await new Promise((resolve) => setTimeout(resolve, 25).unref());
        handles = openHandles();
        open = openTimers();
      }
      const traced = trace ? trace.open() : [];
      trace?.stop();
      trace = null;
      if (handles.length === 0 && open.length === 0) return null;

      const kinds = new Map();
      for (const { kind, count } of handles) kinds.set(kind, (kinds.get(kind) ?? 0) + count);
      if (open.length > 0) kinds.set("timer", open.length);
      const summary = [...kinds].map(([kind, count]) => plural(count, kind)).join(", ");
      const what = [
        ...handles.map((h) => `${h.name} ×${h.count} (${h.kind})`),
        ...(open.length > 0 ? [`Timeout ×${open.length} (timer)`] : []),
      ];
      const lines = [
        `Leak guard: ${path.relative(ROOT, testPath)} left ${summary} open after its tests and afterAll hooks ` +
          `(waited ${GRACE_MS} ms).`,
        `  Open beyond what was open before the file: ${what.join(", ")}.`,
        '  They keep the Jest worker alive ("A worker process has failed to exit gracefully"): close every',
        "  server, socket, child process, worker thread and timer the file opens, in its afterAll at the latest (docs/testing.md).",
      ];
      if (tracing) {
        const shown = [
          ...traced.filter((t) => kinds.has(t.kind)),
          ...open.map((timer) => ({
            kind: "timer",
            type: "Timeout",
            where:
              timers?.where(timer) ??
              (moduleTimers.has(timer) ? whereFrom(moduleTimers.get(timer).holder.stack) : []),
          })),
        ];
        if (shown.length === 0)
          lines.push("  LEAK_GUARD_TRACE: none of them was created while this file ran.");
        for (const t of shown) {
          lines.push(`  ${t.kind} (${t.type}) created`);
          for (const frame of t.where.length > 0 ? t.where : ["(no frame outside Node and node_modules)"]) {
            lines.push(`      ${frame}`);
          }
        }
      } else {
        lines.push("  LEAK_GUARD_TRACE=1 shows where each was created; LEAK_GUARD=off turns the guard off.");
      }
      const error = new Error(lines.join("\n"));
      // The guard's own frames say nothing about the leak (and Jest prints the message once without a stack).
      error.stack = "";
      return error;
    },
  };
}

/** The files this worker process ran, newest last (for the exit report). */
const filesRun = [];

/**
 * Timers started through the `node:timers` module (the service's scheduler imports it, as does
 * some of node_modules): the module is the worker's own, shared by every file, so the per-file
 * wrapping of the context's setTimeout does not see them. Each is kept with the file that started
 * it and where, for the per-file check and the exit report.
 */
const moduleTimers = new Map();
function watchModuleTimers() {
  const timers = require("node:timers");
  for (const name of ["setTimeout", "setInterval"]) {
    const original = timers[name];
    const wrapped = function (...args) {
      const timer = original.apply(this, args);
      if (moduleTimers.size >= 1000)
        for (const t of moduleTimers.keys()) if (!pending(t)) moduleTimers.delete(t);
      const holder = {};
      Error.captureStackTrace(holder, wrapped);
      moduleTimers.set(timer, { file: filesRun.at(-1) ?? null, holder });
      return timer;
    };
    for (const key of Reflect.ownKeys(original)) {
      if (!(key in wrapped))
        Object.defineProperty(wrapped, key, Object.getOwnPropertyDescriptor(original, key));
    }
    timers[name] = wrapped;
  }
}
/**
 * Worker threads: Node lists none among its active resources, yet a ref'ed one keeps the process
 * alive. The module's Worker class is replaced by a subclass that keeps each worker, with the file
 * running when it started, until it exits, and whether it is ref'ed.
 */
const liveWorkers = new Map();
function watchWorkerThreads() {
  const threads = require("node:worker_threads");
  const Original = threads.Worker;
  class WatchedWorker extends Original {
    constructor(...args) {
      super(...args);
      const holder = {};
      Error.captureStackTrace(holder, WatchedWorker);
      const info = { file: filesRun.at(-1) ?? null, holder, ref: true };
      liveWorkers.set(this, info);
      this.once("exit", () => liveWorkers.delete(this));
    }
    ref() {
      const info = liveWorkers.get(this);
      if (info) info.ref = true;
      return super.ref();
    }
    unref() {
      const info = liveWorkers.get(this);
      if (info) info.ref = false;
      return super.unref();
    }
  }
  threads.Worker = WatchedWorker;
}

/** The ref'ed worker threads a file (or any file) started that are still running. */
const heldWorkers = (file) =>
  [...liveWorkers].filter(([, info]) => info.ref && (file === undefined || info.file === file));

if (process.env.LEAK_GUARD !== "off") {
  watchModuleTimers();
  watchWorkerThreads();
}

/** The module timers a file started that are still pending and holding the loop. */
const pendingModuleTimers = (file) =>
  [...moduleTimers].filter(([timer, info]) => (file === undefined || info.file === file) && pending(timer));

/** A line saying what a handle from process._getActiveHandles() is. */
function describeHandle(handle) {
  const name = handle?.constructor?.name ?? typeof handle;
  try {
    if (name === "Socket" || name === "TLSSocket") {
      if (handle.remotePort)
        return `${name} ${handle.localAddress}:${handle.localPort} -> ${handle.remoteAddress}:${handle.remotePort}`;
      return `${name} (fd ${handle._handle?.fd ?? "?"}${handle === process.stdout ? ", stdout" : handle === process.stderr ? ", stderr" : ""})`;
    }
    if (name === "Server") return `Server listening on ${JSON.stringify(handle.address())}`;
    if (name === "ChildProcess")
      return `ChildProcess ${handle.pid}: ${handle.spawnargs.join(" ").slice(0, 200)}`;
    if (name === "Timeout")
      return `Timeout ${handle._idleTimeout} ms${handle._repeat ? " repeating" : ""}: ${String(handle._onTimeout).replace(/\s+/g, " ").slice(0, 200)}`;
  } catch {
    // a half-closed handle may throw on address(): its name is enough
  }
  return name;
}

/**
 * When Jest ends this worker process it waits 500 ms for the process to exit by itself, then kills
 * it ("A worker process has failed to exit gracefully") without saying what kept it: the per-file
 * check above misses what is created after a file's check (a timed-out test's code still running)
 * and what Node does not list as a resource (worker threads). So, told to end, the worker looks
 * 300 ms later at what still holds it and prints it with the files it ran, to find the culprit.
 */
function reportWhatHoldsTheWorkerAtExit() {
  if (typeof process.send !== "function" || process.env.LEAK_GUARD === "off") return;
  const onMessage = (message) => {
    // jest-worker's CHILD_MESSAGE_END; the listener goes at once, or it would keep the IPC channel
    // (and so the process) alive itself.
    if (!Array.isArray(message) || message[0] !== 2) return;
    process.removeListener("message", onMessage);
    // Said at once, before anything can block the loop: a large heap (a long major GC) is one way
    // for a worker with nothing open to miss Jest's 500 ms.
    const { rss, heapUsed } = process.memoryUsage();
    if (rss > 1024 ** 3) {
      require("node:fs").writeSync(
        2,
        `Leak guard: Jest worker ${process.pid} told to end with ${Math.round(rss / 1024 ** 2)} MB resident, ${Math.round(heapUsed / 1024 ** 2)} MB of heap in use\n`,
      );
    }
    // Nothing printed below yet Jest still reports the worker: its loop was blocked, or it emptied
    // and the exit itself ran long (native clean-up: threads joined, databases closed). This line
    // tells the two apart, and names the worker threads (ref'ed or not) that exit has to stop.
    const toldAt = Date.now();
    process.once("exit", () => {
      const ms = Date.now() - toldAt;
      const threads = [...liveWorkers.values()];
      // Files still open (a database left open is closed, and checkpointed, during exit).
      let files = [];
      try {
        const fs = require("node:fs");
        files = fs
          .readdirSync("/proc/self/fd")
          .map((fd) => {
            try {
              return fs.readlinkSync(`/proc/self/fd/${fd}`);
            } catch {
              return "";
            }
          })
          .filter(
            (target) => target.startsWith("/") && !target.startsWith("/dev/") && !target.startsWith("/proc/"),
          );
      } catch {
        // not Linux: the threads and the time are enough
      }
      if (ms < 100 && threads.length === 0 && files.length === 0) return;
      const where = threads.map(
        ({ file, ref }) =>
          `${ref ? "ref'ed" : "unref'ed"} thread started by ${file ? path.relative(ROOT, file) : "no file"}`,
      );
      require("node:fs").writeSync(
        2,
        `Leak guard: Jest worker ${process.pid} exiting ${ms} ms after it was told to end; worker threads still running: ${threads.length}${where.length > 0 ? ` (${where.join("; ")})` : ""}; files open: ${files.length > 0 ? files.slice(0, 8).join(", ") : "none"}; last test files: ${filesRun
          .slice(-3)
          .map((f) => path.relative(ROOT, f))
          .join(", ")}\n`,
      );
    });
    setTimeout(() => {
      const handles = process
        ._getActiveHandles()
        .filter((h) => typeof h?.hasRef !== "function" || h.hasRef());
      const lines = [
        `Leak guard: Jest worker ${process.pid} told to end still holds: ${process.getActiveResourcesInfo().join(", ")}`,
        ...handles
          .filter((h) => h !== process.stdout && h !== process.stderr)
          .map((h) => `  ${describeHandle(h)}`),
        ...heldWorkers().map(
          ([worker, { file, holder }]) =>
            `  Worker thread ${worker.threadId}, started by ${file ? path.relative(ROOT, file) : "no file"} at ${whereFrom(holder.stack).join(" < ")}`,
        ),
        ...pendingModuleTimers().map(
          ([timer, { file, holder }]) =>
            `  ${describeHandle(timer)}, started by ${file ? path.relative(ROOT, file) : "no file"} at ${whereFrom(holder.stack).join(" < ")}`,
        ),
        `  Files it ran, last ones: ${filesRun
          .slice(-4)
          .map((f) => path.relative(ROOT, f))
          .join(", ")}`,
      ];
      require("node:fs").writeSync(2, `${lines.join("\n")}\n`);
    }, 300).unref();
  };
  process.on("message", onMessage);
}
reportWhatHoldsTheWorkerAtExit();

module.exports = { createLeakGuard, filesRun };
