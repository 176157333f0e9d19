// A ride's gallery (docs/features/ride-photos.md): what a photo is, shared by the admin's gallery
// editor, the riders' uploads and the public pages.

/** admin: uploaded by an admin (public at once); rider: sent through a rider's booking link. */
export const RIDE_PHOTO_SOURCES = ["admin", "rider"] as const;
export type RidePhotoSource = (typeof RIDE_PHOTO_SOURCES)[number];

/** pending: a rider's photo waiting for an admin; approved: in the public gallery; hidden: taken down. */
export const RIDE_PHOTO_STATUSES = ["pending", "approved", "hidden"] as const;
export type RidePhotoStatus = (typeof RIDE_PHOTO_STATUSES)[number];

export const PHOTO_CAPTION_MAX = 200;

/** A photo as the admins see it. */
export type RidePhoto = {
  id: string;
  rideId: string;
  /** The uploaded image's URL, /images/{key}: ResponsiveImage renders it. */
  image: string;
  caption: string;
  position: number;
  cover: boolean;
  source: RidePhotoSource;
  /** The rider's first name for a rider's photo; '' for an admin's. */
  credit: string;
  status: RidePhotoStatus;
  createdAt: string;
};

/** A photo as a public page shows it: only approved photos, only the credit's first name. */
export type GalleryPhoto = Pick<RidePhoto, "id" | "image" | "caption" | "credit" | "cover">;
