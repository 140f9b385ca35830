import { describe, expect, it } from "vitest";
import { REDACTED, redactQuestion } from "../../../../src/agents/unanswered/redact.js";

describe("redactQuestion", () => {
  it.each([
    ["call me at +7 (912) 345-67-89 about the VPN", `call me at ${REDACTED.number} about the VPN`],
    ["my card 4111 1111 1111 1111 was refused", `my card ${REDACTED.number} was refused`],
    ["phone 0612345678?", `phone ${REDACTED.number}?`],
    ["mail ada.l@example.co.uk the form", `mail ${REDACTED.email} the form`],
    ["почта иван@пример.рф не работает", `почта ${REDACTED.email} не работает`],
    ["why is eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc_DEF-123 refused", `why is ${REDACTED.token} refused`],
    ["bot 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw dead", `bot ${REDACTED.token} dead`],
    ["password: hunter2 does not work", `password: ${REDACTED.token} does not work`],
    ["api_key=sk-abc does not work", `api_key=${REDACTED.token} does not work`],
    ["session a8f3k29dk3m20dkd83kd02 expired", `session ${REDACTED.token} expired`],
  ])("%s", (question, redacted) => {
    expect(redactQuestion(question)).toBe(redacted);
  });

  it.each([
    "what changed in 2024?",
    "error 503 on room 12-104",
    "how do I install version 10.2.1",
    "restore a backup of internationalization_settings",
    "how do I reset the VPN?",
  ])("keeps what a question is about: %s", (question) => {
    expect(redactQuestion(question)).toBe(question);
  });

  it("is idempotent", () => {
    const once = redactQuestion("mail a@b.io or +1 555 123 4567, token=abc");
    expect(redactQuestion(once)).toBe(once);
  });
});
