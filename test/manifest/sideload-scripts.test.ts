// `npm run start:desktop` and `npm run stop` (README, Sideloading): the Office Add-in template's
// sideloading scripts, run through npx so that office-addin-debugging (which needs the native module
// keytar, hence libsecret on Linux) never enters `npm ci`. Offline: what they run, not Outlook itself.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const manifest = readFileSync(path.join(ROOT, "manifest.xml"), "utf8");

/** A script's words, with quoted ones kept together. */
const words = (script: string) => [...script.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);

describe("sideloading into desktop Outlook", () => {
  test("start:desktop runs office-addin-debugging 7.0.0 on manifest.xml, desktop Outlook, the dev server's port", () => {
    const start = words(pkg.scripts["start:desktop"] ?? "");
    expect(start.slice(0, 6)).toEqual([
      "npx",
      "--yes",
      "office-addin-debugging@7.0.0",
      "start",
      "manifest.xml",
      "desktop",
    ]);
    expect(existsSync(path.join(ROOT, start[4]!))).toBe(true);
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

  test("stop unregisters the same manifest with the same version", () => {
    expect(words(pkg.scripts.stop ?? "")).toEqual([
      "npx",
      "--yes",
      "office-addin-debugging@7.0.0",
      "stop",
      "manifest.xml",
    ]);
  });

  test("office-addin-debugging is not a dependency, so npm ci never builds keytar", () => {
    expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })).not.toContain(
      "office-addin-debugging",
    );
    const lock = readFileSync(path.join(ROOT, "package-lock.json"), "utf8");
    expect(lock).not.toContain('"node_modules/keytar"');
  });
});
