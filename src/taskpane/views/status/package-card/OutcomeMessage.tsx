/** What the card's last action came to, said where a screen reader hears it (an empty live region else). */
import { MessageBar, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { ApiErrorMessage } from "../../../components/ApiErrorMessage";
import type { Outcome } from "./use-package-actions";

export default function OutcomeMessage({ outcome }: { outcome: Outcome | null }) {
  return (
    <div aria-live="polite">
      {outcome &&
        (outcome.intent === "error" ? (
          <ApiErrorMessage
            title={outcome.title}
            error={outcome.error}
            {...(outcome.text ? { message: outcome.text } : {})}
          />
        ) : (
          <MessageBar intent={outcome.intent} layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>{outcome.title}</MessageBarTitle>
              {outcome.text}
            </MessageBarBody>
          </MessageBar>
        ))}
    </div>
  );
}
