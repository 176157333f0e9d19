import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR build bundles the Express app (server/app.ts) together with the route modules,
  // so production runs one file and never needs Vite.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
