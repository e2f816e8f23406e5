/**
 * @jest-environment ./test/leak-guard/node-environment.js
 */
import {
  AdapterErrorCode,
  OfficeErrorCode,
  OutlookError,
  UnsupportedAttachmentError,
  fromOfficeError,
} from "../../src/outlook/errors";
import { base64ToBytes, guessContentType } from "../../src/outlook/content";

describe("fromOfficeError", () => {
  const cases: Array<[number, string, RegExp, boolean]> = [
    [5100, "TooManyIncompleteRequests", /Outlook is busy/, true],
    [5102, "ActivityLimitReached", /Outlook is busy/, true],
    [9041, "NetworkError", /network connection/, true],
    [9040, "HTTPRequestFailure", /network connection/, true],
    [9042, "InternalServerError", /mail server returned an error/, true],
    [9002, "InternalFormatError", /internal error.*restart Outlook/, true],
    [5001, "InternalError", /internal error/, true],
    [9000, "AttachmentSizeExceeded", /too large/, false],
    [5104, "ResponsePayloadSizeLimitExceeded", /too large/, false],
    [9030, "APICallFailedDueToItemChange", /selected message changed/, false],
    [9046, "ItemNotSaved", /hasn't been saved.*Save it/, false],
    [9029, "CanOnlyGetTokenForSavedItem", /Save it/, false],
    [9038, "InsufficientItemPermissionsError", /permission/, false],
    [7000, "NoCapability", /doesn't have permission/, false],
    [9053, "AttachmentResourceUnAuthorizedAccess", /don't have access/, false],
    [9052, "AttachmentResourceNotFound", /can't be found/, false],
    [9054, "AttachmentDownloadFailed", /couldn't download/, true],
    [9003, "InvalidAttachmentId", /Refresh the attachment list/, false],
    [9014, "CursorPositionChanged", /cursor moved/, true],
    [9055, "APINotSupportedForSharedFolders", /shared/, false],
    [5012, "InvalidOrTimedOutSession", /expired.*Reload/, false],
  ];

  it.each(cases)("maps %i (%s) to a message the user can act on", (code, name, message, retryable) => {
    const error = fromOfficeError({ code, name, message: "raw office text" }, "someAsync");
    expect(error).toBeInstanceOf(OutlookError);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain("raw office text");
    expect(error.officeName).toBe(name);
    expect(error.officeMessage).toBe("raw office text");
    expect(error.operation).toBe("someAsync");
    expect(error.retryable).toBe(retryable);
    expect(error.name).toBe("OutlookError");
  });

  it("has a specific message for every code it exports", () => {
    for (const [name, code] of Object.entries(OfficeErrorCode)) {
      const error = fromOfficeError({ code, name, message: "RAW" }, "op");
      expect({ name, message: error.message }).not.toEqual({ name, message: "RAW" });
      expect(error.message.length).toBeGreaterThan(20);
    }
  });

  it("maps 9043 to an UnsupportedAttachmentError", () => {
    const error = fromOfficeError({ code: 9043, name: "AttachmentTypeNotSupported", message: "x" }, "op");
    expect(error).toBeInstanceOf(UnsupportedAttachmentError);
    expect(error.code).toBe(OfficeErrorCode.AttachmentTypeNotSupported);
    expect(error.message).toMatch(/regular file/);
  });

  it("keeps Office's message for an unknown code", () => {
    const error = fromOfficeError(
      { code: 12345, name: "Whatever", message: "Something odd happened." },
      "op",
    );
    expect(error.code).toBe(12345);
    expect(error.message).toBe("Something odd happened.");
    expect(error.retryable).toBe(false);
  });

  it("gives a fallback for an unknown code without a message", () => {
    expect(fromOfficeError({ code: 4242 }, "op").message).toMatch(/error 4242.*Try again/);
  });

  it("copes with a missing error object and with string codes", () => {
    const missing = fromOfficeError(undefined, "op");
    expect(missing.code).toBe(AdapterErrorCode.Unknown);
    expect(missing.message).toMatch(/couldn't complete/);
    expect(fromOfficeError({ code: "9041" as unknown as number }, "op").code).toBe(9041);
  });
});

describe("base64ToBytes", () => {
  it("decodes to the same bytes as Node's Buffer, for every byte value", () => {
    const all = new Uint8Array(256).map((_, i) => i);
    const encoded = Buffer.from(all).toString("base64");
    expect(Array.from(base64ToBytes(encoded))).toEqual(Array.from(all));
  });

  it("tolerates line breaks and handles padding and empty input", () => {
    expect(Array.from(base64ToBytes("aGVs\r\nbG8="))).toEqual([104, 101, 108, 108, 111]);
    expect(Array.from(base64ToBytes("YQ=="))).toEqual([97]);
    expect(base64ToBytes("")).toHaveLength(0);
  });

  it("throws on invalid input", () => {
    expect(() => base64ToBytes("not*base64!")).toThrow();
  });
});

describe("guessContentType", () => {
  it("guesses from the extension, case-insensitively", () => {
    expect(guessContentType("Contract.PDF")).toBe("application/pdf");
    expect(guessContentType("nda.docx")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(guessContentType("README")).toBe("application/octet-stream");
    expect(guessContentType("archive.unknownext")).toBe("application/octet-stream");
    expect(guessContentType("weird.constructor")).toBe("application/octet-stream");
  });
});
