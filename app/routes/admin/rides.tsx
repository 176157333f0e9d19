import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { errorText, guardServerAction } from "~/components/admin/action-result";
import { AddNewLink, AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { RideForm, type RideFormSource } from "~/components/admin/ride-form/ride-form";
import { type AdminRide, toAdminRide } from "~/components/admin/rides/admin-ride";
import { AutoStatusSetting } from "~/components/admin/rides/auto-status-setting";
import { RideSection } from "~/components/admin/rides/ride-section";
import { submittedString } from "~/components/admin/submitted-json";
import { useDeleteAction } from "~/components/admin/use-delete-action";
import { useResultMessage } from "~/components/admin/use-status-message";
import type { ActionResult } from "~/domain/action-result";
import { DELETE_RIDE_CONFIRM, errorDeletingRide, RIDE_MESSAGES } from "~/domain/messages";
import { publicationState } from "~/domain/publication";
import { RIDE_STATUSES, type Ride, type RideStatus } from "~/domain/ride";
import { loadAdminPage } from "~/server/admin/load-page.server";
import { rideAction } from "~/routes/admin/rides.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { getPublishingSettings } from "~/server/publishing/auto-status.server";
import { listPublications } from "~/server/publishing/publication.server";
import { getRide, listRidesByStatus } from "~/server/rides/rides.server";
import type { Route } from "./+types/rides";
import { serverClock } from "~/server/clock.server";

export const meta: Route.MetaFunction = () => [{ title: "Ride Management · Roadbook Admin" }];

/** Which form the URL asks for: ?new, ?edit={id} or ?duplicate={id}. */
type FormRequest = { mode: "add" } | { mode: "edit" | "duplicate"; id: string } | null;

function formRequestOf(url: URL): FormRequest {
  const edit = url.searchParams.get("edit");
  if (edit) return { mode: "edit", id: edit };
  const duplicate = url.searchParams.get("duplicate");
  if (duplicate) return { mode: "duplicate", id: duplicate };
  return url.searchParams.has("new") ? { mode: "add" } : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const form = formRequestOf(new URL(request.url));
  return loadAdminPage(context, {
    what: "the rides for Ride Management",
    load: async (db) => {
      const [[upcoming, completed, cancelled], publications, settings] = await Promise.all([
        Promise.all(RIDE_STATUSES.map((status) => listRidesByStatus(db, status))),
        listPublications(db, "rides"),
        getPublishingSettings(db),
      ]);
      const formRide = form && form.mode !== "add" ? await getRide(db, form.id) : null;
      const now = serverClock();
      const card = (ride: Ride): AdminRide => ({
        ...toAdminRide(ride),
        publication: publicationState(publications[ride.id] ?? null, now),
      });
      const sections: Record<RideStatus, AdminRide[]> = {
        upcoming: (upcoming ?? []).map(card),
        completed: (completed ?? []).map(card),
        cancelled: (cancelled ?? []).map(card),
      };
      return { sections, form, formRide, autoCompleteRides: settings.autoCompleteRides };
    },
    fallback: {
      sections: { upcoming: [], completed: [], cancelled: [] },
      form: null,
      formRide: null,
      autoCompleteRides: false,
    },
    loadError: RIDE_MESSAGES.loadFailed,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return rideAction(request, adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, (intent, error) => {
    if (intent === "delete") return errorDeletingRide(errorText(error));
    if (intent === "status") return RIDE_MESSAGES.statusUpdateError;
    if (intent === "reorder") return RIDE_MESSAGES.orderUpdateFailed;
    return RIDE_MESSAGES.manageError;
  });
}

export default function RidesPage({ loaderData }: Route.ComponentProps) {
  const { sections, form, formRide } = loaderData;
  const [flash, show] = useAdminPage(loaderData.loadError);
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const statusFetcher = useFetcher<ActionResult>();
  useResultMessage(statusFetcher.data, show);
  const { onDelete, deletingId } = useDeleteAction(DELETE_RIDE_CONFIRM, show);
  const editedRide = useKeptRide(form, formRide);

  const formMode = form?.mode;
  const duplicatedId = formMode === "duplicate" ? formRide?.id : undefined;
  useEffect(() => {
    if (duplicatedId) show(RIDE_MESSAGES.duplicated);
  }, [duplicatedId, show]);

  const source = useMemo((): RideFormSource | null => {
    if (formMode === "add") return { mode: "add", copyOf: null };
    if (formMode === "duplicate" && formRide) return { mode: "add", copyOf: formRide };
    if (formMode === "edit" && editedRide) return { mode: "edit", ride: editedRide };
    return null;
  }, [formMode, formRide, editedRide]);

  const closeForm = useCallback(() => {
    void navigate({ search: "" });
    heading.current?.focus();
  }, [navigate]);

  const onStatusChange = useCallback(
    (ride: AdminRide, status: RideStatus) => {
      void statusFetcher.submit(
        { intent: "status", id: ride.id, status },
        { method: "post", encType: "application/json" },
      );
    },
    [statusFetcher],
  );
  const pendingStatusId = statusFetcher.state !== "idle" ? submittedString(statusFetcher.json, "id") : null;
  const pendingStatus = (ride: AdminRide): RideStatus =>
    ride.id === pendingStatusId
      ? (RIDE_STATUSES.find((status) => status === submittedString(statusFetcher.json, "status")) ?? ride.status)
      : ride.status;

  return (
    <AdminPage
      title="Ride Management"
      action={!source && <AddNewLink>Add New Ride</AddNewLink>}
      headingRef={heading}
      flash={flash}
    >
      {source ? (
        <RideForm
          key={form?.mode === "add" ? "add" : `${form?.mode}:${form?.id}`}
          source={source}
          deleted={formMode === "edit" && !formRide}
          onMessage={show}
          onClose={closeForm}
        />
      ) : (
        <>
          <AutoStatusSetting enabled={loaderData.autoCompleteRides} show={show} />
          {RIDE_STATUSES.map((status) => (
            <RideSection
              key={status}
              status={status}
              rides={sections[status]}
              pendingStatus={pendingStatus}
              deletingId={deletingId}
              onStatusChange={onStatusChange}
              onDelete={onDelete}
              onMessage={show}
            />
          ))}
        </>
      )}
    </AdminPage>
  );
}

/**
 * The ride being edited, kept when it disappears from the loader data (another admin deleted
 * it): the form stays, with what the admin typed, and says so instead of vanishing.
 */
function useKeptRide(form: FormRequest, formRide: Ride | null): Ride | null {
  const [kept, setKept] = useState<Ride | null>(formRide);
  if (formRide && formRide !== kept) setKept(formRide);
  const id = form && form.mode !== "add" ? form.id : null;
  return formRide ?? (kept && kept.id === id ? kept : null);
}
