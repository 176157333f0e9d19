import type { PaymentState, RegistrationOption, RegistrationStatus } from "./settings";

/**
 * What the admin's Riders and check-in pages show of one registration: enough to reach the
 * rider and settle their seat, not their emergency, health or licence details (the CSV export
 * has those).
 */
export type RiderRow = {
  id: string;
  reference: string;
  name: string;
  /** E.164; '' once erased. */
  phone: string;
  option: RegistrationOption;
  seats: number;
  status: RegistrationStatus;
  payment: PaymentState;
  utr: string;
  pillionName: string;
  checkedInAt: string | null;
  createdAt: string;
  erased: boolean;
};

export const ADMIN_STATUS_LABELS: Readonly<Record<RegistrationStatus, string>> = {
  confirmed: "Confirmed",
  waitlisted: "Waitlisted",
  cancelled: "Cancelled",
};

/** An upcoming ride's seats, as the dashboard lists them. */
export type RideSeats = {
  id: string;
  title: string;
  startDate: string;
  seats: number;
  booked: number;
  left: number;
  waitlisted: number;
};
