import { describe, expect, it } from "vitest";
import { probeWiki, type ProbeDeps, probeWriteRight } from "../../../../src/wiki/client/probe.js";
import type { Transport } from "../../../../src/wiki/client/transport.js";
import { WikiError } from "../../../../src/wiki/wiki-error.js";
import type { PageSummary, WikiPage } from "../../../../src/wiki/types.js";

/** The probe's own choices, with the wiki stubbed: what it asks for, given what the caller knows. */
function deps(existing: number[]) {
  const calls: string[] = [];
  const d: ProbeDeps = {
    transport: { token: async () => ({ warnings: [] }) } as unknown as Transport,
    listPages: async () => {
      calls.push("list");
      return existing.map((id) => ({ id }) as PageSummary);
    },
    getPage: async (id) => {
      calls.push(`getPage ${id}`);
      return { id } as WikiPage;
    },
    field: async <T>(operation: string, _key: string, variables: Record<string, unknown>) => {
      calls.push(`${operation} ${String(variables.id)}`);
      if (!existing.includes(Number(variables.id)))
        throw new WikiError("wiki-page-not-found", "the page does not exist", { wikiCode: 6003 });
      return {} as T;
    },
  };
  return { d, calls };
}

describe("wiki probe", () => {
  it("with a known page id: proves the rights on it without listing", async () => {
    const { d, calls } = deps([5, 9]);
    const result = await probeWiki(d, { knownPageId: 9 });
    expect(calls).toEqual(["probeSingle 9", "getPage 9"]);
    expect(result).toMatchObject({ authenticated: true, canReadContent: true });
    expect(result.pageCount).toBeUndefined();
  });

  it("a known page deleted since: falls back to listing and proves the rights on a listed page", async () => {
    const { d, calls } = deps([5, 9]);
    const result = await probeWiki(d, { knownPageId: 3 });
    expect(calls).toEqual(["probeSingle 3", "list", "probeSingle 5", "getPage 5"]);
    expect(result).toMatchObject({ authenticated: true, canReadContent: true, pageCount: 2 });
  });

  it("without one: lists, as doctor does", async () => {
    const { d, calls } = deps([5]);
    expect((await probeWiki(d)).pageCount).toBe(1);
    expect(calls[0]).toBe("list");
  });
});

describe("the write-right probe (doctor, for the pages the gateway writes)", () => {
  const answering =
    (answer: () => unknown) =>
    async <T>(operation: string, _key: string, variables: Record<string, unknown>): Promise<T> => {
      expect([operation, variables.id]).toEqual(["probeWrite", 0]);
      return answer() as T;
    };

  it("a key that may write is told 'Invalid Page Id' for page 0: true, nothing changed", async () => {
    const field = answering(() => ({ responseResult: { succeeded: false, message: "Invalid Page Id" } }));
    expect(await probeWriteRight({ field })).toBe(true);
  });

  it("a key without write:pages is refused: false", async () => {
    const field = answering(() => {
      throw new WikiError("wiki-forbidden", "Forbidden");
    });
    expect(await probeWriteRight({ field })).toBe(false);
  });

  it("another failure is the wiki's: it rejects", async () => {
    const field = answering(() => {
      throw new WikiError("wiki-unreachable", "down");
    });
    await expect(probeWriteRight({ field })).rejects.toMatchObject({ code: "wiki-unreachable" });
  });
});
