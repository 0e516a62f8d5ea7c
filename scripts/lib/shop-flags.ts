/**
 * The Node and V8 options the shop's process runs with: `npm start` (package.json), the deployment
 * guide's unit, the bench and the browser tests all start `server.js` with these
 * (docs/decisions/033-process-memory.md):
 * - an 8 MB young generation instead of the largest size V8 picks on a machine with much memory;
 * - WebAssembly (the embedded database, PGlite) compiled by the baseline compiler only: optimising
 *   it at start-up held ~550 MB for a moment, and the pages served a second were the same;
 * - `gc()` for the process to collect once a load is over, so that V8 gives back the heap the load
 *   grew (app/server/http/memory-trim.server.ts).
 */
export const SHOP_NODE_FLAGS = ['--max-semi-space-size=8', '--liftoff-only', '--expose-gc'] as const
