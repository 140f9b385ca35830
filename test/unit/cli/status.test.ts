import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../src/cli/run-cli.js";
import { statusUrlFromSettings } from "../../../src/cli/status.js";
import type { GatewayStatus } from "../../../src/cli/status-schema.js";
import { renderStatus } from "../../../src/cli/status-view.js";
import { captureIo } from "../../helpers/cli.js";
import { freePort } from "../../helpers/daemon.js";

const NOW = Date.parse("2026-11-24T10:30:00.000Z");

/** What the daemon's /status answers for two polling accounts and a disabled one. */
function healthy(): GatewayStatus {
  return {
    accounts: [
      {
        account: "default",
        status: "polling",
        username: "default_wiki_bot",
        privacyMode: true,
        since: "2026-11-24T10:27:00.000Z",
        journalDepth: 0,
        webhookRemovals: 0,
      },
      { account: "old", status: "disabled", since: "", journalDepth: 0, webhookRemovals: 0 },
      {
        account: "vera",
        status: "polling",
        username: "vera_wiki_bot",
        privacyMode: false,
        since: "2026-11-24T10:29:30.000Z",
        journalDepth: 3,
        webhookRemovals: 1,
      },
    ],
    wiki: { ok: true, checkedAt: "2026-11-24T10:29:58.000Z" },
    index: { pages: 42, passages: 310, builtAt: "2026-11-24T09:30:00.000Z" },
    agents: [
      { account: "default", agent: "main", section: "" },
      { account: "vera", agent: "vera", section: "ops" },
    ],
  };
}

function withConflict(): GatewayStatus {
  const body = healthy();
  body.accounts[2] = {
    ...body.accounts[2]!,
    status: "conflict",
    problem: {
      code: "telegram-conflict",
      message: "another process polls bot vera",
      remedy: "stop the other process that uses this token",
    },
  };
  return body;
}

let server: Server;
let base: string;
/** The body (or raw text) the fixture server answers next, and its HTTP status. */
let answer: { status: number; body: unknown } = { status: 200, body: healthy() };

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url !== "/status") {
      res.writeHead(404).end();
      return;
    }
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, { "content-type": "application/json" }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function status(args: string[], body: unknown, env: Record<string, string> = {}, code = 200) {
  answer = { status: code, body };
  const io = captureIo(env);
  const exit = await runCli(["status", ...args], io);
  return { exit, out: io.stdout(), err: io.stderr() };
}

describe("status: rendering", () => {
  it("shows accounts, wiki, index and agents as aligned tables", () => {
    expect(renderStatus(healthy(), NOW)).toBe(
      [
        "Accounts",
        "account  status    username           privacy  problem  since                                journal",
        "-------  --------  -----------------  -------  -------  -----------------------------------  -------",
        "default  polling   @default_wiki_bot  on       -        2026-11-24 10:27:00 UTC (3 min ago)  0",
        "old      disabled  -                  -        -        -                                    0",
        "vera     polling   @vera_wiki_bot     off      -        2026-11-24 10:29:30 UTC (30 s ago)   3",
        "",
        "Wiki",
        "ok (checked 2026-11-24 10:29:58 UTC (2 s ago))",
        "",
        "Index",
        "42 pages, 310 passages, built 2026-11-24 09:30:00 UTC (1 h ago)",
        "",
        "Agents",
        "account  agent  section",
        "-------  -----  ------------",
        "default  main   (whole wiki)",
        "vera     vera   ops",
        "",
        "All accounts polling, the wiki is usable.",
        "",
      ].join("\n"),
    );
  });

  it("lists each account's problem with its fix, and a wiki problem with its code", () => {
    const body = withConflict();
    body.wiki = {
      ok: false,
      code: "wiki-unauthorized",
      detail: "the token expired; fix: write a new one",
    };
    body.index = { pages: 0, passages: 0 };
    const text = renderStatus(body, NOW);
    expect(text).toMatch(/^vera +conflict .* telegram-conflict /m);
    expect(text).toContain(
      "- vera: another process polls bot vera\n  fix: stop the other process that uses this token",
    );
    expect(text).toContain("Wiki\nNOT OK wiki-unauthorized: the token expired; fix: write a new one");
    expect(text).toContain("0 pages, 0 passages, not built yet");
    expect(text).toContain("Not healthy: see the problems above.");
  });

  it("lists upgraded groups and groups the bot was removed from, each with its fix", () => {
    const body = {
      ...healthy(),
      groupUpgrades: [{ account: "default", oldChatId: -2222, newChatId: -1002222, fix: "rename the key" }],
      groupsWithoutBot: [{ account: "default", chatId: -1003, fix: "add the bot back" }],
    };
    const text = renderStatus(body, NOW);
    expect(text).toContain(
      "Groups\n- default: group -2222 was upgraded to -1002222\n  fix: rename the key\n- default: the bot was removed from group -1003\n  fix: add the bot back",
    );
    expect(renderStatus(healthy(), NOW)).not.toContain("Groups");
  });

  it("shows each model, and when one held back by a Retry-After or an open circuit is tried again", () => {
    const model = { model: "m1", spentToday: 120, active: 0, waiting: 0 };
    const body = {
      ...healthy(),
      models: [
        { ...model, name: "local", circuit: "closed", retryAt: "2026-11-24T10:40:00.000Z" },
        { ...model, name: "spare", circuit: "closed", retryAt: null },
      ],
    };
    const text = renderStatus(body, NOW);
    expect(text).toMatch(/model +id +circuit +tried again +tokens today/);
    expect(text).toMatch(/^local +m1 +closed +2026-11-24T10:40:00Z +120 /m);
    expect(text).toMatch(/^spare +m1 +closed +now +120 /m);
  });

  it("shows the busy chats: each chat's backlog and oldest wait, and what was turned away", () => {
    const body = healthy();
    const busy = { chatId: "-1002000000001", waiting: 40, oldestWaitSeconds: 75.5 };
    body.accounts[0] = {
      ...body.accounts[0]!,
      backlog: {
        waiting: 41,
        running: 2,
        limit: 2000,
        oldestWaitSeconds: 75.5,
        chats: [busy, { chatId: "77", waiting: 1, oldestWaitSeconds: 0.2 }],
        turnedAway: 80,
        notices: 1,
      },
    };
    const text = renderStatus(body, NOW);
    expect(text).toContain("Busy chats");
    expect(text).toMatch(/default\s+-1002000000001\s+40\s+75.5 s/);
    expect(text).toContain(
      "default: 41 waiting (at most 2000 held), 2 running; 80 question(s) turned away, their askers told in 1 notice(s)",
    );
    expect(renderStatus(healthy(), NOW)).not.toContain("Busy chats");
  });

  it("says when the event loop was blocked over its threshold, and nothing when it never was", () => {
    const body = healthy();
    body.eventLoop = { blocks: 0, thresholdMs: 100, recent: [] };
    expect(renderStatus(body, NOW)).not.toContain("Event loop");
    body.eventLoop = {
      blocks: 3,
      thresholdMs: 100,
      recent: [{ at: "2026-11-24T10:29:00.000Z", ms: 140 }],
      longest: { at: "2026-11-24T10:00:00.000Z", ms: 900 },
    };
    expect(renderStatus(body, NOW)).toContain(
      "Event loop\nblocked over 100 ms 3 time(s); latest 140 ms at 2026-11-24 10:29:00 UTC (1 min ago); longest 900 ms at 2026-11-24 10:00:00 UTC (30 min ago)",
    );
  });
});

describe("status: the configuration", () => {
  it("shows a refused gateway.json with its problems, and the configuration that keeps running", () => {
    const body = healthy();
    body.config = {
      appliedAt: "2026-11-24T10:00:00.000Z",
      lastReload: {
        at: "2026-11-24T10:29:00.000Z",
        trigger: "file changed",
        outcome: "refused",
        problems: ['defaultAccount: names "nobody", which is not an account (fix: use one of: default)'],
      },
    };
    expect(renderStatus(body, NOW)).toContain(
      "Configuration\ngateway.json on disk REFUSED 2026-11-24 10:29:00 UTC (1 min ago) (file changed); the configuration before it keeps running (applied 2026-11-24 10:00:00 UTC (30 min ago)):\n" +
        '- defaultAccount: names "nobody", which is not an account (fix: use one of: default)',
    );
    body.config.lastReload = {
      at: "2026-11-24T10:29:30.000Z",
      trigger: "SIGHUP",
      outcome: "applied",
      problems: [],
    };
    expect(renderStatus(body, NOW)).toContain(
      "Configuration\nlast reload applied 2026-11-24 10:29:30 UTC (30 s ago) (SIGHUP)",
    );
    expect(renderStatus(healthy(), NOW)).not.toContain("Configuration");
  });
});

describe("status: exit codes against a served /status", () => {
  it("exits 0 when every account polls (or is disabled) and the wiki is ok", async () => {
    const r = await status(["--url", base], healthy());
    expect(r.exit).toBe(0);
    expect(r.out).toContain("@vera_wiki_bot");
    expect(r.err).toBe("");
  });

  it("exits 1 when an account is not polling", async () => {
    const r = await status(["--url", base], withConflict());
    expect(r.exit).toBe(1);
    expect(r.out).toContain("fix: stop the other process");
  });

  it("exits 1 when the wiki is not usable", async () => {
    const body = healthy();
    body.wiki = { ok: false, detail: "not checked yet" };
    expect((await status(["--url", base], body)).exit).toBe(1);
  });

  it("--json prints the daemon's JSON as it came, with the same exit code", async () => {
    const ok = await status(["--json", "--url", base], healthy());
    expect(ok.exit).toBe(0);
    expect(JSON.parse(ok.out)).toEqual(healthy());
    const bad = await status(["--json", "--url", `${base}/anything`], withConflict());
    expect(bad.exit).toBe(1);
    expect(JSON.parse(bad.out)).toEqual(withConflict());
  });

  it("finds the daemon from the same settings as start (a wildcard host is reached on loopback)", async () => {
    const port = new URL(base).port;
    const r = await status([], healthy(), { GATEWAY_HTTP_HOST: "0.0.0.0", GATEWAY_HTTP_PORT: port });
    expect(r.exit).toBe(0);
    const flags = await status(["--http-port", port], withConflict());
    expect(flags.exit).toBe(1);
  });

  it("a malformed answer is a clear error naming the field, not a crash", async () => {
    const body = healthy() as unknown as Record<string, unknown>;
    body.accounts = [{ account: "default", status: 3 }];
    const r = await status(["--url", base], body);
    expect(r.exit).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toContain(`the answer of ${base}/status is not a gateway status: accounts.0.status:`);
    expect(r.err).toContain("accounts.0.since");
    expect(r.err).toContain("fix: run the CLI of the same version as the daemon");
  });

  it("an answer that is not JSON, or not 200, says so", async () => {
    const text = await status(["--url", base], "<html>login</html>");
    expect(text.exit).toBe(1);
    expect(text.err).toContain(`${base}/status did not answer JSON`);
    const http = await status(["--url", base], healthy(), {}, 503);
    expect(http.exit).toBe(1);
    expect(http.err).toContain(`${base}/status answered HTTP 503`);
  });
});

describe("status: no daemon", () => {
  it("a closed port: exit 1, the address tried and the settings to check", async () => {
    const port = await freePort();
    const r = await status([], healthy(), { GATEWAY_HTTP_PORT: String(port) });
    expect(r.exit).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toContain(
      `cannot reach the gateway at http://127.0.0.1:${port}/status: connection refused`,
    );
    expect(r.err).toContain("check that the daemon runs");
    expect(r.err).toMatch(/GATEWAY_HTTP_HOST and GATEWAY_HTTP_PORT \(--http-host, --http-port\)/);
  });

  it("with --url, the error names --url", async () => {
    const port = await freePort();
    const r = await status(["--url", `http://127.0.0.1:${port}`], healthy());
    expect(r.exit).toBe(1);
    expect(r.err).toContain(`http://127.0.0.1:${port}/status`);
    expect(r.err).toContain("that --url names its operations endpoint");
  });
});

describe("status: usage", () => {
  it("exits 2 on an unknown flag, a bad --url, a positional argument or an unknown port", async () => {
    expect((await status(["--verbose"], healthy())).exit).toBe(2);
    expect((await status(["--url", "localhost:8080"], healthy())).err).toMatch(
      /--url must be an http\(s\) URL/,
    );
    expect((await status(["--url", "nope"], healthy())).exit).toBe(2);
    expect((await status(["accounts"], healthy())).exit).toBe(2);
    const zero = await status([], healthy(), { GATEWAY_HTTP_PORT: "0" });
    expect(zero.exit).toBe(2);
    expect(zero.err).toContain("GATEWAY_HTTP_PORT is 0");
    expect((await status(["--http-port", "99999"], healthy())).exit).toBe(2);
  });

  it("builds the address from the listen settings", () => {
    expect(statusUrlFromSettings({ httpHost: "127.0.0.1", httpPort: 8080 })).toBe(
      "http://127.0.0.1:8080/status",
    );
    expect(statusUrlFromSettings({ httpHost: "0.0.0.0", httpPort: 9 })).toBe("http://127.0.0.1:9/status");
    expect(statusUrlFromSettings({ httpHost: "::", httpPort: 9 })).toBe("http://127.0.0.1:9/status");
    expect(statusUrlFromSettings({ httpHost: "gateway", httpPort: 9 })).toBe("http://gateway:9/status");
    expect(statusUrlFromSettings({ httpHost: "::1", httpPort: 9 })).toBe("http://[::1]:9/status");
  });
});
