import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { SECRET_ROUTES, loggablePath } from "./domain/loggable-paths";
import routes from "./routes";

/**
 * Parameters that name public things (a ride, a file of it, a record). A route whose parameter is
 * not here must be declared in SECRET_ROUTES, or its parameter added here on purpose: no route
 * carrying a secret in its path can join the table unnoticed.
 */
const PUBLIC_PARAMS = new Set(["rideId", "file", "kind", "name", "collection", "recordId"]);

/** Every route's full path, as the route table nests them. */
function fullPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [...(entry.path ? [path] : []), ...fullPaths(entry.children ?? [], path)];
  });
}

const SAMPLE = "Se3cret-Value_7";
const sample = (path: string) => path.replace(/:\w+/g, SAMPLE).replace(/\*$/, "some/file.jpg");

describe("the route table's paths in logs", () => {
  const paths = fullPaths(routes);

  it("sweeps the route table: every route parameter is public or declared secret", () => {
    expect(paths).toContain("/booking/:token");
    for (const path of paths) {
      const params = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      if ((SECRET_ROUTES as readonly string[]).includes(path)) {
        expect(params, path).toContain("token");
        continue;
      }
      for (const param of params) expect(PUBLIC_PARAMS, `${path}: is :${param} a secret?`).toContain(param);
    }
    for (const secret of SECRET_ROUTES) expect(paths).toContain(secret);
  });

  it.each(fullPaths(routes).map((path) => [path]))("%s is logged without any secret it carries", (path) => {
    const logged = loggablePath(`${sample(path)}?preview=${SAMPLE}&code=${SAMPLE}&state=${SAMPLE}`);
    if ((SECRET_ROUTES as readonly string[]).includes(path)) {
      expect(logged).toBe(path.replace(":token", "[token]").replace(/:\w+/g, SAMPLE));
      expect(logged).not.toContain(SAMPLE);
    } else {
      expect(logged).toBe(sample(path));
    }
  });
});
