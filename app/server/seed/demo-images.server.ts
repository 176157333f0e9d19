/**
 * The demo landscape photos (public/images/demo, sources and licences in
 * demo/photos/LICENSES.md), by the name of the scene they illustrate.
 */
export const DEMO_IMAGES = {
  ladakh: "/images/demo/ladakh.webp",
  spiti: "/images/demo/spiti.webp",
  rajasthan: "/images/demo/rajasthan.webp",
  ghats: "/images/demo/ghats.webp",
  meghalaya: "/images/demo/meghalaya.webp",
  coast: "/images/demo/coast.webp",
  desert: "/images/demo/desert.webp",
  forest: "/images/demo/forest.webp",
  mountains: "/images/demo/mountains.webp",
  lake: "/images/demo/lake.webp",
} as const;
