import { describe, expect, it } from "vitest";
import { warningLogger } from "../../../src/cli/ask.js";

const io = () => {
  const err: string[] = [];
  return { err, io: { out: () => {}, err: (t: string) => err.push(t), env: {}, isTty: false } };
};

describe("ask's warning logger", () => {
  it("writes each warning as a JSON line on stderr by the time written() resolves, secrets scrubbed", async () => {
    const { err, io: cliIo } = io();
    const logger = warningLogger(cliIo);
    logger.warn({ page: "a/b", token: "123456:AAEhBP0av28JE3r2kqAh6pJZ8j6wCUfDkxx" }, "page not indexed");
    logger.warn("second");
    logger.info({ file: "x" }, "below the level");
    await logger.written();
    expect(err).toHaveLength(2);
    const first = JSON.parse(err[0]!) as Record<string, unknown>;
    expect(first).toMatchObject({ level: 40, page: "a/b", msg: "page not indexed" });
    expect(err[0]).not.toContain("AAEhBP0av28");
    expect(JSON.parse(err[1]!)).toMatchObject({ msg: "second" });
  });

  it("writes nothing when nothing is wrong", async () => {
    const { err, io: cliIo } = io();
    await warningLogger(cliIo).written();
    expect(err).toEqual([]);
  });
});
