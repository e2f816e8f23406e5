/** A feed's failure before anything could be shown: the title, and the error's own words. */
import { MessageBar, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";

export default function FeedError({ title, error }: { title: string; error: unknown }) {
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {error instanceof Error ? error.message : String(error)}
      </MessageBarBody>
    </MessageBar>
  );
}
