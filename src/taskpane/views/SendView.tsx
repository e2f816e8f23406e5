import { ComingSoon } from "../components/ComingSoon";

export default function SendView() {
  return (
    <ComingSoon title="Send for signature">
      Coming next: choose attachments of this message, pick the signers from its recipients or a signing
      group, and send the documents for signature without leaving Outlook.
    </ComingSoon>
  );
}
