/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 */
import "./setup";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { SendRegular, TagRegular } from "@fluentui/react-icons";
import { App } from "../../src/taskpane/components/App";
import { Root } from "../../src/taskpane/components/Root";
import { luminance, themeNameFor } from "../../src/taskpane/theme";
import { useNavigation, useNavigationRequest } from "../../src/taskpane/navigation";

describe("App", () => {
  it("loads a view when its tab is chosen, with a spinner meanwhile, and keeps visited views", async () => {
    let release!: () => void;
    const slow = new Promise<{ default: ComponentType }>((resolve) => {
      release = () => resolve({ default: () => <p>Send view</p> });
    });
    const views = [
      {
        id: "tags" as const,
        label: "Tags",
        icon: TagRegular,
        load: () => Promise.resolve({ default: () => <input aria-label="typed" /> }),
      },
      { id: "send" as const, label: "Send", icon: SendRegular, load: () => slow },
    ];
    const user = userEvent.setup();
    render(
      <Root host={null} session={{ storage: null }}>
        <App views={views} initialView="tags" />
      </Root>,
    );
    await user.type(await screen.findByRole("textbox", { name: "typed" }), "kept");
    await user.click(screen.getByRole("tab", { name: "Send" }));
    expect(screen.getByText("Loading Send…")).toBeInTheDocument();
    release();
    expect(await screen.findByText("Send view")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Tags" }));
    expect(screen.getByRole("textbox", { name: "typed" })).toHaveValue("kept");
  });

  it("lets one view send the user to another with what to show there", async () => {
    function Sender() {
      const { navigate } = useNavigation();
      return <button onClick={() => navigate({ view: "status", packageId: "p-42" })}>See its status</button>;
    }
    function Status() {
      const request = useNavigationRequest("status");
      return <p>Showing {request?.packageId ?? "the thread"}</p>;
    }
    const views = [
      {
        id: "send" as const,
        label: "Send",
        icon: SendRegular,
        load: () => Promise.resolve({ default: Sender }),
      },
      {
        id: "status" as const,
        label: "Status",
        icon: TagRegular,
        load: () => Promise.resolve({ default: Status }),
      },
    ];
    const user = userEvent.setup();
    render(
      <Root host={null} session={{ storage: null }}>
        <App views={views} initialView="send" />
      </Root>,
    );
    await user.click(await screen.findByRole("button", { name: "See its status" }));
    expect(screen.getByRole("tab", { name: "Status" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByText("Showing p-42")).toBeInTheDocument();
  });

  it("catches a view that fails to load and loads it again on Retry", async () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(Object.assign(new Error("Loading chunk 7 failed."), { name: "ChunkLoadError" }))
        : Promise.resolve({ default: () => <p>Tags view</p> });
    };
    const user = userEvent.setup();
    render(
      <Root host={null} session={{ storage: null }}>
        <App views={[{ id: "tags", label: "Tags", icon: TagRegular, load }]} initialView="tags" />
      </Root>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Something went wrong in the Tags view.");
    expect(alert).toHaveTextContent("could not be downloaded");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Tags view")).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});

describe("the tab bar", () => {
  it("is one stop in the Tab order; arrows, Home and End move among the tabs, Enter selects", async () => {
    const views = (["send", "tags", "status"] as const).map((id) => ({
      id,
      label: id[0]!.toUpperCase() + id.slice(1),
      icon: TagRegular,
      load: () => Promise.resolve({ default: () => <p>{id} view</p> }),
    }));
    const user = userEvent.setup();
    render(
      <Root host={null} session={{ storage: null }}>
        <App views={views} initialView="send" />
      </Root>,
    );
    expect(await screen.findByText("send view")).toBeInTheDocument();
    const tab = (name: string) => screen.getByRole("tab", { name });
    expect(screen.getByRole("tablist", { name: "Sign for Outlook views" })).toBeInTheDocument();
    expect(views.map((v) => tab(v.label).tabIndex)).toEqual([0, -1, -1]);
    expect(tab("Send")).toHaveAttribute("aria-controls", "panel-send");

    await user.tab();
    expect(tab("Send")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(tab("Tags")).toHaveFocus();
    expect(tab("Send")).toHaveAttribute("aria-selected", "true"); // moving the focus selects nothing
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(tab("Send")).toHaveFocus(); // round
    await user.keyboard("{ArrowLeft}");
    expect(tab("Status")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(tab("Send")).toHaveFocus();
    await user.keyboard("{End}{Enter}");
    expect(tab("Status")).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByText("status view")).toBeInTheDocument();
    expect(views.map((v) => tab(v.label).tabIndex)).toEqual([-1, -1, 0]);
  });
});

describe("theme", () => {
  const office = (bodyBackgroundColor: string, isDarkTheme?: boolean) => ({
    bodyBackgroundColor,
    bodyForegroundColor: "",
    controlBackgroundColor: "",
    controlForegroundColor: "",
    ...(isDarkTheme === undefined ? {} : { isDarkTheme }),
  });

  it("follows Office: forced colours, isDarkTheme, then the body background", () => {
    expect(themeNameFor({ office: office("#ffffff"), forcedColors: true, prefersDark: false })).toBe(
      "highContrast",
    );
    expect(themeNameFor({ office: office("#ffffff", true), forcedColors: false, prefersDark: false })).toBe(
      "dark",
    );
    expect(themeNameFor({ office: office("#292929"), forcedColors: false, prefersDark: false })).toBe("dark");
    expect(themeNameFor({ office: office("FFFFFF"), forcedColors: false, prefersDark: true })).toBe("light");
    expect(themeNameFor({ office: null, forcedColors: false, prefersDark: true })).toBe("dark");
    expect(themeNameFor({ office: office(""), forcedColors: false, prefersDark: false })).toBe("light");
  });

  it("computes luminance", () => {
    expect(luminance("#000")).toBe(0);
    expect(luminance("#ffffff")).toBeCloseTo(1);
    expect(luminance("not a colour")).toBeNull();
  });
});
