/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 */
import { nodeFetch } from "./setup";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createOutlookHost, createAsyncLimiter, type OutlookHost } from "../../src/outlook";
import { buildTag } from "../../src/tags";
import { Root } from "../../src/taskpane/components/Root";
import TagsView from "../../src/taskpane/views/TagsView";
import type { MessageFixture, WorkbenchBridge } from "../../src/workbench/bridge";
import { createFakeOffice } from "../../src/workbench/fake-office";
import fixture from "../fixtures/message.json";

void nodeFetch; // setup.ts is imported for its polyfills

function composeHost(): { host: OutlookHost; body: () => string } {
  let body = "Hello\n";
  const bridge: WorkbenchBridge = {
    getBody: () => body,
    insertAtCursor: (text) => {
      body += text;
    },
  };
  const office = createFakeOffice({
    fixture: fixture as MessageFixture,
    mode: "compose",
    theme: "light",
    bridge,
    latencyMs: 0,
    loadAttachment: () => Promise.resolve(new Uint8Array()),
  });
  return { host: createOutlookHost(office, { limiter: createAsyncLimiter(3) }), body: () => body };
}

function renderTags(host: OutlookHost | null = null) {
  const user = userEvent.setup();
  render(
    <Root host={host} session={{ storage: null }}>
      <TagsView />
    </Root>,
  );
  return user;
}

const builder = () => within(screen.getByRole("region", { name: "Build a tag" }));
const checker = () => within(screen.getByRole("region", { name: "Check and convert a tag" }));

async function chooseOption(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, name: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole("option", { name }));
}

describe("Tags view: build", () => {
  it("shows the three formats of the default tag", () => {
    renderTags();
    const expected = buildTag({
      type: "Signature",
      signerIndex: 1,
      required: true,
      label: null,
      group: null,
      options: null,
    });
    expect(screen.getByTestId("tag-Platform")).toHaveTextContent("{{sig:1:req}}");
    expect(screen.getByTestId("tag-DocuSign")).toHaveTextContent(expected.docuSign);
    expect(screen.getByTestId("tag-AdobeSign")).toHaveTextContent(expected.adobeSign);
    expect(screen.getAllByRole("button", { name: /^Copy / })).toHaveLength(3);
    // Not composing: nothing to insert into.
    expect(screen.queryByRole("button", { name: /Insert .* at the cursor/ })).not.toBeInTheDocument();
  });

  it("builds from every field and lists what each format leaves out", async () => {
    const user = renderTags();
    await chooseOption(user, builder().getByRole("combobox", { name: /Field type/ }), "Dropdown");
    const signer = builder().getByRole("textbox", { name: /Signer/ });
    await user.clear(signer);
    await user.type(signer, "2");
    await user.click(builder().getByRole("switch"));
    await user.type(builder().getByRole("textbox", { name: "Label" }), "Colour");
    await user.type(builder().getByRole("textbox", { name: /Options/ }), "Red{Enter}Green");

    const expected = buildTag({
      type: "Dropdown",
      signerIndex: 2,
      required: false,
      label: "Colour",
      group: null,
      options: ["Red", "Green"],
    });
    expect(screen.getByTestId("tag-Platform")).toHaveTextContent(
      "{{dropdown:2:opt;label=Colour;options=Red,Green}}",
    );
    expect(screen.getByTestId("tag-DocuSign")).toHaveTextContent(expected.docuSign);
    expect(screen.getByTestId("tag-AdobeSign")).toHaveTextContent(
      "{{Colour_es_:signer2:dropdown:options(Red,Green)}}",
    );
    const docuSignWarnings = screen.getByRole("list", { name: "What the DocuSign tag leaves out" });
    expect(within(docuSignWarnings).getAllByRole("listitem").length).toBe(
      expected.warnings.filter((w) => w.startsWith("DocuSign:")).length,
    );
    expect(docuSignWarnings).toHaveTextContent('label "Colour" dropped');
  });

  it("shows options only for Dropdown and RadioGroup", async () => {
    const user = renderTags();
    expect(builder().queryByRole("textbox", { name: /Options/ })).not.toBeInTheDocument();
    await chooseOption(user, builder().getByRole("combobox", { name: /Field type/ }), "RadioGroup");
    expect(builder().getByRole("textbox", { name: /Options/ })).toBeInTheDocument();
    await chooseOption(user, builder().getByRole("combobox", { name: /Field type/ }), "Text");
    expect(builder().queryByRole("textbox", { name: /Options/ })).not.toBeInTheDocument();
  });

  it("shows each field's error next to it and keeps what was typed", async () => {
    const user = renderTags();
    const signer = builder().getByRole("textbox", { name: /Signer/ });
    await user.clear(signer);
    await user.type(signer, "abc");
    const label = builder().getByRole("textbox", { name: "Label" });
    await user.type(label, " Client");

    expect(signer).toHaveValue("abc");
    expect(label).toHaveValue(" Client");
    expect(signer).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText('The signer is a whole number from 1 to 99, not "abc".')).toBeInTheDocument();
    expect(screen.getByText('Label " Client" must not start or end with a space.')).toBeInTheDocument();
    expect(screen.queryByTestId("tag-Platform")).not.toBeInTheDocument();
    expect(screen.getByText("Correct the fields marked above to see the tags.")).toBeInTheDocument();

    await user.clear(signer);
    await user.type(signer, "100");
    expect(screen.getByText("Signer must be a whole number from 1 to 99, not 100.")).toBeInTheDocument();

    await user.clear(signer);
    await user.type(signer, "7");
    await user.clear(label);
    await user.type(label, "Client");
    expect(screen.getByTestId("tag-Platform")).toHaveTextContent("{{sig:7:req;label=Client}}");
  });

  it("asks for at least one option of a Dropdown next to the options field", async () => {
    const user = renderTags();
    await chooseOption(user, builder().getByRole("combobox", { name: /Field type/ }), "Dropdown");
    expect(screen.getByText("A Dropdown field needs at least one option.")).toBeInTheDocument();
    expect(screen.queryByTestId("tag-Platform")).not.toBeInTheDocument();
    await user.type(builder().getByRole("textbox", { name: /Options/ }), "Red");
    expect(screen.getByTestId("tag-Platform")).toHaveTextContent("{{dropdown:1:req;options=Red}}");
  });

  it("reports repeated options", async () => {
    const user = renderTags();
    await chooseOption(user, builder().getByRole("combobox", { name: /Field type/ }), "Dropdown");
    const options = builder().getByRole("textbox", { name: /Options/ });
    await user.type(options, "Red{Enter}Red");
    expect(screen.getByText('Option 2 "Red" repeats option 1.')).toBeInTheDocument();
    expect(options).toHaveValue("Red\nRed");
  });

  it("inserts a tag at the cursor when composing", async () => {
    const { host, body } = composeHost();
    const user = renderTags(host);
    await user.click(screen.getByRole("button", { name: "Insert Platform tag at the cursor" }));
    expect(await screen.findByText("Inserted into the message at the cursor.")).toBeInTheDocument();
    expect(body()).toBe("Hello\n{{sig:1:req}}");
  });
});

describe("Tags view: check and convert", () => {
  it("shows the parsed fields of a valid tag", async () => {
    const user = renderTags();
    await user.click(checker().getByRole("textbox", { name: /Tag/ }));
    await user.paste("{{Colour_es_:signer2:dropdown:options(Red,Green)}}");
    expect(await checker().findByText("Valid Adobe Sign tag")).toBeInTheDocument();
    const parsed = checker().getByLabelText("Parsed tag");
    expect(parsed).toHaveTextContent("TypeDropdown");
    expect(parsed).toHaveTextContent("Signer2");
    expect(parsed).toHaveTextContent("RequiredNo");
    expect(parsed).toHaveTextContent("LabelColour");
    expect(parsed).toHaveTextContent("OptionsRed, Green");
  });

  it("shows the problems of an invalid tag and where they are", async () => {
    const user = renderTags();
    await user.click(checker().getByRole("textbox", { name: /Tag/ }));
    await user.paste("{{sig:x:req}}");
    expect(await checker().findByText("Not a valid Platform tag")).toBeInTheDocument();
    expect(
      checker().getByText('Expected the signer number (1 to 99) at character 6; found "x"'),
    ).toBeInTheDocument();
    const marked = document.querySelector("mark");
    expect(marked).toHaveTextContent("x");
    expect(checker().queryByRole("combobox", { name: "Convert to" })).not.toBeInTheDocument();
  });

  it("honours a format hint", async () => {
    const user = renderTags();
    await user.click(checker().getByRole("textbox", { name: /Tag/ }));
    await user.paste("\\s1\\");
    expect(await checker().findByText("Valid DocuSign tag")).toBeInTheDocument();
    await chooseOption(user, checker().getByRole("combobox", { name: "Format" }), "Platform");
    expect(await checker().findByText(/^Not a valid/)).toBeInTheDocument();
  });

  it("converts to another format with warnings", async () => {
    const user = renderTags();
    await user.click(checker().getByRole("textbox", { name: /Tag/ }));
    await user.paste("{{dropdown:2:opt;label=Colour;options=Red,Green}}");
    await waitFor(() => expect(checker().getByTestId("tag-DocuSign")).toBeInTheDocument());
    // Builder (default signature) and converter each show a DocuSign row: take the converter's.
    const converted = () => checker().getByTestId(/^tag-/);
    expect(converted()).toHaveTextContent("\\l2\\");
    expect(checker().getByRole("list", { name: "What the DocuSign tag leaves out" })).toHaveTextContent(
      'options ["Red","Green"] dropped',
    );
    await chooseOption(user, checker().getByRole("combobox", { name: "Convert to" }), "Adobe Sign");
    expect(converted()).toHaveTextContent("{{Colour_es_:signer2:dropdown:options(Red,Green)}}");
  });
});
