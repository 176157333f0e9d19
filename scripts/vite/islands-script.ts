import path from "node:path";
import type { Plugin, Rollup } from "vite";

// The islands script (app/islands/hydrate-islands.ts) and what it loads once the page has
// painted (app/islands/islands-runtime.tsx) are two more entries of React Router's client
// build. The server learns the script's code, which it writes into each content page (a few
// hundred bytes: a request saved on a slow connection), and the runtime's URL from that build
// through the virtual module `virtual:islands-script` (decision 017): React Router builds the
// client first and the server after, with the same plugin instances.

const ENTRY = "app/islands/hydrate-islands.ts";
const RUNTIME = "app/islands/islands-runtime.tsx";
const VIRTUAL_ID = "virtual:islands-script";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/**
 * Development only: React's fast refresh wants its preamble to run before any component
 * module; React Router's client sets it up for the admin, this does for content pages.
 */
const DEV_ENTRY_ID = "\0virtual:islands-script/dev-entry";
const DEV_ENTRY = [`import "virtual:react-router/inject-hmr-runtime";`, `import "/${ENTRY}";`].join("\n");

/** The script inline (`code`), or by URL (`src`, development); the URL of what it loads. */
type IslandsScript = { code: string; src: string; runtime: string };

function entryChunk(bundle: Rollup.OutputBundle, root: string, source: string): Rollup.OutputChunk {
  const entry = Object.values(bundle).find(
    (output): output is Rollup.OutputChunk =>
      output.type === "chunk" && output.isEntry && output.facadeModuleId === path.resolve(root, source),
  );
  if (!entry) throw new Error(`islands-script: ${source} is not an entry of the client build`);
  return entry;
}

function inlineScript(chunk: Rollup.OutputChunk): string {
  if (chunk.imports.length > 0 || chunk.dynamicImports.length > 0) {
    throw new Error(`islands-script: ${ENTRY} must import nothing, it is written into each page`);
  }
  // It sits inside a <script> element: nothing in it may close that element.
  return chunk.code.replaceAll("</", "<\\/").trim();
}

export function islandsScript(): Plugin {
  let root = process.cwd();
  let serving = false;
  let built: IslandsScript | undefined;
  return {
    name: "roadbook:islands-script",
    configResolved(config) {
      root = config.root;
      serving = config.command === "serve";
    },
    configEnvironment(name, config) {
      if (name !== "client") return;
      const input = config.build?.rollupOptions?.input;
      const inputs = Array.isArray(input) ? input : typeof input === "string" ? [input] : [];
      return {
        build: { rollupOptions: { input: [...inputs, path.resolve(root, ENTRY), path.resolve(root, RUNTIME)] } },
      };
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      built = {
        code: inlineScript(entryChunk(bundle, root, ENTRY)),
        src: "",
        runtime: `/${entryChunk(bundle, root, RUNTIME).fileName}`,
      };
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id === DEV_ENTRY_ID) return DEV_ENTRY;
      if (id !== RESOLVED_ID) return undefined;
      // Development: Vite serves the scripts themselves, after React's preamble. The client
      // build, which runs first, needs no URL: the browser never draws a content page's document
      // itself, only the server does.
      let script: IslandsScript = { code: "", src: "", runtime: "" };
      if (serving) script = { code: "", src: `/@id/${DEV_ENTRY_ID.replace("\0", "__x00__")}`, runtime: `/${RUNTIME}` };
      else if (this.environment.name !== "client") {
        if (!built) throw new Error("islands-script: the server is built before the client");
        script = built;
      }
      return `export default ${JSON.stringify(script)};`;
    },
  };
}
