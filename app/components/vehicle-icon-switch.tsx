import { Car, Motorbike } from "lucide-react";
import { useEffect, useState } from "react";
import { ABOUT_ICON_INTERVAL_MS } from "~/domain/constants";

const VEHICLES = [
  { name: "motorbike", Icon: Motorbike },
  { name: "jeep", Icon: Car },
] as const;

/**
 * ABOUT_ICON_ANIMATION_MS as a class: Tailwind only sees class names written out whole.
 * The about e2e spec checks the rendered duration against the constant.
 */
const ANIMATION_CLASS = "duration-1500";

/**
 * The About page's 'What We Do' icon (product.md#about-page): a motorbike and a jeep take turns every
 * ABOUT_ICON_INTERVAL_MS, one turning and fading into the other over ABOUT_ICON_ANIMATION_MS.
 * With reduced motion the icons still take turns, without the animation (app.css).
 */
export function VehicleIconSwitch() {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => setIndex((current) => (current + 1) % VEHICLES.length), ABOUT_ICON_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div
      aria-hidden="true"
      data-testid="vehicle-icon"
      data-vehicle={VEHICLES[index]!.name}
      className="relative flex size-24 items-center justify-center rounded-full bg-brand-600 text-white shadow-card"
    >
      {VEHICLES.map(({ name, Icon }, i) => (
        <Icon
          key={name}
          data-shown={i === index}
          className={`absolute size-12 transition-all ease-in-out ${ANIMATION_CLASS} ${
            i === index ? "scale-100 rotate-0 opacity-100" : "scale-50 -rotate-90 opacity-0"
          }`}
        />
      ))}
    </div>
  );
}
