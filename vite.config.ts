import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development Vite serves the app and forwards the API to the local service
// (`npm run serve` on port 8787), so the browser still talks to one origin.
const serviceOrigin = process.env.SERVICE_ORIGIN ?? 'http://localhost:8787';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/chat': serviceOrigin,
      '/files': serviceOrigin,
      '/console': serviceOrigin,
    },
  },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
});
