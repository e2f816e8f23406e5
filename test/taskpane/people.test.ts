import fc from "fast-check";
import { emailKey, groupNameFromSubject, messagePeople } from "../../src/taskpane/groups/people";

const person = (address: string, name = "", recipientType = "user") => ({ address, name, recipientType });
const none = { to: [], cc: [], bcc: [] };

describe("messagePeople", () => {
  test("reading: the sender first, then To and Cc, each address once (ignoring case), roles gathered", () => {
    const people = messagePeople({
      mode: "read",
      sender: person("adele.vance@fabrikam.com", "Adele Vance", "externalUser"),
      recipients: {
        to: [
          person("megan.bowen@contoso.com", "Megan Bowen"),
          person("alex.wilber@contoso.com", "Alex Wilber"),
        ],
        cc: [
          person("Alex.Wilber@Contoso.com", "Alex W."),
          person("legal@fabrikam.com", "Fabrikam Legal", "distributionList"),
        ],
        bcc: [],
      },
      self: "MEGAN.BOWEN@contoso.com",
    });
    expect(people.map((p) => [p.address, p.roles, p.isSelf, p.isDistributionList])).toEqual([
      ["adele.vance@fabrikam.com", ["from"], false, false],
      ["megan.bowen@contoso.com", ["to"], true, false],
      ["alex.wilber@contoso.com", ["to", "cc"], false, false],
      ["legal@fabrikam.com", ["cc"], false, true],
    ]);
    expect(people[2]!.name).toBe("Alex Wilber");
  });

  test("writing: no sender (it is the user), Bcc included", () => {
    const people = messagePeople({
      mode: "compose",
      sender: person("me@contoso.com"),
      recipients: { to: [person("a@x.com")], cc: [], bcc: [person("b@x.com")] },
      self: "me@contoso.com",
    });
    expect(people.map((p) => [p.address, p.roles])).toEqual([
      ["a@x.com", ["to"]],
      ["b@x.com", ["bcc"]],
    ]);
  });

  test("an entry without an address is kept (shown as it comes) but never merged or marked as the user", () => {
    const people = messagePeople({
      mode: "compose",
      sender: null,
      recipients: { to: [person("", "Someone"), person("", "Another")], cc: [], bcc: [] },
      self: "",
    });
    expect(people.map((p) => [p.name, p.address, p.isSelf])).toEqual([
      ["Someone", "", false],
      ["Another", "", false],
    ]);
  });

  test("property: one entry per email key, in first-seen order", () => {
    const address = fc.constantFrom(
      "a@x.com",
      "A@X.com",
      "b@x.com",
      "c@y.org",
      "C@Y.ORG",
      "é@x.com",
      "e\u0301@x.com",
    );
    fc.assert(
      fc.property(fc.array(address), fc.array(address), (to, cc) => {
        const people = messagePeople({
          mode: "compose",
          sender: null,
          recipients: { to: to.map((a) => person(a)), cc: cc.map((a) => person(a)), bcc: [] },
          self: "nobody@x.com",
        });
        const keys = [...to, ...cc].map(emailKey);
        expect(people.map((p) => p.key)).toEqual([...new Set(keys)]);
      }),
    );
  });

  test("no recipients: nobody", () => {
    expect(messagePeople({ mode: "compose", sender: null, recipients: none, self: "me@x.com" })).toEqual([]);
  });
});

describe("groupNameFromSubject", () => {
  test.each([
    ["RE: FW: Master services agreement", "Master services agreement"],
    ["Re[2]: NDA", "NDA"],
    ["AW: Vertrag", "Vertrag"],
    ["  Quarterly approvals  ", "Quarterly approvals"],
    ["", ""],
  ])("%j → %j", (subject, name) => expect(groupNameFromSubject(subject)).toBe(name));

  test("keeps within the service's 200 characters", () => {
    expect([...groupNameFromSubject("😀".repeat(300))]).toHaveLength(200);
  });
});
