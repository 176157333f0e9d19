import { describe, expect, it } from "vitest";
import {
  CONFIG_MESSAGES,
  errorDeletingRide,
  errorLoadingRideDetails,
  errorUploadingImage,
  failedToUploadImage,
  FEATURED_MESSAGES,
  fileTooLargeMessage,
  IMAGE_MESSAGES,
  INVALID_RIDE_ID,
  LOGIN_MESSAGES,
  messageTone,
  noRidesMessage,
  RIDE_DETAIL_MESSAGES,
  RIDE_MESSAGES,
  rideNotFoundMessage,
  SLIDE_MESSAGES,
  STATS_MESSAGES,
  UPLOAD_ERROR_MESSAGES,
} from "./messages";

describe("messages built from a reason", () => {
  it("carry the reason, and 'Unknown error' when an upload failed without one", () => {
    expect(errorDeletingRide("not found")).toMatch(/not found$/);
    expect(errorUploadingImage("network down")).toMatch(/network down$/);
    expect(errorLoadingRideDetails("timeout")).toMatch(/timeout$/);
    expect(failedToUploadImage("quota exceeded")).toMatch(/quota exceeded$/);
    expect(failedToUploadImage()).toMatch(/Unknown error$/);
    expect(failedToUploadImage("")).toMatch(/Unknown error$/);
  });

  it("name the file's size, and the kind of ride the list lacks", () => {
    expect(fileTooLargeMessage("21.00")).toContain("Your file is 21.00MB.");
    expect(noRidesMessage("cancelled")).toContain("No cancelled rides");
  });

  it("ride not found: the alert's first line, then the id asked for and how many rides there are", () => {
    const [title, ...details] = rideNotFoundMessage("abc123", 7).split("\n");
    expect(title).toBe(RIDE_DETAIL_MESSAGES.notFound);
    expect(details.join("\n")).toContain("abc123");
    expect(details.join("\n")).toContain("7");
  });
});

describe("how a message is shown (product.md#messages)", () => {
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
