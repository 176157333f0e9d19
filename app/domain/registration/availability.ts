// Moving here from ./settings.ts in the next commit.
export {
  FEW_SEATS,
  notEnoughSeats,
  REFUSALS,
  registrationAvailability,
  registrationCutoff,
  seatsLeft,
  seatsText,
  type Availability,
  type ClosedReason,
} from "./settings";
