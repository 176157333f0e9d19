import { Link } from "react-router";
import type { SiteConfig } from "~/domain/content";
import { FIND_BOOKING_PATH, ME_PATH } from "~/domain/links";
import { FOOTER_NAV_ID, NAV_LINKS } from "~/domain/navigation";
import { SITE_NAME } from "~/domain/site";
import { socialLinks } from "~/domain/social-links";
import { LogoMark } from "./logo";
import { SocialIcon } from "./social-icon";

/**
 * The footer of every public page (product.md#navigation): copyright with the company name, a
 * credit line, social icons.
 */
export function SiteFooter({ config, year }: { config: SiteConfig; year: number }) {
  const companyName = config.company.name.trim() || SITE_NAME;
  const links = socialLinks(config, ["instagram", "youtube", "email", "whatsapp"]);
  return (
    <footer className="bg-ink-950 text-ink-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div>
          <div className="flex items-center gap-3">
            <LogoMark className="size-10" />
            <p className="font-display text-lg font-bold text-white">{companyName}</p>
          </div>
          <p className="mt-4 max-w-sm text-sm leading-relaxed">
            Weekend getaways and long-distance expeditions on two wheels and four, with riders who become friends.
          </p>
          {links.length > 0 && (
            <ul className="mt-6 flex gap-3" aria-label="Follow us">
              {links.map((link) => (
                <li key={link.network}>
                  <a
                    href={link.href}
                    aria-label={link.label}
                    {...(link.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                    className="inline-flex size-11 items-center justify-center rounded-full bg-ink-800 text-ink-100 transition-colors hover:bg-brand-600 hover:text-white"
                  >
                    <SocialIcon network={link.network} className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>

        <nav id={FOOTER_NAV_ID} aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Explore</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand-300">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to={FIND_BOOKING_PATH} className="hover:text-brand-300">
                Find my booking
              </Link>
            </li>
            <li>
              <Link to={ME_PATH} className="hover:text-brand-300">
                My rides
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Reach us</h2>
          <ul className="mt-4 space-y-2 text-sm break-words">
            {config.company.email && (
              <li>
                <a href={`mailto:${config.company.email}`} className="hover:text-brand-300">
                  {config.company.email}
                </a>
              </li>
            )}
            {config.company.phone && <li>{config.company.phone}</li>}
            {config.company.location && <li>{config.company.location}</li>}
          </ul>
        </div>
      </div>

      <div className="border-t border-ink-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {companyName}. All rights reserved.
          </p>
          <p>Made by riders, for riders.</p>
        </div>
      </div>
    </footer>
  );
}
