/**
 * One development build of the pane (`webpack --mode development`, what the dev server compiles) for
 * every browser test that does not test the dev server itself (cached-build.ts says how it is shared).
 * Without source maps: no test reads them (Chromium applies them only for DevTools), and the dev
 * server's kind (eval-cheap-module-source-map) makes every page evaluate each module as a string of
 * its own, its map inlined: about 6% of a browser file's CPU.
 */
import { cachedBuild, type CachedBuild } from "./cached-build";

export function paneBuild(timeoutMs: number): CachedBuild {
  return cachedBuild(
    {
      name: "sign-pane-build",
      inputs: [
        "src",
        "assets",
        "webpack.config.js",
        "scripts/griffel-precompile-loader.js",
        "manifest.xml",
        "package.json",
        "package-lock.json",
        "tsconfig.json",
        "test/browser/pane-build.ts",
        "test/browser/cached-build.ts",
      ],
      // As the browser tests ran the dev server: no Microsoft sign-in baked in (the pane offers the token).
      env: {
        NODE_ENV: "development",
        SIGN_ENTRA_CLIENT_ID: "",
        SIGN_ENTRA_AUTHORITY: "",
        SIGN_ENTRA_API_SCOPE: "",
        SIGN_ENTRA_PROTOCOL_MODE: "",
        SIGN_ENTRA_METADATA: "",
      },
      args: (out) => [
        "node_modules/webpack-cli/bin/cli.js",
        "--mode",
        "development",
        "--no-devtool",
        "--output-path",
        out,
      ],
      proof: "workbench.html",
    },
    timeoutMs,
  );
}
