import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  environments: {
    // A page loads React and React Router as one file and the root layout's components as another,
    // instead of a dozen small ones (decision 018). A component added to the root layout belongs
    // in the `shell` pattern.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                  priority: 2,
                },
                {
                  name: 'shell',
                  // With the small shared components (components/ui's kit, the <picture> of uploaded photos, the order summary and the
                  // delivery times of the cart, product and order pages, the pay later message, the discount code's rules) that many pages use: a few KB
                  // every page loads rather than one more file for most of them.
                  test: /[\\/]app[\\/](components[\\/]shop[\\/](cart-context|delivery-times|error-screen|forbidden|not-found|order-summary|picture|search-box|signed-in-mark|site-footer|site-header)\.tsx|components[\\/]ui[\\/](alert|badge|button|checkbox-field|field|field-error|page-header|select-field|text-field|textarea-field)\.tsx|lib[\\/](discount-code|media|money|order-summary|pay-later|seo|signed-in-hint)\.ts)$/,
                  priority: 1,
                },
                {
                  // What catalogue pages share (category lists and all products, search results, product pages and their choice of variant): one file.
                  name: 'catalogue',
                  test: /[\\/]app[\\/](components[\\/]shop[\\/](breadcrumbs|page-links|product-card|add-to-bag|stock-note|price-tag|list-controls|product-list-page|stock-alert-form|variant-picker)\.tsx|lib[\\/](category-query|stock-alerts|variants)\.ts)$/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    // The server build's entry is the shop's process (the Express app, its processes and their
    // lifecycle), so the whole server is one bundle that server.js imports.
    ssr: {
      build: { rolldownOptions: { input: './app/server/http/process/shop-process.server.ts' } },
      resolve: { noExternal: ['drizzle-orm'] },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
})
