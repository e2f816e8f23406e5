/**
 * The signing page's entry (served by the service at /sign/{token}; built by
 * webpack.signing.config.js into dist/signing). The token is the last segment of the address.
 */
import { createRoot } from "react-dom/client";
import { SigningApi, tokenFromPath } from "./api";
import { App } from "./components/App";
import { pdfjsLoader } from "./pdf";

const token = tokenFromPath(window.location.pathname);
const container = document.getElementById("signing");
if (container) {
  createRoot(container).render(<App api={token ? new SigningApi(token) : null} pdf={pdfjsLoader} />);
}
