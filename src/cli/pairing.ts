import { readGatewayConfig } from "../config/load.js";
import type { DmPolicy } from "../config/schema.js";
import { errorMessage, isGatewayError } from "../errors.js";
import { PairingError } from "../policy/pairing-error.js";
import type { PairingApproval, PairingStore } from "../policy/pairing-store.js";
import { type CliIo, type Command, parseFlags, readSettings, SETTINGS_FLAGS, UsageError } from "./command.js";
import { pairingStoreFor } from "./pairing-store-for.js";
import { renderTable } from "./table.js";

const usage = [
  "wiki-gateway pairing list [--account NAME] [--json]",
  "       wiki-gateway pairing approve CODE [--account NAME] [--notify] [--timeout-ms N]",
  "       wiki-gateway pairing deny CODE [--account NAME]",
  "       wiki-gateway pairing revoke ACCOUNT USER_ID",
  "       wiki-gateway pairing allowed [--account NAME] [--json]",
].join("\n");

const FLAGS = {
  ...SETTINGS_FLAGS,
  account: { type: "string" },
  json: { type: "boolean" },
  notify: { type: "boolean" },
  "timeout-ms": { type: "string" },
} as const;

/** Positional arguments and flags each subcommand takes. */
type SubFlag = "account" | "json" | "notify" | "timeout-ms";
const SHAPES: Record<string, { args: string[]; flags: SubFlag[] }> = {
  list: { args: [], flags: ["account", "json"] },
  approve: { args: ["CODE"], flags: ["account", "notify", "timeout-ms"] },
  deny: { args: ["CODE"], flags: ["account"] },
  revoke: { args: ["ACCOUNT", "USER_ID"], flags: [] },
  allowed: { args: [], flags: ["account", "json"] },
};

/**
 * `pairing`: the operator's side of DM pairing. Works on the state directory's pairing file,
 * shared with a running gateway (which sees changes within a second). Exit codes: 0 done,
 * 1 not found / expired / not delivered in time, 2 bad usage or unknown account.
 */
export const pairingCommand: Command = {
  name: "pairing",
  summary: "list, approve, deny and revoke DM pairing requests and approved users",
  usage,
  flags: FLAGS,
  subcommands: Object.entries(SHAPES).map(([name, shape]) => ({
    name,
    flags: {
      ...SETTINGS_FLAGS,
      ...Object.fromEntries(shape.flags.map((flag) => [flag, FLAGS[flag]])),
    },
  })),
  async run(args, io) {
    try {
      const { values, positionals } = parseFlags(args, FLAGS, usage);
      const [sub, ...rest] = positionals;
      const shape = sub === undefined ? undefined : SHAPES[sub];
      if (!shape)
        throw new UsageError(sub ? `unknown subcommand "${sub}"` : "a subcommand is required", usage);
      if (rest.length !== shape.args.length) {
        throw new UsageError(`pairing ${sub} takes ${shape.args.join(" ") || "no arguments"}`, usage);
      }
      for (const flag of ["account", "json", "notify", "timeout-ms"] as const) {
        if (values[flag] !== undefined && !shape.flags.includes(flag)) {
          throw new UsageError(`pairing ${sub} does not take --${flag}`, usage);
        }
      }
      const settings = readSettings(values, io.env);
      const accounts = await knownAccounts(settings.configPath, io);
      const account = values.account ?? (sub === "revoke" ? rest[0] : undefined);
      if (account !== undefined) checkAccount(account, accounts);
      const { store, close } = await pairingStoreFor(settings);
      try {
        return await runSub(sub!, rest, store, { account, json: values.json === true, values, accounts }, io);
      } finally {
        await close();
      }
    } catch (error) {
      return report(error, io);
    }
  },
};

interface SubContext {
  account: string | undefined;
  json: boolean;
  values: { notify?: boolean; "timeout-ms"?: string };
  accounts: Map<string, DmPolicy | undefined> | undefined;
}

/** Runs one subcommand on the store; resolves to the exit code. */
async function runSub(
  sub: string,
  rest: readonly string[],
  store: PairingStore,
  { account, json, values, accounts }: SubContext,
  io: CliIo,
): Promise<number> {
  switch (sub) {
    case "list":
      return await list(store, io, account, json);
    case "allowed":
      return await allowed(store, io, account, json);
    case "approve": {
      const timeoutMs = parseTimeout(values["timeout-ms"]);
      const approval = await store.approve(rest[0]!, account);
      io.out(`approved ${who(approval)} for account ${approval.account} (code ${approval.code})\n`);
      const policy = accounts?.get(approval.account);
      if (policy && policy !== "pairing") {
        io.err(
          `warning: account ${approval.account} has dmPolicy "${policy}": approvals count only while it is "pairing"\n`,
        );
      }
      const kept = approval.message?.text
        ? ` and answers their first message ("${clip(approval.message.text, 60)}")`
        : "";
      if (!values.notify) {
        io.out(`a running gateway tells the user within a few seconds${kept}\n`);
        return 0;
      }
      return await waitForDelivery(store, approval, timeoutMs, io);
    }
    case "deny": {
      const request = await store.deny(rest[0]!, account);
      io.out(
        `denied code ${request.code}: removed the request of ${who(request)} for account ${request.account}\n`,
      );
      return 0;
    }
    default: {
      const userId = rest[1]!;
      if (!/^\d+$/.test(userId))
        throw new UsageError(`USER_ID must be a numeric user id, got "${userId}"`, usage);
      const approval = await store.revoke(rest[0]!, userId);
      io.out(
        `revoked ${who(approval)} for account ${approval.account}: the bot no longer answers their DMs\n`,
      );
      return 0;
    }
  }
}

async function list(store: PairingStore, io: CliIo, account: string | undefined, json: boolean) {
  const requests = await store.list(account);
  if (json) {
    const out = requests.map((r) => ({
      account: r.account,
      code: r.code,
      userId: r.userId,
      username: r.username ?? null,
      name: r.name ?? null,
      createdAt: new Date(r.createdAt).toISOString(),
      expiresAt: new Date(r.expiresAt).toISOString(),
      text: r.message?.text ?? null,
    }));
    io.out(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }
  if (requests.length === 0) {
    io.out(`no pending pairing requests${account ? ` for account ${account}` : ""}\n`);
    return 0;
  }
  const now = Date.now();
  const rows = [["account", "code", "user id", "user", "age", "expires in", "first message"]];
  for (const r of requests) {
    rows.push([
      r.account,
      r.code,
      r.userId,
      label(r),
      minutes(now - r.createdAt),
      minutes(r.expiresAt - now),
      clip(r.message?.text ?? "", 40),
    ]);
  }
  io.out(`${renderTable(rows)}\n\napprove with: wiki-gateway pairing approve CODE [--account NAME]\n`);
  return 0;
}

async function allowed(store: PairingStore, io: CliIo, account: string | undefined, json: boolean) {
  const approvals = await store.allowed(account);
  if (json) {
    const out = approvals.map((a) => ({
      account: a.account,
      userId: a.userId,
      username: a.username ?? null,
      name: a.name ?? null,
      approvedAt: new Date(a.approvedAt).toISOString(),
      delivered: a.delivered,
    }));
    io.out(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }
  if (approvals.length === 0) {
    io.out(`no users approved by pairing${account ? ` for account ${account}` : ""}\n`);
    return 0;
  }
  const rows = [["account", "user id", "user", "approved (UTC)", "told"]];
  for (const a of approvals) {
    rows.push([
      a.account,
      a.userId,
      label(a),
      new Date(a.approvedAt).toISOString().slice(0, 16).replace("T", " "),
      a.delivered ? "yes" : "pending",
    ]);
  }
  io.out(`${renderTable(rows)}\n`);
  return 0;
}

/** --notify: waits until the running gateway marked the approval delivered. */
async function waitForDelivery(store: PairingStore, approval: PairingApproval, timeoutMs: number, io: CliIo) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = (await store.allowed(approval.account)).find((a) => a.userId === approval.userId);
    if (!current) {
      io.out(`the approval of user ${approval.userId} was revoked before the gateway delivered it\n`);
      return 1;
    }
    if (current.delivered) {
      io.out(`delivered: the gateway told user ${approval.userId} and answered their kept message\n`);
      return 0;
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(200, Math.max(10, deadline - Date.now()))));
  }
  io.err(
    `error: not delivered within ${timeoutMs} ms\n  fix: start the gateway (wiki-gateway start) or check its log; the approval stands and the user is told when it runs\n`,
  );
  return 1;
}

/** Account names and DM policies from gateway.json; undefined (with a warning) when it cannot be read. */
async function knownAccounts(
  path: string,
  io: CliIo,
): Promise<Map<string, DmPolicy | undefined> | undefined> {
  const reading = await readGatewayConfig(path);
  if (reading.ok) {
    return new Map(Object.entries(reading.config.accounts).map(([name, a]) => [name, a.dmPolicy]));
  }
  const { error } = reading;
  if (error.code === "config-missing" || error.code === "config-unreadable") {
    const errno = (error.cause as NodeJS.ErrnoException | undefined)?.code;
    const why = error.code === "config-missing" ? "does not exist" : `cannot be read (${errno})`;
    io.err(`warning: ${path} ${why}; account names are not checked\n`);
    return undefined;
  }
  if (error.code !== "config-invalid") {
    io.err(`warning: ${errorMessage(error)}; account names are not checked\n`);
    return undefined;
  }
  io.err(`warning: ${path} has problems (run wiki-gateway check)\n`);
  const accounts = (reading.raw as { accounts?: unknown } | undefined)?.accounts;
  if (!accounts || typeof accounts !== "object") return undefined;
  return new Map(Object.keys(accounts).map((name) => [name, undefined]));
}

function checkAccount(account: string, accounts: Map<string, unknown> | undefined): void {
  if (!accounts || accounts.has(account)) return;
  throw new PairingError(
    "pairing-unknown-account",
    `gateway.json has no account "${account}"`,
    `use one of: ${[...accounts.keys()].join(", ") || "(none)"}`,
  );
}

function parseTimeout(value: string | undefined): number {
  if (value === undefined) return 30_000;
  if (!/^\d+$/.test(value) || Number(value) <= 0) {
    throw new UsageError(`--timeout-ms must be a positive number of milliseconds, got "${value}"`, usage);
  }
  return Number(value);
}

function report(error: unknown, io: CliIo): number {
  if (!isGatewayError(error)) {
    io.err(`error: ${errorMessage(error)}\n`);
    return 1;
  }
  io.err(`error: ${error.describe()}\n`);
  const usageLike = ["usage", "pairing-ambiguous-code", "pairing-unknown-account"];
  return usageLike.includes(error.code) || error.code.startsWith("config") ? 2 : 1;
}

function label(entry: { username?: string; name?: string }): string {
  if (entry.username) return `@${entry.username}`;
  return entry.name ?? "-";
}

function who(entry: { userId: string; username?: string; name?: string }): string {
  const l = label(entry);
  return l === "-" ? `user ${entry.userId}` : `user ${entry.userId} (${l})`;
}

function minutes(ms: number): string {
  return `${Math.max(0, Math.round(ms / 60_000))} min`;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
