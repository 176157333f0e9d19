import { Mail } from "lucide-react";
import type { SocialNetwork } from "~/domain/social-links";
import { InstagramIcon, WhatsappIcon, YoutubeIcon } from "./social-icons";

export function SocialIcon({ network, className }: { network: SocialNetwork; className?: string }) {
  switch (network) {
    case "instagram":
      return <InstagramIcon className={className} />;
    case "youtube":
      return <YoutubeIcon className={className} />;
    case "whatsapp":
      return <WhatsappIcon className={className} />;
    case "email":
      return <Mail aria-hidden="true" className={className} />;
  }
}
