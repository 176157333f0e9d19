import { useSortable } from "@dnd-kit/sortable";
import {
  ClipboardCheck,
  Copy,
  Eye,
  FileSignature,
  Flag,
  GripVertical,
  History,
  Images,
  Map as MapIcon,
  MessageSquareQuote,
  Pencil,
  Trash2,
  Users,
} from "lucide-react";
import type { MouseEvent } from "react";
import { Link } from "react-router";
import { formatDateRange } from "~/domain/dates";
import { rideHref } from "~/domain/links";
import {
  adminRouteHref,
  captainsHref,
  checkInHref,
  publishingHref,
  ridePhotosHref,
  ridersHref,
  rideWaiverHref,
  rideWordsHref,
} from "~/domain/admin-links";
import { durationText } from "~/domain/duration";
import { RIDE_MESSAGES } from "~/domain/messages";
import { RIDE_STATUSES, type RideStatus } from "~/domain/ride";
import { STATUS_LABELS } from "../ride-form/basics-section";
import type { AdminRide } from "./admin-ride";
import { useSortableStyle } from "./use-sortable-style";

type RideCardProps = {
  ride: AdminRide;
  /** The status shown in the dropdown: the ride's, or the one just chosen while it is saved. */
  status: RideStatus;
  deleting: boolean;
  onStatusChange: (ride: AdminRide, status: RideStatus) => void;
  onDelete: (ride: AdminRide) => void;
};

const actionClass =
  "inline-flex min-h-10 items-center gap-1.5 rounded-md border border-ink-300 px-3 text-sm font-medium text-ink-800 hover:bg-ink-50";

/** product.md#ride-errors: the alert when a ride has no id to link to. */
function guardMissingId(event: MouseEvent<HTMLAnchorElement>, id: string) {
  if (id) return;
  event.preventDefault();
  window.alert(RIDE_MESSAGES.missingIdAlert);
}

export function AdminRideCard({ ride, status, deleting, onStatusChange, onDelete }: RideCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: ride.id,
  });
  const nodeRef = useSortableStyle<HTMLLIElement>(transform, transition);
  const titleId = `ride-card-${ride.id}-title`;
  const statusId = `ride-card-${ride.id}-status`;
  const editQuery = new URLSearchParams({ edit: ride.id }).toString();
  const duplicateQuery = new URLSearchParams({ duplicate: ride.id }).toString();

  return (
    <li
      ref={(element) => {
        nodeRef.current = element;
        setNodeRef(element);
      }}
      data-testid="admin-ride-card"
      data-ride-id={ride.id}
      aria-busy={deleting || undefined}
      className={`relative rounded-card border bg-white p-4 ${isDragging ? "z-10 border-brand-500 shadow-card-hover" : "border-ink-200 shadow-card"} ${deleting ? "opacity-50" : ""}`}
    >
      <article aria-labelledby={titleId} className="flex gap-3">
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          className="flex min-h-11 w-9 shrink-0 cursor-grab touch-none items-center justify-center self-stretch rounded-md border border-dashed border-ink-300 text-ink-600 hover:bg-ink-50 active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="size-5" />
          <span className="sr-only">Reorder {ride.title}</span>
        </button>
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={titleId} className="font-display text-lg font-bold text-ink-900">
                {ride.title}
              </h3>
              {ride.publication === "draft" || ride.publication === "scheduled" ? (
                <span className="rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">
                  {ride.publication === "draft" ? "Draft" : "Scheduled"}
                </span>
              ) : null}
            </div>
            <div className="flex items-center gap-2">
              <label htmlFor={statusId} className="text-sm font-medium text-ink-700">
                Status<span className="sr-only"> of {ride.title}</span>
              </label>
              <select
                id={statusId}
                value={status}
                onChange={(event) => {
                  const next = RIDE_STATUSES.find((value) => value === event.target.value);
                  if (next) onStatusChange(ride, next);
                }}
                className="rounded-md border border-ink-300 bg-white px-2 py-1.5 text-sm"
              >
                {RIDE_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {STATUS_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Fact label="ID" value={ride.id} mono />
            <Fact label="Date" value={formatDateRange(ride.startDate, ride.endDate)} />
            <Fact label="Duration" value={ride.duration || durationText(ride.startDate, ride.endDate)} />
            <Fact label="Distance" value={ride.distance || "—"} />
            <Fact label="Participants" value={String(ride.participants)} />
            <Fact label="Order" value={ride.order === null ? "—" : String(ride.order)} />
          </dl>
          {ride.description && <p className="line-clamp-2 text-sm text-ink-700">{ride.description}</p>}
          <div className="flex flex-wrap gap-2">
            {/* A public page is a content page the server draws (decision 017): a full page load. */}
            <Link
              to={rideHref(ride.id)}
              reloadDocument
              onClick={(event) => guardMissingId(event, ride.id)}
              className={actionClass}
            >
              <Eye aria-hidden="true" className="size-4" />
              View Details<span className="sr-only"> of {ride.title}</span>
            </Link>
            {ride.takesRegistrations && (
              <>
                <Link to={ridersHref(ride.id)} className={actionClass}>
                  <Users aria-hidden="true" className="size-4" />
                  Riders<span className="sr-only"> of {ride.title}</span>
                </Link>
                <Link to={checkInHref(ride.id)} className={actionClass}>
                  <ClipboardCheck aria-hidden="true" className="size-4" />
                  Check-in<span className="sr-only"> for {ride.title}</span>
                </Link>
              </>
            )}
            <Link to={adminRouteHref(ride.id)} className={actionClass}>
              <MapIcon aria-hidden="true" className="size-4" />
              Route<span className="sr-only"> of {ride.title}</span>
            </Link>
            <Link to={captainsHref(ride.id)} className={actionClass}>
              <Flag aria-hidden="true" className="size-4" />
              Captains<span className="sr-only"> of {ride.title}</span>
            </Link>
            <Link to={ridePhotosHref(ride.id)} className={actionClass}>
              <Images aria-hidden="true" className="size-4" />
              Photos<span className="sr-only"> of {ride.title}</span>
            </Link>
            {ride.takesRegistrations && (
              <Link to={rideWaiverHref(ride.id)} className={actionClass}>
                <FileSignature aria-hidden="true" className="size-4" />
                Waiver<span className="sr-only"> of {ride.title}</span>
              </Link>
            )}
            {ride.takesRegistrations && (
              <Link to={rideWordsHref(ride.id)} className={actionClass}>
                <MessageSquareQuote aria-hidden="true" className="size-4" />
                Riders&apos; words<span className="sr-only"> on {ride.title}</span>
              </Link>
            )}
            <Link to={publishingHref("rides", ride.id)} className={actionClass}>
              <History aria-hidden="true" className="size-4" />
              Publishing & History<span className="sr-only"> of {ride.title}</span>
            </Link>
            <Link to={{ search: duplicateQuery }} className={actionClass}>
              <Copy aria-hidden="true" className="size-4" />
              Duplicate<span className="sr-only"> {ride.title}</span>
            </Link>
            <Link to={{ search: editQuery }} className={actionClass}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit<span className="sr-only"> {ride.title}</span>
            </Link>
            <button
              type="button"
              disabled={deleting}
              onClick={() => onDelete(ride)}
              className={`${actionClass} border-red-300 text-red-700 hover:bg-red-50`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete<span className="sr-only"> {ride.title}</span>
            </button>
          </div>
        </div>
      </article>
    </li>
  );
}

function Fact({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className={mono ? "max-w-40 min-w-0" : undefined}>
      <dt className="text-xs font-medium tracking-wide text-ink-600 uppercase">{label}</dt>
      <dd
        className={mono ? "truncate font-mono text-xs leading-5 text-ink-900" : "text-ink-900"}
        title={mono ? value : undefined}
      >
        {value}
      </dd>
    </div>
  );
}
