import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { runCli } from "../../../src/cli/run-cli.js";
import { SETTINGS_FLAGS } from "../../../src/cli/command.js";
import { ConfigError } from "../../../src/config/config-error.js";
import { loadSettings, settingsReference } from "../../../src/config/settings.js";
import { captureIo } from "../../helpers/cli.js";

/** The refusal of loadSettings, as people read it. */
function refusal(args: string[], env: Record<string, string> = {}): string {
  try {
    loadSettings(args, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).code).toBe("config-settings");
    return (error as ConfigError).describe();
  }
  throw new Error(`accepted: ${JSON.stringify({ args, env })}`);
}

describe("process settings", () => {
  it("takes the defaults, and values from the environment and flags (a flag wins)", () => {
    expect(loadSettings([], {})).toMatchObject({ indexRefreshSeconds: 300, telegramPacing: true });
    const s = loadSettings(["--index-refresh-seconds", "60", "--telegram-pacing=false"], {
      WIKI_INDEX_REFRESH_SECONDS: "30",
      WIKI_TIMEOUT_MS: "2500",
      TELEGRAM_POLL_TIMEOUT: "50",
    });
    expect(s).toMatchObject({
      indexRefreshSeconds: 60,
      wikiTimeoutMs: 2500,
      telegramPollTimeout: 50,
      telegramPacing: false,
    });
  });

  it.each([
    ["WIKI_INDEX_REFRESH_SECONDS", "0", "--index-refresh-seconds", /from 1 to 86400/],
    ["WIKI_INDEX_REFRESH_SECONDS", "99999999", "--index-refresh-seconds", /from 1 to 86400/],
    ["WIKI_TIMEOUT_MS", "0", "--wiki-timeout-ms", /milliseconds from 100 to 600000/],
    ["WIKI_WRITE_TIMEOUT_MS", "0", "--wiki-write-timeout-ms", /milliseconds from 100 to 600000/],
    ["TELEGRAM_POLL_TIMEOUT", "100", "--telegram-poll-timeout", /seconds from 1 to 50/],
    ["TELEGRAM_POLL_TIMEOUT", "0", "--telegram-poll-timeout", /seconds from 1 to 50/],
    ["GATEWAY_STOP_TIMEOUT_MS", "9999999999", "--stop-timeout-ms", /from 0 to 600000/],
    ["GATEWAY_LEASE_TTL_MS", "0", "--lease-ttl-ms", /from 1000 to 600000/],
    ["GATEWAY_HTTP_PORT", "70000", "--http-port", /from 0 to 65535/],
    ["WIKI_TIMEOUT_MS", "30s", "--wiki-timeout-ms", /whole number/],
    ["TELEGRAM_PACING", "0", "--telegram-pacing", /true or false/],
    ["LOG_LEVEL", "verbose", "--log-level", /one of fatal, error/],
    ["WIKI_URL", "wiki.example.com", "--wiki-url", /http:\/\/ or https:\/\/ URL/],
    ["TELEGRAM_API_ROOT", "ftp://api.telegram.org", "--telegram-api-root", /http:\/\/ or https:\/\//],
    ["GATEWAY_STATE_DIR", "", "--state-dir", /not empty/],
  ])("refuses %s=%j, naming the variable, the flag, the value and what to give", (env, value, flag, what) => {
    const text = refusal([], { [env]: value });
    expect(text).toContain(`${env} (or ${flag}): ${JSON.stringify(value)} is not accepted`);
    expect(text).toMatch(what);
    expect(text).toMatch(/default: /);
  });

  it("names the flag first when the flag gave the value", () => {
    const text = refusal(["--index-refresh-seconds", "0"], { WIKI_INDEX_REFRESH_SECONDS: "300" });
    expect(text).toContain('--index-refresh-seconds (or WIKI_INDEX_REFRESH_SECONDS): "0" is not accepted');
  });

  it("lists every refused setting at once", () => {
    const text = refusal([], { WIKI_TIMEOUT_MS: "0", WIKI_INDEX_REFRESH_SECONDS: "0" });
    expect(text).toMatch(/^2 process setting\(s\) refused/);
    expect(text).toContain("WIKI_TIMEOUT_MS");
    expect(text).toContain("WIKI_INDEX_REFRESH_SECONDS");
  });

  it("never shows a Redis URL it refuses: it may hold a password", () => {
    const text = refusal([], { GATEWAY_REDIS_URL: "http://:s3cret@redis:6379" });
    expect(text).toContain("GATEWAY_REDIS_URL (or --redis-url)");
    expect(text).not.toContain("s3cret");
    expect(loadSettings([], { GATEWAY_REDIS_URL: "redis://:pw@redis:6379/0" }).redisUrl).toMatch(/^redis:/);
  });

  it("every command takes every setting as a flag", () => {
    expect(Object.keys(SETTINGS_FLAGS).map((f) => `--${f}`)).toEqual(settingsReference().map((s) => s.flag));
  });

  it.each(["ask", "report", "check", "doctor", "pairing", "status", "start", "wiki"])(
    "`%s` exits 2 on a refused setting",
    async (command) => {
      const io = captureIo({ WIKI_TIMEOUT_MS: "0", GATEWAY_CONFIG: "/nonexistent/gateway.json" });
      const args = command === "pairing" ? ["list"] : command === "wiki" ? ["import", tmpdir()] : [];
      expect(await runCli([command, ...args], io)).toBe(2);
      expect(io.stderr()).toContain('WIKI_TIMEOUT_MS (or --wiki-timeout-ms): "0" is not accepted');
    },
  );
});
