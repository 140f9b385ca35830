import { cutPagesCheck, cutPagesOf } from "./cut-pages.js";
import { createStateLayout } from "../state/layout.js";
import { diagnoseAccount } from "../accounts/diagnose-account.js";
import type { Check } from "../core/check-result.js";
import { ConfigError } from "../config/config-error.js";
import { loadGatewayConfig } from "../config/load.js";
import { salvageAccounts } from "../config/salvage-accounts.js";
import type { GatewayConfig } from "../config/schema.js";
import { loadSettings, type Settings } from "../config/settings.js";
import { unansweredPagePath } from "../config/unanswered-schema.js";
import { errorMessage, isGatewayError } from "../errors.js";
import { redactSecrets } from "../log/redact.js";
import { ensureWritableStateDir } from "../state/state-dir.js";
import { diagnoseWiki } from "../wiki/diagnose-wiki.js";
import { diagnoseModels, speechOnlyModels } from "./doctor-models.js";
import { type Command, parseFlags, SETTINGS_FLAGS, settingsArgs } from "./command.js";
import { renderTable } from "./table.js";

const usage = "wiki-gateway doctor [--fix] [--json] [--config FILE] [...settings]";
const FLAGS = { ...SETTINGS_FLAGS, fix: { type: "boolean" }, json: { type: "boolean" } } as const;

/**
 * `doctor`: checks everything the gateway depends on, without starting it: gateway.json, each
 * account against Telegram (token, webhook, privacy mode, inline mode, groups), the wiki (URL,
 * token file, real authentication, rights), the state directory, and in cluster mode Redis
 * (reachable, auth, version, persistence). Exit 0 when nothing failed, 1 otherwise.
 * `--fix` removes webhooks found set.
 */
export const doctorCommand: Command = {
  name: "doctor",
  summary:
    "check Telegram accounts, webhooks, privacy mode, groups, the wiki token and rights, the state directory",
  usage,
  flags: FLAGS,
  async run(args, io) {
    const { values } = parseFlags(args, FLAGS, usage, false);
    const settings = loadSettings(settingsArgs(values), io.env);
    const checks = await runChecks(settings, Boolean(values.fix));
    const failed = checks.filter((c) => c.status === "fail").length;
    if (values.json) {
      io.out(`${JSON.stringify({ ok: failed === 0, checks }, null, 2)}\n`);
    } else {
      const rows = [["subject", "check", "status", "detail"]];
      for (const c of checks) rows.push([c.subject, c.check, c.status.toUpperCase(), c.detail]);
      io.out(`${renderTable(rows)}\n`);
      const fixes = checks.filter((c) => c.fix && c.status !== "ok");
      if (fixes.length > 0) {
        io.out(`\nTo fix:\n${fixes.map((c) => `- ${c.subject}, ${c.check}: ${c.fix}`).join("\n")}\n`);
      }
      io.out(`\n${failed === 0 ? "All checks passed" : `${failed} check(s) failed`}.\n`);
    }
    return failed === 0 ? 0 : 1;
  },
};

async function runChecks(settings: Settings, fix: boolean): Promise<Check[]> {
  const checks: Check[] = [];
  let loaded;
  try {
    loaded = await loadGatewayConfig(settings.configPath);
    checks.push({ subject: "gateway.json", check: "valid", status: "ok", detail: loaded.path });
    for (const w of loaded.warnings) {
      checks.push({ subject: "gateway.json", check: w.path, status: "warn", detail: w.message, fix: w.fix });
    }
  } catch (error) {
    const problems = error instanceof ConfigError ? error.problems : [];
    checks.push({
      subject: "gateway.json",
      check: "valid",
      status: "fail",
      detail: isGatewayError(error) ? error.message : errorMessage(error),
      fix:
        problems.length > 0
          ? problems.map((p) => `${p.path}: ${p.fix}`).join("; ")
          : "run `wiki-gateway check`",
    });
  }
  // With an invalid file, the accounts whose own entry and token are fine are still checked.
  const accounts = loaded
    ? Object.entries(loaded.config.accounts)
        .filter(([, a]) => a.enabled)
        .map(([name, config]) => ({ name, config, token: loaded.tokens[name] ?? "" }))
    : await salvageAccounts(settings.configPath);
  const results = await Promise.all(
    accounts.map(({ name, config, token }) =>
      diagnoseAccount({ account: name, config, token, apiRoot: settings.telegramApiRoot, fix }),
    ),
  );
  for (const r of results) checks.push(...r);
  checks.push(...(await diagnoseWiki(settings, unansweredPages(loaded?.config))));
  checks.push(...cutPagesCheck(await cutPagesOf(createStateLayout(settings.stateDir).indexFile)));
  checks.push(
    ...(await diagnoseModels(
      settings,
      loaded?.config.models ?? {},
      loaded?.path,
      speechOnlyModels(loaded?.config.agents ?? {}),
    )),
  );
  if (settings.redisUrl !== "") {
    // Loaded only in cluster mode: without a Redis URL, doctor loads no Redis client.
    const { diagnoseRedis } = await import("../cluster/diagnose-redis.js");
    checks.push(...(await diagnoseRedis(settings.redisUrl)));
  }
  try {
    await ensureWritableStateDir(settings.stateDir);
    checks.push({ subject: "state", check: "writable", status: "ok", detail: settings.stateDir });
  } catch (error) {
    checks.push({
      subject: "state",
      check: "writable",
      status: "fail",
      detail: isGatewayError(error) ? error.message : errorMessage(error),
      ...(isGatewayError(error) ? { fix: error.remedy } : {}),
    });
  }
  return checks.map((c) => ({ ...c, detail: redactSecrets(c.detail) }));
}

/** The editors' pages of unanswered questions gateway.json asks for (agents' `unanswered`). */
function unansweredPages(config: GatewayConfig | undefined): string[] {
  return Object.entries(config?.agents ?? {}).flatMap(([id, agent]) =>
    agent.unanswered ? [unansweredPagePath(id, agent.unanswered)] : [],
  );
}
