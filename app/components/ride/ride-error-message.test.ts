import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { rideErrorMessage } from "./ride-error-message";

describe("rideErrorMessage (product.md#ride-errors: ride details errors)", () => {
  it("names the ride id and the number of available rides when the ride is not found", () => {
    const error = new ErrorResponse(404, "Not Found", { rideId: "abc123", availableRides: 10 });
    expect(rideErrorMessage(error)).toEqual({
      heading: "Ride not found!",
      detail: "Ride ID: abc123\nAvailable rides: 10",
      alert: "Ride not found!\nRide ID: abc123\nAvailable rides: 10",
    });
  });

  it("says 'Error loading ride details: {message}' with the loader's message when loading failed", () => {
    const error = new ErrorResponse(503, "Service Unavailable", { message: "Please try again later." });
    expect(rideErrorMessage(error)).toEqual({
      heading: "This ride could not be loaded",
      detail: "Please try again later.",
      alert: "Error loading ride details: Please try again later.",
    });
  });

  it("falls back to the status text, or the error's own message, for other failures", () => {
    expect(rideErrorMessage(new ErrorResponse(500, "Internal Server Error", null)).alert).toBe(
      "Error loading ride details: Internal Server Error",
    );
    expect(rideErrorMessage(new Error("Unexpected Server Error")).alert).toBe(
      "Error loading ride details: Unexpected Server Error",
    );
    expect(rideErrorMessage("boom").alert).toBe("Error loading ride details: Unknown error");
  });
});
