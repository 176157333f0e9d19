import type { ManifestOptions } from "vite-plugin-pwa";

// The web app manifest (decision 023): the site installs as "Roadbook" with the logo's icons
// and opens on the upcoming rides. Colours are the brand's ink and sand (app/app.css).
export const webManifest: Partial<ManifestOptions> = {
  name: "Roadbook",
  short_name: "Roadbook",
  description: "Motorcycle and road-trip tours: upcoming rides, their itineraries, and your saved rides offline.",
  id: "/",
  start_url: "/",
  scope: "/",
  display: "standalone",
  theme_color: "#151c28",
  background_color: "#fbf8f3",
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
    { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};
