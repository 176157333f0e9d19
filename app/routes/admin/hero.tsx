import { useCallback, useMemo, useRef } from "react";
import { useNavigate } from "react-router";
import { guardServerAction } from "~/components/admin/action-result";
import { AddNewLink, AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { SlideForm, type SlideFormSource } from "~/components/admin/hero/slide-form";
import { SlideList } from "~/components/admin/hero/slide-list";
import { useDeleteAction } from "~/components/admin/use-delete-action";
import { DELETE_SLIDE_CONFIRM, SLIDE_MESSAGES } from "~/domain/messages";
import { publicationState } from "~/domain/publication";
import { loadAdminPage } from "~/server/admin/load-page.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { slideAction } from "~/routes/admin/hero.server";
import { listPublications } from "~/server/publishing/publication.server";
import { listSlides } from "~/server/content/slides.server";
import type { Route } from "./+types/hero";
import { serverClock } from "~/server/clock.server";

export const meta: Route.MetaFunction = () => [{ title: "Hero Section · Roadbook Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const form = params.get("edit")
    ? { mode: "edit" as const, id: params.get("edit") ?? "" }
    : params.has("new")
      ? { mode: "add" as const }
      : null;
  return loadAdminPage(context, {
    what: "the hero slides",
    load: async (db) => {
      const [slides, publishedAt] = await Promise.all([listSlides(db), listPublications(db, "heroSlides")]);
      const now = serverClock();
      const publications = Object.fromEntries(
        slides.map((slide) => [slide.id, publicationState(publishedAt[slide.id] ?? null, now)]),
      );
      return { slides, publications, form };
    },
    fallback: { slides: [], publications: {}, form: null },
    loadError: SLIDE_MESSAGES.loadFailed,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return slideAction(request, adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, (intent) =>
    intent === "delete" ? SLIDE_MESSAGES.deleteError : SLIDE_MESSAGES.manageError,
  );
}

export default function HeroPage({ loaderData }: Route.ComponentProps) {
  const { slides, publications, form } = loaderData;
  const [flash, show] = useAdminPage(loaderData.loadError);
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const { onDelete, deletingId } = useDeleteAction(DELETE_SLIDE_CONFIRM, show);

  const editedSlide = form?.mode === "edit" ? slides.find((slide) => slide.id === form.id) : undefined;
  const source = useMemo((): SlideFormSource | null => {
    if (form?.mode === "add") return { mode: "add" };
    return editedSlide ? { mode: "edit", slide: editedSlide } : null;
  }, [form?.mode, editedSlide]);

  const closeForm = useCallback(() => {
    void navigate({ search: "" });
    heading.current?.focus();
  }, [navigate]);

  return (
    <AdminPage
      title="Hero Section Management"
      intro="The slides of the home page carousel, in the order visitors see them."
      action={!source && <AddNewLink>Add New Slide</AddNewLink>}
      headingRef={heading}
      flash={flash}
    >
      {source && (
        <SlideForm key={form?.mode === "edit" ? form.id : "add"} source={source} onMessage={show} onClose={closeForm} />
      )}
      <SlideList slides={slides} publications={publications} deletingId={deletingId} onDelete={onDelete} />
    </AdminPage>
  );
}
