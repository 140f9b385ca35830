import type { ServerResponse } from "node:http";

/**
 * A hostile server's answer: `body`, then `padding` spaces (still valid JSON), chunked without a
 * length so the client learns the size only by reading, and written as the client reads it, so
 * an answer of 100 MB costs the sandbox no memory. Stops when the client goes away.
 */
export function sendPadded(res: ServerResponse, status: number, body: string, padding: number): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.write(body);
  const spaces = Buffer.alloc(64 * 1024, " ");
  let left = padding;
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      const piece = left >= spaces.length ? spaces : spaces.subarray(0, left);
      left -= piece.length;
      if (!res.write(piece)) return void res.once("drain", pump);
    }
    if (!res.destroyed) res.end();
  };
  pump();
}
