import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { validateGatewayConfig } from "../../../src/config/validate.js";

describe("gateway.example.json", () => {
  it("is valid", () => {
    const raw = JSON.parse(
      readFileSync(new URL("../../../config/gateway.example.json", import.meta.url), "utf8"),
    );
    const result = validateGatewayConfig(raw);
    expect(result.ok).toBe(true);
  });
});
