/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 */
import "./setup";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SettingsRegular, TagRegular } from "@fluentui/react-icons";
import type { FetchInit } from "../../src/api/http";
import { PAT_STORAGE_KEY } from "../../src/auth/pat";
import { App } from "../../src/taskpane/components/App";
import { Root } from "../../src/taskpane/components/Root";
import { UpdateBanner } from "../../src/taskpane/components/UpdateBanner";
import { TELEMETRY_SWITCH_KEY } from "../../src/taskpane/telemetry";
import { TelemetrySwitch } from "../../src/taskpane/views/settings/TelemetrySwitch";
import type { TelemetryBatch } from "../../src/telemetry/catalogue";
import type { SendOutcome } from "../../src/telemetry/client";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

function recordingTransport(outcome: SendOutcome = { kind: "accepted", telemetryEnabled: true }) {
  const batches: TelemetryBatch[] = [];
  return {
    batches,
    events: () => batches.flatMap((b) => b.events),
    transport: {
      send: async (batch: TelemetryBatch) => {
        batches.push(batch);
        return outcome;
      },
    },
  };
}

const VIEWS = [
  {
    id: "tags" as const,
    label: "Tags",
    icon: TagRegular,
    load: async () => ({ default: () => <p>Tags</p> }),
  },
  {
    id: "settings" as const,
    label: "Settings",
    icon: SettingsRegular,
    load: async () => ({ default: () => <TelemetrySwitch /> }),
  },
];

describe("telemetry in the pane", () => {
  it("sends pane_opened and view_shown, with an install id and no personal data", async () => {
    const rec = recordingTransport();
    const user = userEvent.setup();
    render(
      <Root
        host={null}
        session={{ storage: null }}
        officeClient={{ host: "OutlookWebApp", platform: "OfficeOnline", version: "workbench" }}
        telemetry={{ transport: rec.transport, flushIntervalMs: 20, storage: memoryStorage() }}
      >
        <App views={VIEWS} initialView="tags" />
      </Root>,
    );
    await user.click(await screen.findByRole("tab", { name: "Settings" }));
    await waitFor(() =>
      expect(rec.events().map((e) => [e.name, e.props.view])).toEqual([
        ["pane_opened", "tags"],
        ["view_shown", "settings"],
      ]),
    );
    expect(rec.events()[0]!.props).toEqual({ loadMs: expect.any(Number), view: "tags", mode: "none" });
    expect(rec.batches[0]!.client).toEqual({
      installId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      host: "OutlookWebApp",
      platform: "OfficeOnline",
      hostVersion: "unknown",
      addinVersion: "unknown",
    });
  });

  it("the Settings switch turns it off and is remembered", async () => {
    const rec = recordingTransport();
    const storage = memoryStorage();
    const user = userEvent.setup();
    render(
      <Root
        host={null}
        session={{ storage: null }}
        telemetry={{ transport: rec.transport, flushIntervalMs: 20, storage }}
      >
        <App views={VIEWS} initialView="settings" />
      </Root>,
    );
    const toggle = await screen.findByRole("switch", { name: "Send anonymous usage data" });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(storage.getItem(TELEMETRY_SWITCH_KEY)).toBe("off");
    await user.click(screen.getByRole("tab", { name: "Tags" }));
    await new Promise((r) => setTimeout(r, 100));
    expect(rec.events().filter((e) => e.name === "view_shown")).toEqual([]);
  });

  it("says so when the tenant has it off", async () => {
    const rec = recordingTransport({ kind: "accepted", telemetryEnabled: false });
    render(
      <Root
        host={null}
        session={{ storage: null }}
        telemetry={{ transport: rec.transport, flushIntervalMs: 20, storage: memoryStorage() }}
      >
        <App views={VIEWS} initialView="settings" />
      </Root>,
    );
    expect(await screen.findByText("Your organisation has turned usage data off.")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Send anonymous usage data" })).toBeDisabled();
  });
});

describe("the update banner", () => {
  const built = "a".repeat(64);
  function renderBanner(deployed: { fingerprint: string; version: string }) {
    const calls: { url: string; init: FetchInit }[] = [];
    const fetch = async (url: string, init: FetchInit) => {
      calls.push({ url, init });
      return { status: 200, headers: { get: () => null }, text: async () => JSON.stringify(deployed) };
    };
    render(
      <Root
        host={null}
        session={{ storage: memoryStorage({ [PAT_STORAGE_KEY]: "sfo_pat_test" }), fetch }}
        telemetry={{ transport: recordingTransport().transport }}
      >
        <UpdateBanner builtFingerprint={built} />
        <p>pane</p>
      </Root>,
    );
    return calls;
  }

  it("shows when the deployed manifest differs from the bundle's, says how to get it, and can be dismissed", async () => {
    const calls = renderBanner({ fingerprint: "b".repeat(64), version: "1.0.1.0" });
    expect(await screen.findByText("A newer version of Sign for Outlook is available")).toBeInTheDocument();
    expect(
      screen.getByText(/Version 1\.0\.1\.0 is deployed\. Close this pane and open it again/),
    ).toBeInTheDocument();
    expect(calls[0]!.url).toBe("http://127.0.0.1:3001/api/v1/outlook-addin/manifest-fingerprint");
    expect(calls[0]!.init.headers).toEqual({ Authorization: "Bearer sfo_pat_test" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("A newer version of Sign for Outlook is available")).not.toBeInTheDocument();
  });

  it("stays away when they agree", async () => {
    const calls = renderBanner({ fingerprint: built, version: "1.0.0.0" });
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/newer version/)).not.toBeInTheDocument();
  });
});
