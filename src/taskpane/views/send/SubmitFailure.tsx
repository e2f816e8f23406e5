import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import type { SendDocument } from "../../send/documents";
import type { SubmitError } from "../../send/submit";

function failureTitle(failure: SubmitError, docs: readonly SendDocument[]): string {
  const doc = failure.docKey ? docs.find((d) => d.key === failure.docKey) : null;
  switch (failure.stage) {
    case "documents":
      return doc ? `“${doc.name}” could not be uploaded` : "The documents could not be uploaded";
    case "signers":
      return "The signers could not be added";
    case "fields":
      return "The fields could not be placed";
    case "sending":
      return "The package could not be sent";
    default:
      return "The package could not be prepared";
  }
}

/** A send that stopped: where, and that trying again continues from there. */
export function SubmitFailure({
  failure,
  documents,
}: {
  failure: SubmitError;
  documents: readonly SendDocument[];
}) {
  return (
    <ApiErrorMessage
      title={failureTitle(failure, documents)}
      error={failure.cause}
      message={`${failure.message} Nothing is lost: your choices and what was already uploaded are kept. Try again to continue.`}
    />
  );
}
