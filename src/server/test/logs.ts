import { Writable } from "node:stream";

/** One line of the server's JSON log (pino's shape). */
export type LogLine = {
  level?: number;
  msg?: string;
  reqId?: string;
  req?: { url?: string };
  [k: string]: unknown;
};

/** A logger destination the test can read, line by line: `createTestApp(…, { logger: { level, stream } })`. */
export function captureLogs(): { lines: LogLine[]; stream: Writable } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, stream };
}
