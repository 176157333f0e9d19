// The features' islands (decision 050), loaded by the islands script (app/islands/registry.ts) as
// the core's are: by name, each only when a page has it. The same rules hold: an island's module
// must not import island.tsx (the server's renderer) or react-router (the admin's client).

export const FEATURE_ISLANDS = {
  "push-updates": () =>
    import("~/features/rider-messages/components/push-updates").then((module) => module.PushUpdates),
  "rider-photos-upload": () =>
    import("~/features/ride-photos/components/rider-photos-upload").then((module) => module.RiderPhotosUpload),
  "rider-passkey": () =>
    import("~/features/rider-accounts/components/rider-passkey-button").then((module) => module.RiderPasskeyButton),
  "ride-gallery": () =>
    import("~/features/ride-photos/components/gallery-lightbox").then((module) => module.GalleryGrid),
};
