/** Void a package: the reason the signers are told (checked here, or by the service), then void it. */
import { useState } from "react";
import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Textarea,
} from "@fluentui/react-components";
import { isApiError } from "../../../../api/errors";
import { ApiErrorMessage } from "../../../components/ApiErrorMessage";

export default function VoidDialog({
  open,
  packageName,
  onCancel,
  onVoid,
}: {
  open: boolean;
  packageName: string;
  onCancel(): void;
  onVoid(reason: string): Promise<void>;
}) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const text = reason.trim();
    if (!text) return setProblem("Say why: the signers are told.");
    if (text.length > 500) return setProblem(`At most 500 characters (this is ${text.length}).`);
    setProblem(null);
    setFailure(null);
    setBusy(true);
    try {
      await onVoid(text);
      setReason("");
    } catch (error) {
      // The service's field error goes next to the field; anything else below it.
      const field = isApiError(error) ? error.errors.find((e) => e.field === "reason") : undefined;
      if (field) setProblem(field.message);
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface>
        <form
          // The reason is checked here and said next to the field, not by the browser's own bubble.
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogBody>
            <DialogTitle>Void “{packageName}”?</DialogTitle>
            <DialogContent>
              <Body1 as="p">
                Nobody can sign it any more, and this can&apos;t be undone. Signers who were already invited
                get the reason by mail.
              </Body1>
              <Field
                label="Reason"
                required
                validationState={problem ? "error" : "none"}
                validationMessage={problem ?? undefined}
              >
                <Textarea
                  value={reason}
                  maxLength={600}
                  onChange={(_, data) => setReason(data.value)}
                  resize="vertical"
                />
              </Field>
              {failure !== null && <ApiErrorMessage title="Not voided" error={failure} />}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onCancel} disabled={busy}>
                Keep it
              </Button>
              <Button appearance="primary" type="submit" disabled={busy}>
                {busy ? "Voiding…" : "Void package"}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
