import { agentLanguageWarnings } from "../agents/agent-language.js";
import { ConfigError } from "../config/config-error.js";
import { loadGatewayConfig } from "../config/load.js";
import type { GatewayConfig } from "../config/schema.js";
import { loadSettings } from "../config/settings.js";
import { type Command, parseFlags, SETTINGS_FLAGS, settingsArgs } from "./command.js";
import { renderTable } from "./table.js";

const usage = "wiki-gateway check [--config FILE] [--json]";
const FLAGS = { ...SETTINGS_FLAGS, json: { type: "boolean" } } as const;

/** `check`: validates gateway.json (and reads its token files) without starting anything. */
export const checkCommand: Command = {
  name: "check",
  summary: "validate gateway.json and print a summary of accounts, policies, groups and agents",
  usage,
  flags: FLAGS,
  async run(args, io) {
    const { values } = parseFlags(args, FLAGS, usage, false);
    const settings = loadSettings(settingsArgs(values), io.env);
    try {
      const read = await loadGatewayConfig(settings.configPath);
      const loaded = { ...read, warnings: [...read.warnings, ...agentLanguageWarnings(read.config)] };
      if (values.json) {
        io.out(
          `${JSON.stringify({ ok: true, path: loaded.path, warnings: loaded.warnings, summary: summarize(loaded.config) }, null, 2)}\n`,
        );
        return 0;
      }
      io.out(
        `${loaded.path}: OK${loaded.config.enabled ? "" : " (enabled: false, the gateway will not start any account)"}\n\n`,
      );
      io.out(`${renderTable(summaryRows(loaded.config))}\n`);
      for (const w of loaded.warnings) io.out(`\nwarning: ${w.path}: ${w.message}\n  fix: ${w.fix}\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      if (values.json) {
        io.out(
          `${JSON.stringify({ ok: false, code: error.code, message: error.message, remedy: error.remedy, problems: error.problems }, null, 2)}\n`,
        );
      } else io.err(`${error.describe()}\n`);
      return 2;
    }
  },
};

function summarize(config: GatewayConfig) {
  return Object.entries(config.accounts).map(([name, account]) => ({
    account: name,
    enabled: account.enabled,
    agent: config.bindings.find((b) => b.match.accountId === name)?.agentId,
    dmPolicy: account.dmPolicy,
    allowFrom: account.allowFrom.length,
    groupPolicy: account.groupPolicy,
    groups: Object.keys(account.groups),
  }));
}

function summaryRows(config: GatewayConfig): string[][] {
  const rows = [["account", "agent", "dmPolicy", "allowFrom", "groupPolicy", "groups (requireMention)"]];
  for (const s of summarize(config)) {
    const account = config.accounts[s.account]!;
    const groups = Object.entries(account.groups)
      .map(([id, g]) => {
        const topics = Object.keys(g.topics ?? {}).length;
        const agent = g.agentId === undefined ? "" : ` → ${g.agentId}`;
        return `${id}${g.requireMention === false ? "" : " (@)"}${agent}${topics > 0 ? ` + ${topics} topic(s)` : ""}`;
      })
      .join(", ");
    rows.push([
      s.account + (s.account === config.defaultAccount ? " *" : "") + (s.enabled ? "" : " (off)"),
      s.agent ?? "-",
      s.dmPolicy,
      String(s.allowFrom),
      s.groupPolicy,
      groups || "-",
    ]);
  }
  return rows;
}
