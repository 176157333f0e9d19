// Every user-facing message, written once so the server and the browser say exactly the same
// thing (product.md#messages).

export { MESSAGE_DISPLAY_MS } from "./constants";

export const RIDE_MESSAGES = {
  loadFailed: "Failed to load rides",
  orderUpdated: "Ride order updated successfully!",
  orderUpdateFailed: "Failed to update ride order",
  updated: "Ride updated successfully!",
  updateFailed: "Failed to update ride",
  added: "Ride added successfully!",
  addFailed: "Failed to add ride",
  manageError: "An error occurred while managing ride",
  deleted: "Ride deleted successfully!",
  deleteFailed: "Failed to delete ride - check console for details",
  statusUpdated: "Ride status updated successfully!",
  statusUpdateFailed: "Failed to update ride status",
  statusUpdateError: "An error occurred while updating ride status",
  duplicated: "Ride duplicated. Modify the details and save to create a new ride.",
  missingIdAlert: "Error: Ride ID is missing! Cannot view details.",
} as const;

export const errorDeletingRide = (message: string) => `Error deleting ride: ${message}`;
export const INVALID_RIDE_ID = "Cannot delete: Invalid ride ID";
export const DELETE_RIDE_CONFIRM = "Are you sure you want to delete this ride?";

/** An admin page's action whose request never reached the server (offline, server down). */
export const SERVER_UNREACHABLE = "The server could not be reached; nothing was changed. Please try again.";
export const noRidesMessage = (status: string) => `No ${status} rides found.`;

export const IMAGE_MESSAGES = {
  uploading: "Uploading image...",
  uploaded: "Image uploaded successfully!",
  invalidFileType: "Invalid file type. Please upload JPEG, JPG, PNG, WebP, GIF, BMP, or TIFF images.",
} as const;

/** `sizeMb` is already formatted (e.g. '21.00'); see validateImageFile. */
export const fileTooLargeMessage = (sizeMb: string) =>
  `File size too large. Please upload images smaller than 20MB. Your file is ${sizeMb}MB.`;
export const failedToUploadImage = (message?: string) => `Failed to upload image: ${message || "Unknown error"}`;
export const errorUploadingImage = (reason: string) => `Error uploading image: ${reason}`;

export const UPLOAD_ERROR_MESSAGES = {
  unauthorized: "Permission denied. Please make sure you are logged in as admin and storage rules are deployed.",
  canceled: "Upload was cancelled.",
  unknown: "An unknown error occurred. Please check your internet connection and try again.",
  timeout: "Upload timeout - please check your internet connection",
  fallback: "Failed to upload image. Please try again.",
} as const;

export const SLIDE_MESSAGES = {
  loadFailed: "Failed to load hero slides",
  updateFailed: "Failed to update slide",
  addFailed: "Failed to add slide",
  deleteFailed: "Failed to delete slide",
  manageError: "An error occurred while managing slide",
  deleteError: "An error occurred while deleting slide",
  updated: "Slide updated successfully!",
  added: "Slide added successfully!",
  deleted: "Slide deleted successfully!",
} as const;

export const DELETE_SLIDE_CONFIRM = "Are you sure you want to delete this slide?";
export const NO_SLIDES = "No slides found. Add your first slide to get started!";

export const CONFIG_MESSAGES = {
  loadFailed: "Failed to load configuration",
  updateFailed: "Failed to update contact information",
  updateError: "An error occurred while updating contact information",
  updated: "Contact information updated successfully!",
} as const;

export const STATS_MESSAGES = {
  loadFailed: "Failed to load statistics",
  refreshFailed: "Failed to refresh statistics",
  refreshError: "An error occurred while refreshing statistics",
  refreshed: "Statistics refreshed successfully!",
  unknownAction: "Unknown action: the statistics can only be refreshed",
} as const;

export const FEATURED_MESSAGES = {
  loadError: "Error loading featured ride data",
  saving: "Saving...",
  updated: "Featured ride updated successfully!",
  saveError: "Error saving featured ride",
} as const;

export const LOGIN_MESSAGES = {
  googleFailed: "Google sign-in failed. Please try again.",
  signInFailed: "Sign-in failed. Please try again.",
  accessDenied: "Access denied. Admin privileges required.",
} as const;

export const RIDE_DETAIL_MESSAGES = {
  notFound: "Ride not found!",
} as const;

/** product.md#ride-errors: the not-found alert names the id asked for and how many rides exist. */
export const rideNotFoundMessage = (id: string, available: number) =>
  `${RIDE_DETAIL_MESSAGES.notFound}\nRide ID: ${id}\nAvailable rides: ${available}`;
export const errorLoadingRideDetails = (message: string) => `Error loading ride details: ${message}`;

// In a module of their own: the island that shows them loads only them (decision 017).
export { SOCIAL_LINK_MESSAGES } from "./social-link-messages";

/** product.md#ride-cards: what the cards and the detail page show for a value not yet known. */
export const PLACEHOLDERS = {
  dateTbd: "Date TBD",
  durationTbd: "Duration TBD",
  distanceTbd: "Distance TBD",
} as const;

// The original rule (product.md#messages), that a message containing 'Error' is an error,
// shows 'Failed to add ride', 'Permission denied…' and 'An error occurred…' as non-errors.
// The admin UI styles messages with this instead, which treats every failure wording of the
// catalogue as an error, and claims success only for a message that says so, so an unforeseen
// server text is never dressed as a success.
const ERROR_WORDING = /error|\bfailed\b|denied|invalid|timeout|too large|cannot/i;

export function messageTone(message: string): "error" | "success" | "info" {
  if (ERROR_WORDING.test(message)) return "error";
  if (/success/i.test(message)) return "success";
  return "info";
}
