/** Under a completed package's buttons: the documents still being sealed, or sealing them failed. */
import { MessageBar, MessageBarBody, MessageBarTitle, Spinner } from "@fluentui/react-components";
import type { Package } from "../../../../api/packages";

/** The service's word on the sealed files; null while the package isn't completed. */
export type Sealing = NonNullable<Package["sealing"]> | null;

/** An older service says nothing about sealing: its completed files are taken as made. */
export function sealingOf(pkg: Package): Sealing {
  return pkg.status === "Completed" ? (pkg.sealing ?? "Done") : null;
}

export default function SealingNote({ sealing }: { sealing: Sealing }) {
  return (
    <>
      {sealing === "InProgress" && (
        <Spinner
          size="extra-tiny"
          labelPosition="after"
          label="Everyone has signed. The documents are being sealed; they can be opened here in a moment."
        />
      )}
      {sealing === "Failed" && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>The signed documents could not be made</MessageBarTitle>
            Everyone has signed, but sealing the documents failed. Ask your administrator: the service says
            why.
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
