import * as crypto from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  generateCode,
  isWellFormedCode,
  normaliseCode,
} from "../../../src/policy/pairing-codes.js";

vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return { ...actual, randomInt: vi.fn(actual.randomInt) };
});

afterEach(() => {
  vi.mocked(crypto.randomInt).mockReset();
});

describe("pairing codes", () => {
  it("uses the documented alphabet (no I, O, 0, 1) and length", () => {
    expect(CODE_ALPHABET).toBe("ABCDEFGHJKLMNPQRSTUVWXYZ23456789");
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(CODE_LENGTH).toBe(8);
  });

  it("draws 8 characters of the alphabet, and they vary", async () => {
    const actual = await vi.importActual<typeof import("node:crypto")>("node:crypto");
    vi.mocked(crypto.randomInt).mockImplementation(actual.randomInt as never);
    const codes = Array.from({ length: 2000 }, () => generateCode());
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
    const used = new Set(codes.join(""));
    expect(used.size).toBe(32);
  });

  it("draws from the cryptographic source (crypto.randomInt)", () => {
    vi.mocked(crypto.randomInt).mockImplementation((() => 0) as never);
    expect(generateCode()).toBe("AAAAAAAA");
    expect(crypto.randomInt).toHaveBeenCalledWith(32);
  });

  it("draws again when the code is already pending", () => {
    let calls = 0;
    vi.mocked(crypto.randomInt).mockImplementation((() => (calls++ < 8 ? 0 : 31)) as never);
    expect(generateCode(new Set(["AAAAAAAA"]))).toBe("99999999");
    expect(calls).toBe(16);
  });

  it("normalises typed codes", () => {
    expect(normaliseCode("  abcd2345 ")).toBe("ABCD2345");
    expect(isWellFormedCode("abcd2345")).toBe(true);
    expect(isWellFormedCode("ABCD1345")).toBe(false);
    expect(isWellFormedCode("ABCD234")).toBe(false);
  });
});
