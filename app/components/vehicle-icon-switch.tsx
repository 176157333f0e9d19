import { Car, Motorbike } from "lucide-react";

const VEHICLES = [
  { name: "motorbike", Icon: Motorbike },
  { name: "jeep", Icon: Car },
] as const;

/**
 * The About page's 'What We Do' icon (product.md#about-page): a motorbike and a jeep take turns
 * every ABOUT_ICON_INTERVAL_MS, one turning and fading into the other over
 * ABOUT_ICON_ANIMATION_MS; with reduced motion they still take turns, without the animation.
 * Decoration, so CSS alone (the `vehicle-turn` animations in app.css, decision 057): no script
 * runs for it, and the page costs a slow phone nothing after load. The stylesheet writes both
 * durations out (a strict CSP allows no style attribute); the about spec checks them against
 * the constants.
 */
export function VehicleIconSwitch() {
  return (
    <div
      aria-hidden="true"
      data-testid="vehicle-icon"
      className="relative flex size-24 items-center justify-center rounded-full bg-brand-600 text-white shadow-card"
    >
      {VEHICLES.map(({ name, Icon }) => (
        <Icon key={name} data-vehicle={name} className="vehicle-turn absolute size-12" />
      ))}
    </div>
  );
}
