import { createServer, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /**
   * A network partition: nothing passes either way (connections stay open) until heal(), which
   * resets the connections that lived through it (as TCP does after a long partition).
   */
  partition(): void;
  heal(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on a free port of 127.0.0.1 to `targetPort`, which can cut one client off from the
 * server (a partition of that client alone), unlike freezing the server, which cuts off everyone.
 */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const { connect } = await import("node:net");
  const pairs = new Set<[Socket, Socket]>();
  let cut = false;
  const forward = (from: Socket, to: Socket) =>
    from.on("data", (chunk: Buffer) => {
      if (!cut) to.write(chunk);
    });
  const server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    partition() {
      cut = true;
    },
    heal() {
      cut = false;
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
    },
    async close() {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
