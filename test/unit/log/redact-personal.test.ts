import { describe, expect, it } from "vitest";
import { redactPersonal } from "../../../src/log/redact.js";

describe("redactPersonal (prompts and replies in the log)", () => {
  it("removes tokens, keys, JWTs, e-mail addresses, phone numbers and ids", () => {
    const text = [
      "bot 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawQ",
      "Authorization: Bearer abc.def-ghi",
      "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
      "keys sk-proj-abcdefghijklmnop1234 ghp_abcdefghijklmnopqrstu AKIAABCDEFGHIJKLMNOP",
      "api_key=hunter2hunter2 password: s3cret!",
      "mail Jane.Doe+ops@example.co.uk",
      "call +44 20 7946 0958 or +1 (555) 123-4567 or (030) 1234 5678",
      "user 987654321 chat -1001234567890",
    ].join("\n");
    const out = redactPersonal(text);
    for (const kept of [
      "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawQ",
      "abc.def-ghi",
      "eyJhbGci",
      "sk-proj",
      "ghp_",
      "AKIA",
      "hunter2",
      "s3cret",
      "Jane.Doe",
      "example.co.uk",
      "7946",
      "555",
      "1234",
      "987654321",
      "1001234567890",
    ])
      expect(out, kept).not.toContain(kept);
    expect(out).toContain("[e-mail]");
    expect(out).toContain("[phone]");
    expect(redactPersonal(out)).toBe(out);
  });

  it("keeps what a question needs: words, dates, versions, ports and short numbers", () => {
    const text = "restore the 2026-11-26 backup of node 20.11.1 on port 8080, step 3 of 12";
    expect(redactPersonal(text)).toBe(text);
  });
});
