import { Plus } from "lucide-react";
import { useCallback, useMemo, useRef } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { guardServerAction } from "~/components/admin/action-result";
import type { ActionResult } from "~/domain/action-result";
import { SlideForm, type SlideFormSource } from "~/components/admin/hero/slide-form";
import { SlideList } from "~/components/admin/hero/slide-list";
import { StatusMessage } from "~/components/admin/status-message";
import { useLiveRevalidation } from "~/components/admin/use-live-revalidation";
import { useLoadErrorMessage, useResultMessage, useStatusMessage } from "~/components/admin/use-status-message";
import { servicesContext } from "~/context";
import type { HeroSlide } from "~/domain/content";
import { DELETE_SLIDE_CONFIRM, SLIDE_MESSAGES } from "~/domain/messages";
import { adminActionContext } from "~/server/admin/respond.server";
import { slideAction } from "~/server/admin/slide-actions.server";
import { listSlides } from "~/server/services/slides.server";
import type { Route } from "./+types/hero";

export const meta: Route.MetaFunction = () => [{ title: "Hero Section · Roadbook Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const form = params.get("edit")
    ? { mode: "edit" as const, id: params.get("edit") ?? "" }
    : params.has("new")
      ? { mode: "add" as const }
      : null;
  try {
    return { slides: await listSlides(db), form, loadError: null };
  } catch (error) {
    logger.error({ err: error }, "loading the hero slides failed");
    return { slides: [] as HeroSlide[], form: null, loadError: SLIDE_MESSAGES.loadFailed };
  }
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
  useLiveRevalidation();
  const { slides, form, loadError } = loaderData;
  const [flash, show] = useStatusMessage();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const deleteFetcher = useFetcher<ActionResult>();
  useResultMessage(deleteFetcher.data, show);

  useLoadErrorMessage(loadError, show);

  const editedSlide = form?.mode === "edit" ? slides.find((slide) => slide.id === form.id) : undefined;
  const source = useMemo((): SlideFormSource | null => {
    if (form?.mode === "add") return { mode: "add" };
    return editedSlide ? { mode: "edit", slide: editedSlide } : null;
  }, [form?.mode, editedSlide]);

  const closeForm = useCallback(() => {
    void navigate({ search: "" });
    heading.current?.focus();
  }, [navigate]);

  const onDelete = useCallback(
    (slide: HeroSlide) => {
      if (!window.confirm(DELETE_SLIDE_CONFIRM)) return;
      void deleteFetcher.submit({ intent: "delete", id: slide.id }, { method: "post", encType: "application/json" });
    },
    [deleteFetcher],
  );
  const deletingId = deleteFetcher.state !== "idle" && isIdPayload(deleteFetcher.json) ? deleteFetcher.json.id : null;

  return (
    <div className="space-y-6">
      <StatusMessage flash={flash} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 ref={heading} tabIndex={-1} className="font-display text-3xl font-extrabold text-ink-900">
            Hero Section Management
          </h1>
          <p className="mt-1 text-ink-600">The slides of the home page carousel, in the order visitors see them.</p>
        </div>
        {!source && (
          <Link
            to={{ search: "?new" }}
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
          >
            <Plus aria-hidden="true" className="size-5" />
            Add New Slide
          </Link>
        )}
      </div>
      {source && (
        <SlideForm key={form?.mode === "edit" ? form.id : "add"} source={source} onMessage={show} onClose={closeForm} />
      )}
      <SlideList slides={slides} deletingId={deletingId} onDelete={onDelete} />
    </div>
  );
}

function isIdPayload(json: unknown): json is { id: string } {
  return typeof json === "object" && json !== null && "id" in json && typeof json.id === "string";
}
