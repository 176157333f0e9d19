import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/public/upcoming.tsx", { id: "home" }),
  route("upcoming", "routes/public/upcoming.tsx", { id: "upcoming" }),
] satisfies RouteConfig;
