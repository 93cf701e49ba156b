import net from "node:net";

/**
 * A port nothing listens on right now. Its own module, free of vitest, so the bench scripts use it
 * as the tests do (src/server/test/process.ts re-exports it).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
