import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useEffect, useEffectEvent, useMemo } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { noRidesMessage } from "~/domain/messages";
import type { RideStatus } from "~/domain/ride";
import { type ActionResult, isActionResult } from "~/domain/action-result";
import { STATUS_LABELS } from "../ride-form/basics-section";
import { type AdminRide, inOrder } from "./admin-ride";
import { steppedKeyboardCoordinates } from "./keyboard-coordinates";
import { AdminRideCard } from "./ride-card";

type RideSectionProps = {
  status: RideStatus;
  rides: AdminRide[];
  pendingStatus: (ride: AdminRide) => RideStatus;
  deletingId: string | null;
  onStatusChange: (ride: AdminRide, status: RideStatus) => void;
  onDelete: (ride: AdminRide) => void;
  onMessage: (text: string) => void;
};

const keyboardCoordinates = steppedKeyboardCoordinates();

/**
 * One status section of Ride Management (product.md#admin-rides): its rides in public order, reordered by
 * dragging a card's handle with a pointer, a finger or the keyboard. The new order is shown
 * at once and saved in one request; if saving fails the list is reloaded from the server.
 */
export function RideSection({
  status,
  rides,
  pendingStatus,
  deletingId,
  onStatusChange,
  onDelete,
  onMessage,
}: RideSectionProps) {
  const fetcher = useFetcher<ActionResult>();
  const { revalidate } = useRevalidator();
  const pendingIds = fetcher.state !== "idle" ? idsOf(fetcher.json) : undefined;
  const shown = useMemo(() => inOrder(rides, pendingIds), [rides, pendingIds]);
  const titles = useMemo(() => new Map(rides.map((ride) => [ride.id, ride.title])), [rides]);
  const headingId = `rides-${status}-heading`;
  const label = STATUS_LABELS[status];

  const sensors = useSensors(
    // A short movement starts a drag, so a tap or click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const onResult = useEffectEvent((result: unknown) => {
    if (!isActionResult(result)) return;
    onMessage(result.message);
    if (!result.ok) void revalidate();
  });
  useEffect(() => onResult(fetcher.data), [fetcher.data]);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const ids = shown.map((ride) => ride.id);
    const next = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    void fetcher.submit({ intent: "reorder", status, ids: next }, { method: "post", encType: "application/json" });
  }

  const position = (id: UniqueIdentifier | undefined) =>
    `${shown.findIndex((ride) => ride.id === id) + 1} of ${shown.length}`;
  const titleOf = (id: UniqueIdentifier) => titles.get(String(id)) ?? "the ride";

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h2 id={headingId} className="font-display text-xl font-bold text-ink-900">
          {label} Rides ({rides.length})
        </h2>
        <p className="text-sm text-ink-600">
          Drag a card by its handle to reorder. The order is reflected on the public pages.
        </p>
      </div>
      {shown.length === 0 ? (
        <p className="rounded-card border border-dashed border-ink-300 p-6 text-center text-ink-600">
          {noRidesMessage(status)}
        </p>
      ) : (
        <DndContext
          id={`rides-${status}`}
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: {
              draggable:
                "To reorder, press Space or Enter on the handle, move the ride with the Up and Down arrow keys, then press Space or Enter to drop it, or Escape to cancel.",
            },
            announcements: {
              onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, position ${position(active.id)}.`,
              onDragOver: ({ active, over }) =>
                over ? `${titleOf(active.id)} is over position ${position(over.id)}.` : undefined,
              onDragEnd: ({ active, over }) =>
                over
                  ? `${titleOf(active.id)} dropped at position ${position(over.id)}.`
                  : `${titleOf(active.id)} dropped.`,
              onDragCancel: ({ active }) =>
                `Reordering cancelled. ${titleOf(active.id)} is back at position ${position(active.id)}.`,
            },
          }}
        >
          <SortableContext items={shown.map((ride) => ride.id)} strategy={verticalListSortingStrategy}>
            <ul className="space-y-3" aria-labelledby={headingId}>
              {shown.map((ride) => (
                <AdminRideCard
                  key={ride.id}
                  ride={ride}
                  status={pendingStatus(ride)}
                  deleting={deletingId === ride.id}
                  onStatusChange={onStatusChange}
                  onDelete={onDelete}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}

function idsOf(json: unknown): string[] | undefined {
  if (typeof json !== "object" || json === null || !("ids" in json) || !Array.isArray(json.ids)) return undefined;
  return json.ids.filter((id): id is string => typeof id === "string");
}
