import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  // The server build's entry is our Express app, so the whole server (routes, database,
  // lifecycle) is one bundle that server.ts imports.
  environments: {
    ssr: { build: { rolldownOptions: { input: './app/server/http/app.server.ts' } } },
  },
  plugins: [tailwindcss(), reactRouter()],
})
