import path from "node:path";
import type { Plugin, Rollup } from "vite";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

// The islands script (app/islands/hydrate-islands.tsx) is one more entry of React Router's
// client build. The server learns its URL, the files it imports and the files of each island
// from that build, through the virtual module `virtual:islands-script` (decision 017): React
// Router builds the client first and the server after, with the same plugin instances.

const ENTRY = "app/islands/hydrate-islands.tsx";
const VIRTUAL_ID = "virtual:islands-script";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/**
 * Development only: React's fast refresh wants its preamble to run before any component
 * module; React Router's client sets it up for the admin, this does for content pages.
 */
const DEV_ENTRY_ID = "\0virtual:islands-script/dev-entry";
const DEV_ENTRY = [`import "virtual:react-router/inject-hmr-runtime";`, `import "/${ENTRY}";`].join("\n");

type IslandsScript = {
  src: string;
  imports: string[];
  /** By source file ('app/components/site-nav.tsx'): its chunk and what that imports beyond the script. */
  islands: Record<string, string[]>;
};

const NONE: IslandsScript = { src: "", imports: [], islands: {} };

/** A chunk's file and those it imports, directly or not, as URLs. */
function withImports(bundle: OutputBundle, fileName: string, seen = new Set<string>()): string[] {
  if (seen.has(fileName)) return [];
  seen.add(fileName);
  const chunk = bundle[fileName] as OutputChunk;
  return [`/${fileName}`, ...chunk.imports.flatMap((imported) => withImports(bundle, imported, seen))];
}

function islandsScriptOf(bundle: OutputBundle, root: string): IslandsScript {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === "chunk");
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === path.resolve(root, ENTRY));
  if (!entry) throw new Error(`islands-script: ${ENTRY} is not an entry of the client build`);
  const [src, ...imports] = withImports(bundle, entry.fileName);
  const islands: Record<string, string[]> = {};
  for (const chunk of chunks) {
    for (const moduleId of chunk.moduleIds) {
      if (!moduleId.startsWith(root)) continue;
      const source = path.relative(root, moduleId);
      islands[source] = withImports(bundle, chunk.fileName).filter((file) => file !== src && !imports.includes(file));
    }
  }
  return { src: src!, imports, islands };
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
      return { build: { rollupOptions: { input: [...inputs, path.resolve(root, ENTRY)] } } };
    },
    generateBundle(_options, bundle) {
      if (this.environment.name === "client") built = islandsScriptOf(bundle, root);
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id === DEV_ENTRY_ID) return DEV_ENTRY;
      if (id !== RESOLVED_ID) return undefined;
      // Development: Vite serves the script itself (after React's preamble), and each island's
      // module when it is imported.
      // The client build, which runs first, needs none: the browser never draws a content
      // page's document itself, only the server does.
      let script = NONE;
      if (serving) script = { ...NONE, src: `/@id/${DEV_ENTRY_ID.replace("\0", "__x00__")}` };
      else if (this.environment.name !== "client") {
        if (!built) throw new Error("islands-script: the server is built before the client");
        script = built;
      }
      return `export default ${JSON.stringify(script)};`;
    },
  };
}
