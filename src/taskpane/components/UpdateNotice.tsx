import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
} from "@fluentui/react-components";
import { DismissRegular } from "@fluentui/react-icons";

export interface UpdateNoticeProps {
  /** The deployed manifest's version ("" when the service did not say). */
  version: string;
  onDismiss(): void;
}

/** The banner of UpdateBanner.tsx: says a newer add-in is deployed and how to get it. */
export default function UpdateNotice({ version, onDismiss }: UpdateNoticeProps) {
  return (
    <MessageBar intent="info" layout="multiline" aria-live="polite">
      <MessageBarBody>
        <MessageBarTitle>A newer version of Sign for Outlook is available</MessageBarTitle>
        {version ? `Version ${version} is deployed. ` : ""}Close this pane and open it again (or reload it) to
        get it. If this message comes back, Outlook still has the old add-in: ask your administrator to update
        it in the Microsoft 365 admin center, or, if you added it yourself, remove it and add the new manifest
        again (My add-ins → Custom add-ins).
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button
            appearance="transparent"
            aria-label="Dismiss"
            icon={<DismissRegular />}
            onClick={onDismiss}
          />
        }
      />
    </MessageBar>
  );
}
