// A young-generation garbage collection on demand, for code that streams large bodies through
// this process. Each chunk a socket or a file read hands us is a small object on V8's heap holding
// a large buffer outside it; V8 collects such objects when its heap fills, which small objects fill
// slowly, so the buffers of a 50 MB upload pile up before one is collected. A minor collection
// after each few megabytes frees them, cheaply.
import v8 from "node:v8";
import vm from "node:vm";

type Gc = (options?: { type?: "minor" | "major"; execution?: "sync" | "async" }) => void;

let gc: Gc | null | undefined;

/** Collects the young generation now (a no-op where V8 cannot be asked to). */
export function collectYoungGarbage(): void {
  if (gc === undefined) {
    try {
      // The flag only gives contexts made from now on a gc(); it changes nothing else.
      v8.setFlagsFromString("--expose-gc");
      gc = vm.runInNewContext("gc") as Gc;
    } catch {
      gc = null;
    }
  }
  gc?.({ type: "minor" });
}
