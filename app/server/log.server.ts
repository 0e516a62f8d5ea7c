import pino from 'pino'

export const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  // The process id tells apart the processes of one shop (WEB_CONCURRENCY, or several behind a balancer).
  base: { service: 'shop', pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
})
