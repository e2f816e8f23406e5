import { ComingSoon } from "../components/ComingSoon";

export default function StatusView() {
  return (
    <ComingSoon title="Signing status">
      Coming next: the packages sent from this conversation, who has signed and who hasn&apos;t yet, and the
      signed documents once everyone has signed.
    </ComingSoon>
  );
}
