import type { DetailedHTMLProps, HTMLAttributes } from "react";

// The element that holds an island (island.tsx): `display: contents` in app.css, so it never
// changes the layout around what it holds.
declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "rb-island": DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}
