/** "Send for signature" where the conversation has nothing sent yet: it opens the Send view. */
import { Button } from "@fluentui/react-components";
import { SendRegular } from "@fluentui/react-icons";
import { useNavigation } from "../../navigation";

export default function OfferSend() {
  const { navigate } = useNavigation();
  return (
    <div>
      <Button appearance="primary" icon={<SendRegular />} onClick={() => navigate({ view: "send" })}>
        Send for signature
      </Button>
    </div>
  );
}
