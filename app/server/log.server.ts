import pino from 'pino'
import { maskSecretLinks } from '../lib/secret-links.ts'

export const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  // The process id tells apart the processes of one shop (WEB_CONCURRENCY, or several behind a balancer).
  base: { service: 'shop', pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: {
    // A logged address (a request's, a refused write's path) or subject never holds the secret of a
    // link that grants access: whoever reads the log could use it (app/lib/secret-links.ts).
    log: (fields) => Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? maskSecretLinks(value) : value])),
  },
})
