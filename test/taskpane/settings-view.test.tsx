/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 *
 * Settings against a real local HTTP server standing in for the service's GET /api/v1/me
 * (its answer shape only: { tenantId, tenantName, credentialKind, scopes, subject }).
 */
import { memoryStorage, nodeFetch } from "./setup";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PAT_STORAGE_KEY } from "../../src/auth";
import { Root } from "../../src/taskpane/components/Root";
import { SERVICE_URL_STORAGE_KEY } from "../../src/taskpane/session";
import SettingsView from "../../src/taskpane/views/SettingsView";

const GOOD = "sfo_pat_good";
let server: Server;
let serviceUrl: string;
let requests: { url: string; authorization: string | undefined }[];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url ?? "", authorization: req.headers.authorization });
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    };
    if (req.url !== "/api/v1/me") return json(404, { status: 404, code: "not_found", title: "Not Found" });
    if (req.headers.authorization !== `Bearer ${GOOD}`) {
      return json(401, {
        type: "about:blank",
        title: "Unauthorized",
        status: 401,
        detail: "The access token is not valid",
        code: "unauthorized",
        traceId: "trace-401-abc",
      });
    }
    return json(200, {
      tenantId: "9b2e7c1d-0000-4000-8000-000000000001",
      tenantName: "Contoso",
      credentialKind: "pat",
      scopes: ["sign.package.read", "sign.package.send"],
      subject: "megan.bowen@contoso.com",
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
});

function renderSettings(storage = memoryStorage()) {
  const user = userEvent.setup();
  render(
    <Root host={null} session={{ storage, fetch: nodeFetch }}>
      <SettingsView />
    </Root>,
  );
  return { user, storage };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, url: string, token: string) {
  const urlField = screen.getByRole("textbox", { name: /Service URL/ });
  await user.clear(urlField);
  await user.type(urlField, url);
  await user.type(screen.getByLabelText(/Personal access token/), token);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("Settings", () => {
  it("offers the local service by default and a password field for the token", () => {
    renderSettings();
    expect(screen.getByRole("textbox", { name: /Service URL/ })).toHaveValue("http://127.0.0.1:3001");
    expect(screen.getByLabelText(/Personal access token/)).toHaveAttribute("type", "password");
  });

  it("signs in, shows tenant, credential kind and scopes, and keeps the token for the session", async () => {
    const { user, storage } = renderSettings();
    await signIn(user, serviceUrl, GOOD);

    expect(await screen.findByText("Signed in")).toBeInTheDocument();
    const identity = screen.getByLabelText("Signed-in identity");
    expect(identity).toHaveTextContent("OrganisationContoso");
    expect(identity).toHaveTextContent("Signed in asmegan.bowen@contoso.com");
    expect(identity).toHaveTextContent("CredentialPersonal access token");
    expect(identity).toHaveTextContent("sign.package.read");
    expect(identity).toHaveTextContent("sign.package.send");
    expect(requests).toEqual([{ url: "/api/v1/me", authorization: `Bearer ${GOOD}` }]);
    expect(storage.data.get(PAT_STORAGE_KEY)).toBe(GOOD);
    expect(storage.data.get(SERVICE_URL_STORAGE_KEY)).toBe(serviceUrl);
  });

  it("shows the service's error in words with its reference, and keeps no refused token", async () => {
    const { user, storage } = renderSettings();
    await signIn(user, serviceUrl, "wrong");

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Sign-in failed");
    expect(alert).toHaveTextContent("The access token is not valid. Check the token and try again.");
    expect(alert).toHaveTextContent("Reference: trace-401-abc");
    expect(storage.data.has(PAT_STORAGE_KEY)).toBe(false);
    expect(screen.getByLabelText(/Personal access token/)).toHaveValue("wrong");
  });

  it("signs out", async () => {
    const { user, storage } = renderSettings();
    await signIn(user, serviceUrl, GOOD);
    await user.click(await screen.findByRole("button", { name: "Sign out" }));
    expect(screen.queryByText("Signed in")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
    expect(storage.data.has(PAT_STORAGE_KEY)).toBe(false);
  });

  it("checks a token kept from earlier in the session", async () => {
    const storage = memoryStorage();
    storage.setItem(SERVICE_URL_STORAGE_KEY, serviceUrl);
    storage.setItem(PAT_STORAGE_KEY, GOOD);
    renderSettings(storage);
    expect(await screen.findByText("Signed in")).toBeInTheDocument();
    expect(screen.getByLabelText("Signed-in identity")).toHaveTextContent("Contoso");
  });

  it("says when the service cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));

    const { user } = renderSettings();
    await signIn(user, deadUrl, GOOD);
    expect(await screen.findByRole("alert", {}, { timeout: 10_000 })).toHaveTextContent(
      `The service could not be reached at ${deadUrl}; check the service URL in Settings.`,
    );
  });

  it("flags a service URL that is not a URL, keeps it, and sends nothing", async () => {
    const { user } = renderSettings();
    const urlField = screen.getByRole("textbox", { name: /Service URL/ });
    await user.clear(urlField);
    await user.type(urlField, "sign example");
    await user.type(screen.getByLabelText(/Personal access token/), GOOD);
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(urlField).toHaveValue("sign example");
    expect(urlField).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText(/This is not a web address/)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("asks for a token before signing in", async () => {
    const { user } = renderSettings();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByText("Enter your personal access token.")).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
