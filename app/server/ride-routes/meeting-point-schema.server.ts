import { z } from "zod";
import { MEETING_POINT_MESSAGES } from "~/domain/ride-route/meeting-point";

const coordinate = (limit: number, message: string) =>
  z.coerce
    .number({ error: message })
    .refine((value) => Number.isFinite(value) && Math.abs(value) <= limit, { error: message });

/** What the admin's meeting point form sends; an empty position means the route's start. */
export const meetingPointSchema = z.object({
  name: z.string().trim().max(120, { error: MEETING_POINT_MESSAGES.name }).default(""),
  address: z.string().trim().max(300, { error: MEETING_POINT_MESSAGES.address }).default(""),
  latitude: coordinate(90, MEETING_POINT_MESSAGES.latitude),
  longitude: coordinate(180, MEETING_POINT_MESSAGES.longitude),
});
