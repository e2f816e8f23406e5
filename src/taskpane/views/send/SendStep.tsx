import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  ProgressBar,
  Select,
  Subtitle2,
  Switch,
  Textarea,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { Reminders } from "../../send/draft";
import { formatSize, type SendDocument } from "../../send/documents";
import { STAGE_LABELS, type SubmitStage } from "../../send/submit";
import { plainList } from "./list-style";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1, minWidth: "110px" },
  list: plainList,
  name: { overflowWrap: "anywhere" },
});

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 10_000;
/** The invitation's message until the user writes their own: it greets nobody and signs for nobody. */
export const NEUTRAL_MESSAGE = "Please review the documents and sign where indicated.";
export const EXPIRY_CHOICES = [null, 7, 14, 30, 60, 90, 120] as const;

/** The reminders' two day counts, each an input. */
const REMINDER_DAYS = [
  ["First after (days)", "firstAfterDays"],
  ["Then every (days)", "everyDays"],
] as const satisfies readonly (readonly [string, keyof Reminders])[];

export type SendFieldName = "subject" | "message" | "expiry" | "reminders";

export interface UploadProgress {
  sent: number;
  total: number;
  resumed: boolean;
}

export interface SendStepProps {
  subject: string;
  message: string;
  expiresInDays: number | null;
  reminders: Reminders;
  onChange(patch: {
    subject?: string;
    message?: string;
    expiresInDays?: number | null;
    reminders?: Reminders;
  }): void;
  /** Problems next to each field: the pane's own checks and the service's answer. */
  fieldErrors: Partial<Record<SendFieldName, string>>;
  /** Writing a message: puts the text the user wrote into the invitation's message. */
  onUseBody?: () => void;
  documents: readonly SendDocument[];
  uploads: ReadonlyMap<string, UploadProgress>;
  stage: SubmitStage | null;
  busy: boolean;
}

/** The pane's own checks of the send form, in words next to each field. */
export function sendFormProblems(p: {
  subject: string;
  message: string;
  reminders: Reminders;
}): Partial<Record<SendFieldName, string>> {
  const out: Partial<Record<SendFieldName, string>> = {};
  if (p.subject.trim() === "") out.subject = "Give the invitation a subject.";
  else if (p.subject.length > SUBJECT_MAX)
    out.subject = `The subject may be at most ${SUBJECT_MAX} characters; it has ${p.subject.length}.`;
  if (p.message.length > MESSAGE_MAX)
    out.message = `The message may be at most ${MESSAGE_MAX.toLocaleString("en-US")} characters; it has ${p.message.length.toLocaleString("en-US")}.`;
  const r = p.reminders;
  if (r.enabled && !(Number.isInteger(r.firstAfterDays) && r.firstAfterDays >= 1 && r.firstAfterDays <= 365))
    out.reminders = "The first reminder comes 1 to 365 days after sending.";
  else if (r.enabled && !(Number.isInteger(r.everyDays) && r.everyDays >= 1 && r.everyDays <= 365))
    out.reminders = "Reminders repeat every 1 to 365 days.";
  return out;
}

const state = (message: string | undefined) =>
  message ? { validationMessage: message, validationState: "error" as const } : {};

/** Step 5: what the invitation says, when it expires, reminders; the uploads' progress while sending. */
export function SendStep(props: SendStepProps) {
  const styles = useStyles();
  const { reminders, fieldErrors: errors } = props;
  const days = (value: string) => {
    const n = Number(value);
    return Number.isFinite(n) ? Math.trunc(n) : 0;
  };
  return (
    <section className={styles.root} aria-labelledby="send-send-heading">
      <Subtitle2 as="h3" id="send-send-heading">
        5. Send
      </Subtitle2>
      <Field label="Subject" required {...state(errors.subject)}>
        <Input
          value={props.subject}
          disabled={props.busy}
          onChange={(_, data) => props.onChange({ subject: data.value })}
        />
      </Field>
      <Field
        label="Message"
        hint="The signers read it in their invitation, above the link to sign."
        {...state(errors.message)}
      >
        <Textarea
          value={props.message}
          disabled={props.busy}
          resize="vertical"
          rows={5}
          onChange={(_, data) => props.onChange({ message: data.value })}
        />
      </Field>
      {props.onUseBody ? (
        <div>
          <Button size="small" disabled={props.busy} onClick={props.onUseBody}>
            Use my message&apos;s text
          </Button>
        </div>
      ) : null}
      <Field label="Expires" {...state(errors.expiry)}>
        <Select
          value={props.expiresInDays === null ? "" : String(props.expiresInDays)}
          disabled={props.busy}
          onChange={(_, data) =>
            props.onChange({ expiresInDays: data.value === "" ? null : Number(data.value) })
          }
        >
          {EXPIRY_CHOICES.map((d) => (
            <option key={String(d)} value={d === null ? "" : String(d)}>
              {d === null ? "Never" : `${d} days after sending`}
            </option>
          ))}
        </Select>
      </Field>
      <Switch
        checked={reminders.enabled}
        disabled={props.busy}
        label="Remind those who have not signed"
        onChange={(_, data) => props.onChange({ reminders: { ...reminders, enabled: data.checked } })}
      />
      {reminders.enabled ? (
        <Field {...state(errors.reminders)}>
          <div className={styles.row}>
            {REMINDER_DAYS.map(([label, key]) => (
              <Field key={key} label={label} className={styles.grow}>
                <Input
                  type="number"
                  min={1}
                  max={365}
                  value={String(reminders[key])}
                  disabled={props.busy}
                  onChange={(_, data) =>
                    props.onChange({ reminders: { ...reminders, [key]: days(data.value) } })
                  }
                />
              </Field>
            ))}
          </div>
        </Field>
      ) : null}
      {props.stage || props.uploads.size > 0 ? (
        <div className={styles.root}>
          {props.stage ? <Body1 role="status">{`${STAGE_LABELS[props.stage]}…`}</Body1> : null}
          <ul className={styles.list} aria-label="Uploads">
            {props.documents.map((doc) => {
              const p = props.uploads.get(doc.key);
              const value = p ? (p.total === 0 ? 1 : p.sent / p.total) : 0;
              return (
                <li key={doc.key}>
                  <Field
                    label={doc.name}
                    hint={
                      p
                        ? `${formatSize(p.sent)} of ${formatSize(p.total)}${p.resumed ? " · resumed" : ""}`
                        : "Waiting"
                    }
                  >
                    <ProgressBar value={value} max={1} aria-label={`Upload of ${doc.name}`} />
                  </Field>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {!props.busy ? null : (
        <Caption1>Keep the pane open until it is sent; if it closes, open it again to continue.</Caption1>
      )}
    </section>
  );
}
