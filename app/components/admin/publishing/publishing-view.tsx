import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { FieldChange } from "~/domain/revisions";
import type { PublicationState } from "~/domain/publication";
import { AdminPage, useAdminPage } from "../admin-page";
import { PreviewLink } from "./preview-link";
import { PublicationForm } from "./publication-form";
import { RevisionList } from "./revision-list";
import { ADMIN_CONTACT_PATH, ADMIN_FEATURED_PATH, ADMIN_HERO_PATH, ADMIN_RIDES_PATH } from "~/domain/admin-links";

export type PublishingPageData = {
  record: { collection: string; id: string; title: string; version: number | null; publicHref: string | null } | null;
  publication: { state: PublicationState; when: string | null; at: string } | null;
  revisions: { id: string; action: string; actorEmail: string; when: string; changes: FieldChange[] }[];
  timeZone: string;
  loadError: string | null;
};

const BACK: Record<string, { to: string; label: string }> = {
  rides: { to: ADMIN_RIDES_PATH, label: "Back to rides" },
  heroSlides: { to: ADMIN_HERO_PATH, label: "Back to the hero section" },
  featuredRide: { to: ADMIN_FEATURED_PATH, label: "Back to the featured ride" },
  config: { to: ADMIN_CONTACT_PATH, label: "Back to contact information" },
};

/** Publishing & history of one record (decision 025). */
export function PublishingView({ data, collection }: { data: PublishingPageData; collection: string }) {
  const [flash, show] = useAdminPage(data.loadError);
  const { record, publication, revisions } = data;
  const back = BACK[collection] ?? BACK.rides!;
  return (
    <AdminPage
      title={record ? `Publishing & history: ${record.title}` : "Publishing & history"}
      intro="When visitors see it, a preview for people who are not admins, and every save with what it changed."
      action={
        <Link to={back.to} className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {back.label}
        </Link>
      }
      flash={flash}
    >
      {!record ? (
        data.loadError ? null : (
          <p>This record no longer exists.</p>
        )
      ) : (
        <div className="space-y-8">
          {publication ? (
            <PublicationForm
              key={`${publication.state}:${publication.when ?? ""}`}
              publication={publication}
              timeZone={data.timeZone}
              show={show}
            />
          ) : null}
          {record.publicHref && publication?.state !== "draft" && publication?.state !== "scheduled" ? (
            <p>
              <a href={record.publicHref} className="font-semibold text-brand-700 underline">
                Open the public page
              </a>
            </p>
          ) : null}
          {publication ? <PreviewLink show={show} /> : null}
          <RevisionList revisions={revisions} version={record.version} show={show} />
        </div>
      )}
    </AdminPage>
  );
}
