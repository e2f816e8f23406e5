import { InfoNotice } from "./InfoNotice";
import { SelfSignPage } from "./SelfSignPage";

/** The view's only page when there is nothing to sign here: no message, no attachment, or this Outlook can't. */
export function NothingToSign({ children }: { children: string }) {
  return (
    <SelfSignPage>
      <InfoNotice>{children}</InfoNotice>
    </SelfSignPage>
  );
}
