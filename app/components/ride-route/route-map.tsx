import { Map as MapIcon } from "lucide-react";
import { useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";

export type RouteMapProps = { geoJsonHref: string; tileUrl: string; attribution: string };

const FAILED = "The map could not be loaded. The route sketch above shows the same route.";

/**
 * The interactive map (an island): a button until a visitor asks for it, then Leaflet, its
 * stylesheet and the route's GeoJSON are fetched and the map drawn over the configured tiles.
 * Nothing of it is fetched on first paint.
 */
export function RouteMap({ geoJsonHref, tileUrl, attribution }: RouteMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"idle" | "loading" | "shown" | "failed">("idle");
  // The button keeps its place but is not drawn until it works (it is no link to anything a
  // tap could open instead), and is not there at all without JavaScript.
  const hydrated = useHydrated();

  async function open() {
    setState("loading");
    try {
      const [view, response] = await Promise.all([import("./route-map-view"), fetch(geoJsonHref)]);
      if (!response.ok || !container.current) throw new Error(`route map: ${response.status}`);
      view.showRouteMap(container.current, await response.json(), { tileUrl, attribution });
      setState("shown");
    } catch {
      setState("failed");
    }
  }

  return (
    <div className="space-y-2">
      {state === "shown" ? null : (
        <button
          type="button"
          disabled={state === "loading"}
          onClick={() => void open()}
          className={`inline-flex items-center gap-2 rounded-lg border border-ink-300 px-4 py-2.5 text-sm font-semibold text-ink-900 hover:bg-ink-50 disabled:cursor-wait disabled:opacity-70 noscript:hidden ${hydrated ? "" : "invisible"}`}
        >
          <MapIcon aria-hidden="true" className="size-4" />
          {state === "loading" ? "Loading map…" : "Show interactive map"}
        </button>
      )}
      {state === "failed" ? (
        <p role="alert" className="text-sm text-red-700">
          {FAILED}
        </p>
      ) : null}
      <div
        ref={container}
        role="region"
        aria-label="Interactive route map"
        className={state === "loading" || state === "shown" ? "h-96 w-full rounded-lg border border-ink-100" : "hidden"}
      />
    </div>
  );
}
