import { parseIsoDate, toIsoDate } from "../dates";
import { rupeeAmount } from "./payment";
import {
  DEFAULT_BALANCE_DUE_DAYS,
  registrationSettingsOf,
  type RegistrationOption,
  type RegistrationSettings,
} from "./settings";

// The balance: a booking owes its option's trip cost; the booking amount (the ride's
// bookingCost) holds the seat and the rest is paid before the ride starts, by a due date the
// ride's settings give. Amounts are counted in paise, whole numbers, so sums never drift.

/** What the balance needs of a ride. */
export type BalanceRide = {
  tripCost: string;
  bookingCost: string;
  startDate: string;
  registration?: RegistrationSettings;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Paise from rupeeAmount's '2000.00', or null for no amount. */
export function paiseOf(amount: string | null): number | null {
  if (amount === null) return null;
  const [rupees, paise = "0"] = amount.split(".");
  return Number(rupees) * 100 + Number(paise);
}

/** Paise as rupeeAmount writes them: '2000.00'. */
export function amountOf(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

/** Digits grouped the Indian way: 1,00,000 (the last three, then by twos). */
function indianGroups(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}`;
}

/** Paise as a rider reads them: '₹28,500', '₹1,00,000.50'. Spelled out, not Intl, so server and browser agree. */
export function formatRupees(paise: number): string {
  const rupees = indianGroups(String(Math.floor(paise / 100)));
  const rest = paise % 100;
  return rest === 0 ? `₹${rupees}` : `₹${rupees}.${String(rest).padStart(2, "0")}`;
}

/**
 * What a booking of `option` costs in paise: the option's price when the admin set one (a
 * pillion option's is the price of the booking as a whole, as the form shows it), else the
 * ride's trip cost; null when that is not one plain amount.
 */
export function tripPrice(ride: BalanceRide, option: RegistrationOption): number | null {
  const price = registrationSettingsOf(ride).options[option].price.trim();
  return paiseOf(rupeeAmount(price === "" ? ride.tripCost : price));
}

/**
 * The balance a booking of `option` owes in paise: its trip price less the booking amount;
 * null when either is not a plain amount, or nothing is left (a ride with only a booking
 * amount, or a free ride: as before the balance, nothing more to pay).
 */
export function balancePaise(ride: BalanceRide, option: RegistrationOption): number | null {
  const trip = tripPrice(ride, option);
  const booking = paiseOf(rupeeAmount(ride.bookingCost));
  if (trip === null || booking === null || trip <= booking) return null;
  return trip - booking;
}

/**
 * What holds the seat of a booking of `option`, in paise: the ride's booking amount; on a ride
 * that names none, the whole trip price (nothing held back to pay later); null when the booking
 * amount is words ('₹2,000 per person'), or neither is a plain amount.
 */
export function bookingAmountPaise(ride: BalanceRide, option: RegistrationOption): number | null {
  if (ride.bookingCost.trim() === "") return tripPrice(ride, option);
  return paiseOf(rupeeAmount(ride.bookingCost));
}

/** The balance's due date: the ride's balanceDueDays before its start; '' without a start date. */
export function balanceDueDate(ride: BalanceRide): string {
  const start = parseIsoDate(ride.startDate);
  if (!start) return "";
  const days = ride.registration?.balanceDueDays ?? DEFAULT_BALANCE_DUE_DAYS;
  return toIsoDate(new Date(start.getTime() - days * DAY_MS));
}
