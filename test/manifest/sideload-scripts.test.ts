// `npm run start:desktop` and `npm run stop` (README, Sideloading): the Office Add-in template's
// sideloading scripts, with the office-addin-debugging the lock file pins (not fetched by npx at run
// time). It is optional, as it needs the native module keytar (hence libsecret on Linux): `npm ci`
// leaves it out where that does not build. Offline: what they run, not Outlook itself.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, { version?: string; optional?: boolean; dev?: boolean }>;
};
const manifest = readFileSync(path.join(ROOT, "manifest.xml"), "utf8");

/** A script's words, with quoted ones kept together. */
const words = (script: string) => [...script.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);

describe("sideloading into desktop Outlook", () => {
  test("start:desktop runs the installed office-addin-debugging on manifest.xml, desktop Outlook, the dev server's port", () => {
    const start = words(pkg.scripts["start:desktop"] ?? "");
    expect(start.slice(0, 4)).toEqual(["office-addin-debugging", "start", "manifest.xml", "desktop"]);
    expect(existsSync(path.join(ROOT, start[2]!))).toBe(true);
    const option = (name: string) => start[start.indexOf(name) + 1];
    expect(option("--app")).toBe("outlook");
    // Everything the pane needs (service and dev server) unless the dev server already runs there.
    expect(option("--dev-server")).toBe("npm start");
    const port = option("--dev-server-port");
    // The port the manifest loads the pane from, and the dev server's default (ADDIN_PORT).
    expect(manifest).toContain(`https://localhost:${port}/taskpane.html`);
    expect(readFileSync(path.join(ROOT, "webpack.config.js"), "utf8")).toContain(
      `Number(process.env.ADDIN_PORT || ${port})`,
    );
  });

  test("stop unregisters the same manifest with the same installed tool", () => {
    expect(words(pkg.scripts.stop ?? "")).toEqual(["office-addin-debugging", "stop", "manifest.xml"]);
  });

  test("no script fetches a package at run time", () => {
    for (const [name, script] of Object.entries(pkg.scripts)) {
      expect([name, words(script)[0]]).not.toEqual([name, "npx"]);
    }
  });

  test("office-addin-debugging 7.0.0 is pinned in the lock file, optional so that npm ci on Linux survives keytar", () => {
    expect(pkg.optionalDependencies?.["office-addin-debugging"]).toBe("7.0.0");
    expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })).not.toContain(
      "office-addin-debugging",
    );
    expect(lock.packages[""]).toMatchObject({ optionalDependencies: { "office-addin-debugging": "7.0.0" } });
    expect(lock.packages["node_modules/office-addin-debugging"]).toMatchObject({
      version: "7.0.0",
      optional: true,
    });
    // keytar comes only through it, so a failed build drops the optional tree instead of failing npm ci.
    expect(lock.packages["node_modules/keytar"]).toMatchObject({ optional: true });
  });
});
