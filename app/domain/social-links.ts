import type { SiteConfig } from "./content";

export type SocialNetwork = "instagram" | "youtube" | "email" | "whatsapp";

export type SocialLink = {
  network: SocialNetwork;
  label: string;
  href: string;
  /** Web links open in a new tab; a mailto: link hands over to the mail app instead. */
  external: boolean;
};

const LABELS: Record<SocialNetwork, string> = {
  instagram: "Instagram",
  youtube: "YouTube",
  email: "Email",
  whatsapp: "WhatsApp",
};

const WEB_LINK = /^https?:\/\//i;
const MAIL_LINK = /^mailto:[^\s@]+@[^\s@]+$/i;

/**
 * The configured social links of `networks`, in that order, leaving out any not set. The
 * email link falls back to the company email. Only http(s) and mailto: links are kept: the
 * configuration schema accepts nothing else, and an href is no place to find out otherwise.
 */
export function socialLinks(config: SiteConfig, networks: readonly SocialNetwork[]): SocialLink[] {
  return networks.flatMap((network): SocialLink[] => {
    const href = linkOf(config, network);
    if (WEB_LINK.test(href)) return [{ network, label: LABELS[network], href, external: true }];
    if (MAIL_LINK.test(href)) return [{ network, label: LABELS[network], href, external: false }];
    return [];
  });
}

function linkOf(config: SiteConfig, network: SocialNetwork): string {
  const link = config.socialMedia[network].trim();
  if (network === "email" && link === "" && config.company.email.trim() !== "")
    return `mailto:${config.company.email.trim()}`;
  return link;
}

/** A tel: link for a phone number as people write it ('+91 98765 43210' → 'tel:+919876543210'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
