import { ComingSoon } from "../components/ComingSoon";

export default function GroupsView() {
  return (
    <ComingSoon title="Signing groups">
      Coming next: find, create and edit your organisation&apos;s signing groups, and add this message&apos;s
      recipients to one.
    </ComingSoon>
  );
}
