import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The SSR build bundles the Express app (server/app.ts) together with the route modules,
  // so production runs one file and never needs Vite. React Router reads the server entry
  // from the ssr environment's options, not from the top-level build options.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
