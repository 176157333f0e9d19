import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { CommunityFormButton } from "~/components/community-form-button";
import { SocialIcon } from "~/components/social-icon";
import { servicesContext } from "~/context";
import { DEFAULT_BUSINESS_HOURS, FALLBACK_CONFIG, RESPONSE_TIME_NOTE } from "~/domain/defaults";
import { pageMetaTags, seoSite } from "~/domain/page-seo";
import { socialLinks, telHref } from "~/domain/social-links";
import { Island } from "~/islands/island";
import { loadOrFallback } from "~/server/load-or-fallback.server";
import { getConfig } from "~/server/content/config.server";
import type { Route } from "./+types/contact";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  return {
    config: await loadOrFallback(
      logger,
      "configuration",
      () => getConfig(db),
      () => FALLBACK_CONFIG,
    ),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMetaTags("contact", seoSite(matches[1]?.loaderData, FALLBACK_CONFIG.company.name));
}

/** '/contact' (product.md#contact-page): the community form in a modal, contact cards and social buttons. */
export default function Contact({ loaderData }: Route.ComponentProps) {
  const { company, googleForm } = loaderData.config;
  const socials = socialLinks(loaderData.config, ["instagram", "youtube", "whatsapp"]);

  return (
    <>
      <section className="bg-ink-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-[0.2em] text-brand-300 uppercase">Contact</p>
          <h1 className="mt-2 text-hero font-extrabold">Get In Touch</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-200">
            Questions about a ride, planning a group trip or ready to join? Fill in our community form or reach us
            directly.
          </p>
          {googleForm && <Island name="community-form" component={CommunityFormButton} props={{ src: googleForm }} />}
        </div>
      </section>

      <section aria-label="Contact details" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-3">
          <ContactCard Icon={Mail} title="Email" testId="contact-email">
            {company.email && (
              <a href={`mailto:${company.email}`} className="font-semibold break-all text-brand-700 hover:underline">
                {company.email}
              </a>
            )}
            <p className="mt-2 text-sm text-ink-600">{RESPONSE_TIME_NOTE}</p>
          </ContactCard>
          <ContactCard Icon={Phone} title="Phone" testId="contact-phone">
            {company.phone && (
              <a href={telHref(company.phone)} className="font-semibold text-brand-700 hover:underline">
                {company.phone}
              </a>
            )}
            <p className="mt-2 flex items-center gap-1.5 text-sm text-ink-600">
              <Clock aria-hidden="true" className="size-4" />
              {company.businessHours.trim() || DEFAULT_BUSINESS_HOURS}
            </p>
          </ContactCard>
          <ContactCard Icon={MapPin} title="Location" testId="contact-location">
            <p className="font-semibold text-ink-800">{company.location}</p>
          </ContactCard>
        </ul>

        {socials.length > 0 && (
          <div className="mt-14 text-center">
            <h2 className="text-2xl font-bold text-ink-900">Follow the ride</h2>
            <ul className="mt-6 flex flex-wrap justify-center gap-3">
              {socials.map((link) => (
                <li key={link.network}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-12 items-center gap-2 rounded-full border-2 border-ink-900 px-6 font-semibold text-ink-900 transition-colors hover:bg-ink-900 hover:text-white"
                  >
                    <SocialIcon network={link.network} className="size-5" />
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </>
  );
}

type ContactCardProps = { Icon: typeof Mail; title: string; testId: string; children: React.ReactNode };

function ContactCard({ Icon, title, testId, children }: ContactCardProps) {
  return (
    <li data-testid={testId} className="rounded-card bg-white p-8 shadow-card ring-1 ring-ink-100">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-xl font-bold text-ink-900">{title}</h2>
      <div className="mt-2">{children}</div>
    </li>
  );
}
