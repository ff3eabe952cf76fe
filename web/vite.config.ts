import { defineConfig } from "vite";

// The production build goes to dist/, which `chimera serve --static web/dist` serves.
// During development, API and WebSocket calls are proxied to a running server.
export default defineConfig({
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false },
  server: {
    proxy: { "/api": { target: "http://localhost:8080", ws: true } },
  },
  test: { environment: "node", include: ["test/**/*.test.ts"] },
} as never);
