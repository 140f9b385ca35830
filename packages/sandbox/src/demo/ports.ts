import { createServer } from "node:net";

/**
 * A port the demo can bind on `host`: `preferred` when it is free, else (or when it is 0) a free
 * ephemeral one. `fellBack` tells the caller to say so. The probe closes before resolving, so a
 * race with another process remains possible but harmless (the listener then reports the error).
 */
export async function pickPort(
  preferred: number,
  host = "127.0.0.1",
): Promise<{ port: number; fellBack: boolean }> {
  if (preferred > 0) {
    const taken = await probe(preferred, host);
    if (taken !== undefined) return { port: taken, fellBack: false };
  }
  const free = await probe(0, host);
  if (free === undefined) throw new Error(`no free port on ${host}`);
  return { port: free, fellBack: preferred > 0 };
}

/** Binds and releases `port`; resolves the bound port, or undefined when it is in use. */
function probe(port: number, host: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(undefined));
    server.listen({ port, host, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === "object" && address !== null ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });
}
