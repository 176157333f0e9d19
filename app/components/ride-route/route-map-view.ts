import * as L from "leaflet";
import "leaflet/dist/leaflet.css";

type RouteFeature = { properties: { day?: number; label?: string; kind?: string } };

const KIND_COLOURS: Record<string, string> = { start: "#15803d", stop: "#ffffff", finish: "#151c28" };

/**
 * Draws the route's GeoJSON (days as lines in alternating shades, start, overnight stops and
 * finish as labelled points) over the tiles, fitted to the route. Loaded only by RouteMap, on request.
 */
export function showRouteMap(
  element: HTMLElement,
  route: GeoJSON.FeatureCollection,
  tiles: { tileUrl: string; attribution: string },
): void {
  const map = L.map(element, { scrollWheelZoom: false });
  L.tileLayer(tiles.tileUrl, { attribution: tiles.attribution, maxZoom: 18 }).addTo(map);
  const layer = L.geoJSON(route, {
    style: (feature) => {
      const day = (feature as RouteFeature | undefined)?.properties.day ?? 1;
      return { color: day % 2 === 1 ? "#b8490c" : "#f4883d", weight: 4, opacity: 0.9 };
    },
    pointToLayer: (feature: RouteFeature, position) =>
      L.circleMarker(position, {
        radius: 7,
        color: "#374254",
        weight: 2,
        fillColor: KIND_COLOURS[feature.properties.kind ?? "stop"] ?? "#ffffff",
        fillOpacity: 1,
      }).bindTooltip(feature.properties.label ?? "", { permanent: feature.properties.kind !== "stop" }),
  }).addTo(map);
  map.fitBounds(layer.getBounds(), { padding: [16, 16] });
}
