import { pino, type Logger, type LoggerOptions } from 'pino';
import { traceFields, tracingEnabled } from './tracing.js';

export type { Logger };

/**
 * pino JSON logs; pretty-printed only when stdout is a terminal. Every line carries `service`,
 * and request-scoped lines carry `reqId` (the x-request-id that follows a request everywhere).
 */
export function createLogger(service: string, level = 'info'): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-meydan-identity"]'],
      remove: true,
    },
    // With tracing on, each line logged inside a traced step carries its traceId and spanId.
    ...(tracingEnabled() ? { mixin: traceFields } : {}),
  };
  if (process.stdout.isTTY && process.env['LOG_PRETTY'] !== '0') {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } } });
  }
  return pino(options);
}
