/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 *
 * Settings' "Sign in with Microsoft", with a fake Microsoft token source (MSAL and Entra cannot run
 * here; test/auth covers the real one) and a real local HTTP server for GET /api/v1/me.
 */
import { memoryStorage, nodeFetch } from "./setup";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PAT_STORAGE_KEY, SignInError, type MicrosoftTokenSource } from "../../src/auth";
import { Root } from "../../src/taskpane/components/Root";
import { SERVICE_URL_STORAGE_KEY } from "../../src/taskpane/session";
import SettingsView from "../../src/taskpane/views/SettingsView";

const ENTRA_TOKEN = "eyJ.entra.token";
const PAT = "sfo_pat_good";
let server: Server;
let serviceUrl: string;
let authorizations: (string | undefined)[];

beforeAll(async () => {
  server = createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    };
    if (req.headers.authorization === `Bearer ${ENTRA_TOKEN}`) {
      return json(200, {
        tenantId: "72f988bf-0000-4000-8000-000000000001",
        tenantName: "72f988bf-0000-4000-8000-000000000001",
        credentialKind: "external",
        scopes: ["sign.package.read"],
        subject: "megan.bowen@contoso.com",
      });
    }
    if (req.headers.authorization === `Bearer ${PAT}`) {
      return json(200, {
        tenantId: "t",
        tenantName: "Contoso",
        credentialKind: "pat",
        scopes: [],
        subject: "",
      });
    }
    return json(401, {
      type: "about:blank",
      title: "Unauthorized",
      status: 401,
      detail: "The access token is not valid",
      code: "unauthorized",
      traceId: "trace-401",
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
  authorizations = [];
});

/** Behaves like the real source seen from outside: signIn yields a token that getToken then hands out. */
function fakeMicrosoft(signIn: () => Promise<string> = () => Promise.resolve(ENTRA_TOKEN), signedIn = false) {
  let token: string | null = signedIn ? ENTRA_TOKEN : null;
  const source = {
    mode: "nested" as const,
    signIn: jest.fn(async () => {
      token = await signIn();
      return token;
    }),
    isSignedIn: () => token !== null,
    getToken: () => Promise.resolve(token),
    signOut: jest.fn(() => {
      token = null;
    }),
  };
  return source satisfies MicrosoftTokenSource;
}

function renderSettings(microsoft: MicrosoftTokenSource | null, storage = memoryStorage()) {
  storage.setItem(SERVICE_URL_STORAGE_KEY, serviceUrl);
  const user = userEvent.setup();
  render(
    <Root host={null} session={{ storage, fetch: nodeFetch, microsoft }}>
      <SettingsView />
    </Root>,
  );
  return { user, storage };
}

describe("Sign in with Microsoft", () => {
  it("is not offered when Microsoft sign-in is not available", () => {
    renderSettings(null);
    expect(screen.queryByRole("button", { name: "Sign in with Microsoft" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
  });

  it("signs in, checks the token with the service and shows the organisation and identity", async () => {
    const microsoft = fakeMicrosoft();
    const { user, storage } = renderSettings(microsoft);
    await user.click(screen.getByRole("button", { name: "Sign in with Microsoft" }));

    expect(await screen.findByText("Signed in")).toBeInTheDocument();
    const identity = screen.getByLabelText("Signed-in identity");
    expect(identity).toHaveTextContent("Signed in asmegan.bowen@contoso.com");
    expect(identity).toHaveTextContent("CredentialOrganisation sign-in (Microsoft Entra ID)");
    expect(microsoft.signIn).toHaveBeenCalledTimes(1);
    expect(authorizations).toEqual([`Bearer ${ENTRA_TOKEN}`]);
    expect(storage.data.has(PAT_STORAGE_KEY)).toBe(false);
  });

  it("shows why Microsoft sign-in failed, and keeps what was typed", async () => {
    const microsoft = fakeMicrosoft(() =>
      Promise.reject(
        new SignInError(
          "cancelled",
          "The sign-in window was closed before sign-in finished. Select Sign in with Microsoft to try again.",
        ),
      ),
    );
    const { user } = renderSettings(microsoft);
    await user.type(screen.getByLabelText(/Personal access token/), "half-typed");
    await user.click(screen.getByRole("button", { name: "Sign in with Microsoft" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Microsoft sign-in failed");
    expect(alert).toHaveTextContent("The sign-in window was closed before sign-in finished.");
    expect(screen.getByRole("textbox", { name: /Service URL/ })).toHaveValue(serviceUrl);
    expect(screen.getByLabelText(/Personal access token/)).toHaveValue("half-typed");
    expect(authorizations).toEqual([]);
  });

  it("keeps no Microsoft sign-in the service refuses, and says who must act", async () => {
    const microsoft = fakeMicrosoft(() => Promise.resolve("eyJ.other.issuer"));
    const { user } = renderSettings(microsoft);
    await user.click(screen.getByRole("button", { name: "Sign in with Microsoft" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Sign-in failed");
    expect(alert).toHaveTextContent(
      "The access token is not valid. Ask your administrator to set up Microsoft sign-in on the signing service.",
    );
    expect(alert).toHaveTextContent("Reference: trace-401");
    expect(microsoft.signOut).toHaveBeenCalled();
    expect(microsoft.isSignedIn()).toBe(false);
  });

  it("does not start with a service URL that is not a URL", async () => {
    const microsoft = fakeMicrosoft();
    const { user } = renderSettings(microsoft);
    const urlField = screen.getByRole("textbox", { name: /Service URL/ });
    await user.clear(urlField);
    await user.type(urlField, "sign example");
    expect(screen.getByRole("button", { name: "Sign in with Microsoft" })).toBeDisabled();
    expect(screen.getByText(/This is not a web address/)).toBeInTheDocument();
    expect(microsoft.signIn).not.toHaveBeenCalled();
  });

  it("signs out of Microsoft", async () => {
    const microsoft = fakeMicrosoft();
    const { user } = renderSettings(microsoft);
    await user.click(screen.getByRole("button", { name: "Sign in with Microsoft" }));
    await user.click(await screen.findByRole("button", { name: "Sign out" }));
    expect(microsoft.signOut).toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Sign in with Microsoft" })).toBeInTheDocument();
  });

  it("checks a Microsoft sign-in kept from earlier in the session with its token", async () => {
    renderSettings(fakeMicrosoft(undefined, true));
    expect(await screen.findByText("Signed in")).toBeInTheDocument();
    expect(authorizations).toEqual([`Bearer ${ENTRA_TOKEN}`]);
  });

  it("a personal access token sign-in ends any Microsoft one", async () => {
    const microsoft = fakeMicrosoft(undefined, true);
    const { user, storage } = renderSettings(microsoft);
    await user.click(await screen.findByRole("button", { name: "Sign out" }));
    expect(microsoft.signOut).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText(/Personal access token/), PAT);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Signed in")).toBeInTheDocument();
    expect(storage.data.get(PAT_STORAGE_KEY)).toBe(PAT);
    expect(microsoft.signOut).toHaveBeenCalledTimes(2);
    expect(authorizations.at(-1)).toBe(`Bearer ${PAT}`);
  });
});
