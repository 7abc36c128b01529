/**
 * The mailer's log: one line per event on stdout/stderr, at MAILER_LOG_LEVEL. It names messages by
 * id and kind only: never an address, a name or a cancel token.
 */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Log {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createLog(level: LogLevel): Log {
  const threshold = LOG_LEVELS.indexOf(level);
  const at = (name: LogLevel, write: (line: string) => void) => (message: string) => {
    if (LOG_LEVELS.indexOf(name) >= threshold) write(`[mailer] ${name}: ${message}`);
  };
  return {
    debug: at('debug', console.log),
    info: at('info', console.log),
    warn: at('warn', console.warn),
    error: at('error', console.error),
  };
}
