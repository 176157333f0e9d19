import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { IslandRoot } from "./island-root";
import type { HydrateWhen, IslandComponents, IslandName, IslandPropsOf } from "./registry";

// A root of its own writes the resource hints React makes for it (an image's preload, say)
// ahead of its markup, in the middle of the page's body. The browser finds those resources in
// the markup anyway, and they are no part of the tree the browser hydrates.
const LEADING_RESOURCE_HINTS = /^(?:<link rel="(?:preload|preconnect|dns-prefetch)"[^>]*\/>)+/;

function withoutResourceHints(html: string): string {
  return html.replace(LEADING_RESOURCE_HINTS, "");
}

type IslandProps<N extends IslandName> = {
  name: N;
  /** The component the registry loads under `name` in the browser. */
  component: IslandComponents[N];
  props: IslandPropsOf<N>;
  /**
   * `interaction` (default): when a visitor points at, presses, touches or focuses it; `visible`:
   * also when it nears the screen; `scroll`: also on the page's first scroll; `load`: once the page has loaded.
   */
  hydrate?: HydrateWhen;
  /** Tells islands of one name on a page apart, so their element ids never collide. */
  instance?: string | number;
  className?: string;
};

/**
 * An interactive part of a server-rendered public page (decision 017). It is rendered here as
 * a React root of its own with its props written beside it, and the islands script
 * (islands-runtime.tsx) hydrates exactly that root in the browser: the same component, props
 * and element-id prefix, so hydration finds what the server drew. Props must survive JSON.
 *
 * Rendered by the browser itself (an admin page's client-side navigation to a public page),
 * it is an ordinary component.
 */
export function Island<N extends IslandName>({
  name,
  component,
  props,
  hydrate = "interaction",
  instance = 0,
  className,
}: IslandProps<N>) {
  const element = createElement(component as never, props as never);
  if (typeof document !== "undefined") return <rb-island className={className}>{element}</rb-island>;
  const prefix = `${name}-${instance}-`;
  const html = withoutResourceHints(renderToString(<IslandRoot>{element}</IslandRoot>, { identifierPrefix: prefix }));
  return (
    <rb-island
      className={className}
      data-island={name}
      data-hydrate={hydrate}
      data-id-prefix={prefix}
      data-props={JSON.stringify(props)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
