/**
 * Webpack build of the Outlook add-in (task pane, function file, support page, workbench).
 *
 *   npm run dev-server   development server on https://localhost:3000 (http when no usable
 *                        office-addin-dev-certs certificate exists; ADDIN_PORT changes the port)
 *   npm run build        production build into dist/ (scripts/build.ts: manifest, size budget)
 *
 * Office.js: development pages load the copy in node_modules (@microsoft/office-js), served at
 * /office/office.js, so the workbench works offline. Production pages load Microsoft's CDN copy
 * (https://appsforoffice.microsoft.com/lib/1/hosted/office.js), as Microsoft requires of add-ins
 * in AppSource; nothing of Office.js is copied into dist/.
 *
 * The workbench (a simulated Outlook around the real task pane) is a development tool: it is built
 * and served only in development, together with the fixtures of test/fixtures at /fixtures/.
 *
 * Microsoft sign-in is configured at build time (SIGN_ENTRA_CLIENT_ID, SIGN_ENTRA_AUTHORITY,
 * SIGN_ENTRA_API_SCOPE: see entraConfig below and src/auth/config.ts).
 */
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const crypto = require("node:crypto");
const { URL } = require("node:url");
const webpack = require("webpack");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const { EsbuildPlugin } = require("esbuild-loader");
/**
 * The fingerprint module is TypeScript shared with the service and scripts/build.ts: one copy of the rule.
 * Loaded when a build needs it, so that tests can require this file for its other helpers.
 */
function fingerprintModule() {
  return require("tsx/cjs/api").require(
    "./src/manifest/fingerprint.ts",
    path.join(__dirname, "webpack.config.js"),
  );
}

const ROOT = __dirname;
const TARGET = "es2020";
const DEV_PORT = Number(process.env.ADDIN_PORT || 3000);
const OFFICE_JS_DEV = "/office/office.js";
const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const CERT_DIR = path.join(os.homedir(), ".office-addin-dev-certs");

/**
 * The office-addin-dev-certs certificate, when it exists and can serve https: readable files, a
 * certificate valid today, and a key that belongs to it. `office-addin-dev-certs install` needs root
 * to trust its CA and can fail while exiting 0, so the files are checked instead of the exit code.
 * Returns { cert, key, ca } buffers, or { problem } saying why not.
 */
function devCertificate() {
  const files = {
    cert: path.join(CERT_DIR, "localhost.crt"),
    key: path.join(CERT_DIR, "localhost.key"),
    ca: path.join(CERT_DIR, "ca.crt"),
  };
  try {
    for (const [name, file] of Object.entries(files)) {
      if (name !== "ca" && !fs.existsSync(file)) return { problem: `${file} does not exist` };
    }
    const cert = fs.readFileSync(files.cert);
    const key = fs.readFileSync(files.key);
    const ca = fs.existsSync(files.ca) ? fs.readFileSync(files.ca) : undefined;
    const x509 = new crypto.X509Certificate(cert);
    const now = Date.now();
    if (Date.parse(x509.validTo) < now) return { problem: `${files.cert} expired on ${x509.validTo}` };
    if (Date.parse(x509.validFrom) > now)
      return { problem: `${files.cert} is not valid before ${x509.validFrom}` };
    if (!x509.checkPrivateKey(crypto.createPrivateKey(key))) {
      return { problem: `${files.key} does not belong to ${files.cert}` };
    }
    if (!x509.checkHost("localhost")) return { problem: `${files.cert} is not for localhost` };
    return { cert, key, ca };
  } catch (error) {
    return { problem: `the certificate files in ${CERT_DIR} cannot be used (${error.message})` };
  }
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Microsoft Entra settings baked into the pages (src/auth/config.ts reads them as __SIGN_ENTRA__).
 * Only public values: a client id, an authority and scopes are visible to anyone who loads the add-in.
 * Without SIGN_ENTRA_CLIENT_ID the add-in offers the personal access token only.
 */
function entraConfig(env = process.env) {
  const clientId = (env.SIGN_ENTRA_CLIENT_ID || "").trim();
  const authority =
    (env.SIGN_ENTRA_AUTHORITY || "").trim() || "https://login.microsoftonline.com/organizations";
  const apiScope = (env.SIGN_ENTRA_API_SCOPE || "").trim();
  if (!clientId) return { clientId: "", authority, apiScope: "" };
  if (!GUID.test(clientId)) {
    throw new Error(
      `SIGN_ENTRA_CLIENT_ID must be the add-in's application (client) id from Entra, a GUID; got "${clientId}".`,
    );
  }
  if (!apiScope) {
    throw new Error(
      "SIGN_ENTRA_API_SCOPE is required with SIGN_ENTRA_CLIENT_ID: the signing service's scope(s), e.g. api://sign.example.com/<api-client-id>/.default",
    );
  }
  let url;
  try {
    url = new URL(authority);
  } catch {
    throw new Error(`SIGN_ENTRA_AUTHORITY is not a URL: ${authority}`);
  }
  if (url.protocol !== "https:") throw new Error(`SIGN_ENTRA_AUTHORITY must be https: ${authority}`);
  // OIDC: an OpenID provider other than Entra (SIGN_DEV_IDP=1 npm start's), with its discovery document.
  const protocolMode = (env.SIGN_ENTRA_PROTOCOL_MODE || "").trim().toUpperCase();
  if (protocolMode && protocolMode !== "OIDC" && protocolMode !== "AAD")
    throw new Error(`SIGN_ENTRA_PROTOCOL_MODE must be OIDC or AAD: ${protocolMode}`);
  const oidc =
    protocolMode === "OIDC"
      ? { protocolMode, authorityMetadata: (env.SIGN_ENTRA_METADATA || "").trim() }
      : {};
  return { clientId, authority: authority.replace(/\/+$/, ""), apiScope, ...oidc };
}

/**
 * The fingerprint of the manifest this build goes with: manifest.xml in development, and in production
 * the dist/manifest.xml that scripts/build.ts writes for ADDIN_PUBLIC_URL (the same replacement).
 */
function builtManifest(production) {
  const { deployedManifest, manifestFingerprint } = fingerprintModule();
  const xml = fs.readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
  let publicUrl = null;
  try {
    // Normalised as scripts/build.ts's publicUrlFrom does, so both write the same URLs.
    publicUrl = new URL((process.env.ADDIN_PUBLIC_URL || "").trim()).href.replace(/\/+$/, "");
  } catch {
    // not set (or not a URL): scripts/build.ts refuses to build; a bare webpack build bakes manifest.xml
  }
  return manifestFingerprint(production && publicUrl ? deployedManifest(xml, publicUrl) : xml);
}

function page(name, template, chunks, officeJs, extra = {}) {
  return new HtmlWebpackPlugin({
    filename: name,
    template: path.join(ROOT, template),
    chunks,
    // workbench: whether the page may run under the workbench's simulated Office (development only).
    templateParameters: { officeJs, workbench: officeJs === OFFICE_JS_DEV },
    scriptLoading: "defer",
    ...extra,
  });
}

module.exports = (_env, argv) => {
  const production = argv.mode === "production";
  const serving = Boolean(process.env.WEBPACK_SERVE);
  const officeJs = production ? OFFICE_JS_CDN : OFFICE_JS_DEV;
  const manifest = builtManifest(production);

  const entry = {
    // Development: the workbench's simulated Office (?workbench=1) is set up before the pane starts.
    taskpane: production
      ? "./src/taskpane/index.tsx"
      : ["./src/workbench/office-entry.ts", "./src/taskpane/index.tsx"],
    commands: "./src/commands/commands.ts",
    "auth-dialog": "./src/auth/dialog/index.ts",
  };
  const pages = [
    page("taskpane.html", "src/taskpane/taskpane.html", ["taskpane"], officeJs),
    page("commands.html", "src/commands/commands.html", ["commands"], officeJs),
    page("auth-dialog.html", "src/auth/dialog/auth-dialog.html", ["auth-dialog"], officeJs),
    page("support.html", "src/taskpane/support.html", [], officeJs, { inject: false }),
  ];
  if (!production) {
    entry.workbench = "./src/workbench/index.tsx";
    pages.push(page("workbench.html", "src/workbench/workbench.html", ["workbench"], officeJs));
  }

  const config = {
    mode: production ? "production" : "development",
    context: ROOT,
    target: ["web", TARGET],
    entry,
    output: {
      path: path.join(ROOT, "dist"),
      // Relative to the page, so the add-in can live under a path (https://host/addin/).
      publicPath: "auto",
      filename: production ? "[name].[contenthash:8].js" : "[name].js",
      chunkFilename: production ? "[name].[contenthash:8].js" : "[name].js",
      clean: true,
    },
    resolve: {
      extensions: [".tsx", ".ts", ".mjs", ".js"],
      alias: {
        // One scheduler: react-dom pins its own (nested under it), and Fluent's context selector
        // would otherwise bundle the top-level copy a second time into the pane's first download.
        scheduler$: require.resolve("scheduler", { paths: [path.dirname(require.resolve("react-dom"))] }),
      },
    },
    devtool: production ? "source-map" : "eval-cheap-module-source-map",
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: [/node_modules/, /\.styles\.ts$/],
          loader: "esbuild-loader",
          options: { target: TARGET, jsx: "automatic" },
        },
        // Griffel styles computed at build time: the pane's first download carries no style compiler.
        {
          test: /\.styles\.ts$/,
          include: path.join(ROOT, "src"),
          loader: path.join(ROOT, "scripts/griffel-precompile-loader.js"),
        },
      ],
    },
    plugins: [
      ...pages,
      new CopyWebpackPlugin({ patterns: [{ from: "assets", to: "assets" }] }),
      new webpack.DefinePlugin({
        __SIGN_ENTRA__: JSON.stringify(entraConfig()),
        // The task pane compares these with the service's GET /api/v1/outlook-addin/manifest-fingerprint.
        __SIGN_MANIFEST_FINGERPRINT__: JSON.stringify(manifest.fingerprint),
        __SIGN_ADDIN_VERSION__: JSON.stringify(manifest.version),
      }),
    ],
    optimization: {
      minimizer: [new EsbuildPlugin({ target: TARGET, legalComments: "eof" })],
    },
    performance: { hints: false }, // the task pane's budget is enforced by scripts/build.ts
    stats: "errors-warnings",
  };

  if (serving) {
    const certificate = devCertificate();
    const https = !certificate.problem;
    const origin = `${https ? "https" : "http"}://localhost:${DEV_PORT}`;
    config.infrastructureLogging = { level: "warn" };
    config.devServer = {
      port: DEV_PORT,
      host: "localhost",
      allowedHosts: "all",
      hot: false,
      liveReload: true,
      headers: { "Access-Control-Allow-Origin": "*" },
      server: https
        ? { type: "https", options: { cert: certificate.cert, key: certificate.key, ca: certificate.ca } }
        : { type: "http" },
      static: [
        { directory: path.join(ROOT, "assets"), publicPath: "/assets", watch: false },
        // office.js loads its host scripts and strings from beside itself: serve the whole folder.
        {
          directory: path.join(ROOT, "node_modules/@microsoft/office-js/dist"),
          publicPath: "/office",
          watch: false,
        },
        { directory: path.join(ROOT, "test/fixtures"), publicPath: "/fixtures", watch: true },
      ],
      client: { overlay: { errors: true, warnings: false, runtimeErrors: false }, logging: "warn" },
      devMiddleware: { writeToDisk: false },
      setupMiddlewares(middlewares, devServer) {
        devServer.app.get("/", (_req, res) => res.redirect("/workbench.html"));
        devServer.app.get("/workbench-session.json", (req, res) => {
          const answer = workbenchSession(req.headers);
          res.removeHeader("Access-Control-Allow-Origin");
          res.status(answer.status).set(answer.headers);
          if (answer.body === undefined) res.end();
          else res.send(answer.body);
        });
        return middlewares;
      },
      onListening() {
        const lines = [
          `Sign for Outlook add-in dev server: ${origin}`,
          `  workbench: ${origin}/workbench.html`,
          `  task pane: ${origin}/taskpane.html`,
        ];
        if (!https) {
          lines.push(
            `  Serving http, not https: ${certificate.problem}.`,
            "  The workbench works over http; Outlook needs https to sideload manifest.xml. To get it, run",
            "  `npx office-addin-dev-certs install` (it needs administrator rights) and restart the dev server.",
          );
        }
        process.stdout.write(`${lines.join("\n")}\n`);
      },
    };
  }

  return config;
};

/**
 * GET /workbench-session.json: the service URL and development token that `npm start` wrote to the
 * file SIGN_WORKBENCH_SESSION names (read on each request, so a restart's new token is served), for
 * the workbench page to sign the pane in with (src/workbench/dev-session.ts). 204 without one. Only
 * pages of this origin may read it: no CORS header (the dev server's other answers allow any origin),
 * no caching, and a Host other than localhost (DNS rebinding) or a cross-site fetch is refused.
 * The answer ({ status, headers, body }) from the request's headers, so that the dev server's route
 * and the browser tests' server of a development build (test/browser/pane-server.ts) send the same.
 */
function workbenchSession(headers, file = process.env.SIGN_WORKBENCH_SESSION) {
  const noStore = { "Cache-Control": "no-store" };
  const json = (status, body) => ({
    status,
    headers: { ...noStore, "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify(body),
  });
  const host = String(headers.host || "").replace(/:\d+$/, "");
  const site = headers["sec-fetch-site"];
  if (!["localhost", "127.0.0.1", "[::1]"].includes(host) || (site && site !== "same-origin")) {
    return json(403, { error: "The development session is for the workbench page only." });
  }
  let session;
  try {
    session = file ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
  } catch {
    session = null;
  }
  // Not 404, which the browser would log as an error on every workbench load without `npm start`.
  if (!session) return { status: 204, headers: noStore };
  return json(200, { serviceUrl: String(session.serviceUrl), token: String(session.token) });
}

module.exports.devCertificate = devCertificate;
module.exports.entraConfig = entraConfig;
module.exports.OFFICE_JS_CDN = OFFICE_JS_CDN;
module.exports.OFFICE_JS_DEV = OFFICE_JS_DEV;
module.exports.builtManifest = builtManifest;
module.exports.workbenchSession = workbenchSession;
