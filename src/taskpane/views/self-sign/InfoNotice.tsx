import { MessageBar, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";

/** A word to the user, not a fault: nothing to sign here, or what became of a stopped signing. */
export function InfoNotice({ title, children }: { title?: string; children: React.ReactNode }) {
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>
        {title ? <MessageBarTitle>{title}</MessageBarTitle> : null}
        {children}
      </MessageBarBody>
    </MessageBar>
  );
}
