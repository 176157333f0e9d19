import { describe, expect, it } from "vitest";
import {
  CONFIG_MESSAGES,
  DELETE_RIDE_CONFIRM,
  DELETE_SLIDE_CONFIRM,
  errorDeletingRide,
  errorLoadingRideDetails,
  errorUploadingImage,
  failedToUploadImage,
  FEATURED_MESSAGES,
  fileTooLargeMessage,
  IMAGE_MESSAGES,
  INVALID_RIDE_ID,
  isErrorMessage,
  LOGIN_MESSAGES,
  MESSAGE_DISPLAY_MS,
  messageTone,
  NO_SLIDES,
  noRidesMessage,
  PLACEHOLDERS,
  RIDE_DETAIL_MESSAGES,
  RIDE_MESSAGES,
  rideNotFoundMessage,
  SLIDE_MESSAGES,
  SOCIAL_LINK_MESSAGES,
  STATS_MESSAGES,
  UPLOAD_ERROR_MESSAGES,
} from "./messages";

const values = (group: Record<string, string>) => Object.values(group).sort();

// The catalogue as SPEC §8 writes it, sorted per group.
describe("SPEC §8 error catalogue, word for word", () => {
  it("rides", () => {
    expect(values(RIDE_MESSAGES)).toEqual(
      [
        "Failed to load rides",
        "Ride order updated successfully!",
        "Failed to update ride order",
        "Ride updated successfully!",
        "Failed to update ride",
        "Ride added successfully!",
        "Failed to add ride",
        "An error occurred while managing ride",
        "Ride deleted successfully!",
        "Failed to delete ride - check console for details",
        "Ride status updated successfully!",
        "Failed to update ride status",
        "An error occurred while updating ride status",
        "Ride duplicated. Modify the details and save to create a new ride.",
        "Error: Ride ID is missing! Cannot view details.",
      ].sort(),
    );
    expect(errorDeletingRide("not found")).toBe("Error deleting ride: not found");
  });

  it("images", () => {
    expect(IMAGE_MESSAGES.uploading).toBe("Uploading image...");
    expect(IMAGE_MESSAGES.uploaded).toBe("Image uploaded successfully!");
    expect(failedToUploadImage("quota exceeded")).toBe("Failed to upload image: quota exceeded");
    expect(failedToUploadImage()).toBe("Failed to upload image: Unknown error");
    expect(failedToUploadImage("")).toBe("Failed to upload image: Unknown error");
    expect(errorUploadingImage("network down")).toBe("Error uploading image: network down");
  });

  it("upload error mapping", () => {
    expect(values(UPLOAD_ERROR_MESSAGES)).toEqual(
      [
        "Permission denied. Please make sure you are logged in as admin and storage rules are deployed.",
        "Upload was cancelled.",
        "An unknown error occurred. Please check your internet connection and try again.",
        "Upload timeout - please check your internet connection",
        "Failed to upload image. Please try again.",
      ].sort(),
    );
  });

  it("slides", () => {
    expect(values(SLIDE_MESSAGES)).toEqual(
      [
        "Failed to load hero slides",
        "Failed to update slide",
        "Failed to add slide",
        "Failed to delete slide",
        "An error occurred while managing slide",
        "An error occurred while deleting slide",
        "Slide updated successfully!",
        "Slide added successfully!",
        "Slide deleted successfully!",
      ].sort(),
    );
  });

  it("config", () => {
    expect(values(CONFIG_MESSAGES)).toEqual(
      [
        "Failed to load configuration",
        "Failed to update contact information",
        "An error occurred while updating contact information",
        "Contact information updated successfully!",
      ].sort(),
    );
  });

  it("stats", () => {
    expect(values(STATS_MESSAGES)).toEqual(
      [
        "Failed to load statistics",
        "Failed to refresh statistics",
        "An error occurred while refreshing statistics",
        "Statistics refreshed successfully!",
      ].sort(),
    );
  });

  it("featured", () => {
    expect(values(FEATURED_MESSAGES)).toEqual(
      [
        "Error loading featured ride data",
        "Saving...",
        "Featured ride updated successfully!",
        "Error saving featured ride",
      ].sort(),
    );
  });

  it("login", () => {
    expect(values(LOGIN_MESSAGES)).toEqual(
      [
        "Google sign-in failed. Please try again.",
        "Sign-in failed. Please try again.",
        "Access denied. Admin privileges required.",
      ].sort(),
    );
  });

  it("ride details: not found names the id and the number of rides; load error carries the message", () => {
    const message = rideNotFoundMessage("abc123", 7);
    expect(message.startsWith(RIDE_DETAIL_MESSAGES.notFound)).toBe(true);
    expect(RIDE_DETAIL_MESSAGES.notFound).toBe("Ride not found!");
    expect(message).toContain("abc123");
    expect(message).toContain("7");
    expect(errorLoadingRideDetails("timeout")).toBe("Error loading ride details: timeout");
  });
});

describe("SPEC §2, §5 other fixed texts", () => {
  it("ride management", () => {
    expect(INVALID_RIDE_ID).toBe("Cannot delete: Invalid ride ID");
    expect(DELETE_RIDE_CONFIRM).toBe("Are you sure you want to delete this ride?");
    expect(noRidesMessage("cancelled")).toBe("No cancelled rides found.");
  });

  it("slides", () => {
    expect(DELETE_SLIDE_CONFIRM).toBe("Are you sure you want to delete this slide?");
    expect(NO_SLIDES).toBe("No slides found. Add your first slide to get started!");
  });

  it("image validation", () => {
    expect(IMAGE_MESSAGES.invalidFileType).toBe(
      "Invalid file type. Please upload JPEG, JPG, PNG, WebP, GIF, BMP, or TIFF images.",
    );
    expect(fileTooLargeMessage("21.00")).toBe(
      "File size too large. Please upload images smaller than 20MB. Your file is 21.00MB.",
    );
  });

  it("missing social links and unknown values", () => {
    expect(SOCIAL_LINK_MESSAGES).toEqual({
      instagramMissing: "Instagram link not available for this ride yet.",
      youtubeMissing: "YouTube video not available for this ride yet.",
    });
    expect(PLACEHOLDERS).toEqual({ dateTbd: "Date TBD", durationTbd: "Duration TBD", distanceTbd: "Distance TBD" });
  });
});

describe("message display (SPEC §8)", () => {
  it("clears after 3 seconds", () => {
    expect(MESSAGE_DISPLAY_MS).toBe(3000);
  });

  it("isErrorMessage: literally, a message containing 'Error'", () => {
    expect(isErrorMessage(FEATURED_MESSAGES.saveError)).toBe(true);
    expect(isErrorMessage(errorDeletingRide("x"))).toBe(true);
    expect(isErrorMessage(RIDE_MESSAGES.updated)).toBe(false);
    expect(isErrorMessage(RIDE_MESSAGES.addFailed)).toBe(false);
  });

  const failures = [
    RIDE_MESSAGES.loadFailed,
    RIDE_MESSAGES.orderUpdateFailed,
    RIDE_MESSAGES.updateFailed,
    RIDE_MESSAGES.addFailed,
    RIDE_MESSAGES.manageError,
    RIDE_MESSAGES.deleteFailed,
    RIDE_MESSAGES.statusUpdateFailed,
    RIDE_MESSAGES.statusUpdateError,
    RIDE_MESSAGES.missingIdAlert,
    errorDeletingRide("x"),
    INVALID_RIDE_ID,
    IMAGE_MESSAGES.invalidFileType,
    fileTooLargeMessage("21.00"),
    failedToUploadImage(),
    errorUploadingImage("x"),
    UPLOAD_ERROR_MESSAGES.unauthorized,
    UPLOAD_ERROR_MESSAGES.unknown,
    UPLOAD_ERROR_MESSAGES.timeout,
    UPLOAD_ERROR_MESSAGES.fallback,
    ...Object.values(SLIDE_MESSAGES).filter((m) => !m.includes("successfully")),
    CONFIG_MESSAGES.loadFailed,
    CONFIG_MESSAGES.updateFailed,
    CONFIG_MESSAGES.updateError,
    STATS_MESSAGES.loadFailed,
    STATS_MESSAGES.refreshFailed,
    STATS_MESSAGES.refreshError,
    FEATURED_MESSAGES.loadError,
    FEATURED_MESSAGES.saveError,
    ...Object.values(LOGIN_MESSAGES),
    errorLoadingRideDetails("x"),
  ];
  it.each(failures.map((m) => [m]))("messageTone marks every failure as an error: %s", (message) => {
    expect(messageTone(message)).toBe("error");
  });

  const successes = [
    RIDE_MESSAGES.orderUpdated,
    RIDE_MESSAGES.updated,
    RIDE_MESSAGES.added,
    RIDE_MESSAGES.deleted,
    RIDE_MESSAGES.statusUpdated,
    IMAGE_MESSAGES.uploaded,
    SLIDE_MESSAGES.updated,
    SLIDE_MESSAGES.added,
    SLIDE_MESSAGES.deleted,
    CONFIG_MESSAGES.updated,
    STATS_MESSAGES.refreshed,
    FEATURED_MESSAGES.updated,
  ];
  it.each(successes.map((m) => [m]))("messageTone marks a success: %s", (message) => {
    expect(messageTone(message)).toBe("success");
  });

  it.each([
    [RIDE_MESSAGES.duplicated],
    [IMAGE_MESSAGES.uploading],
    [FEATURED_MESSAGES.saving],
    [UPLOAD_ERROR_MESSAGES.canceled],
    ["Something unforeseen"],
  ])("messageTone marks progress, notices and unknown texts as info: %s", (message) => {
    expect(messageTone(message)).toBe("info");
  });
});
