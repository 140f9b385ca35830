import type { AccountStatusRow, GatewayStatus } from "./status-schema.js";
import { renderTable } from "./table.js";

/** States that are not a problem: polling, or off on purpose (`enabled: false`). */
const HEALTHY = new Set(["polling", "disabled"]);

/** True when every account polls (or is disabled on purpose) and the wiki is usable. */
export function isHealthy(status: GatewayStatus): boolean {
  return status.wiki.ok && status.accounts.every((a) => HEALTHY.has(a.status));
}

/** The status as plain-text tables for people, with what to change below each problem. */
export function renderStatus(status: GatewayStatus, now: number = Date.now()): string {
  const sections: string[] = [];
  if (status.accounts.length === 0) sections.push("Accounts: none (gateway.json starts no account)");
  else {
    const rows = [["account", "status", "username", "privacy", "problem", "since", "journal"]];
    for (const a of status.accounts) {
      rows.push([
        a.account,
        a.status,
        a.username ? `@${a.username}` : "-",
        a.privacyMode === undefined ? "-" : a.privacyMode ? "on" : "off",
        a.problem?.code ?? "-",
        since(a.since, now),
        String(a.journalDepth),
      ]);
    }
    sections.push(`Accounts\n${renderTable(rows)}${fixes(status.accounts)}`);
  }
  const busy = busyChats(status.accounts);
  if (busy) sections.push(busy);
  const wiki = status.wiki;
  const checked = wiki.checkedAt ? ` (checked ${since(wiki.checkedAt, now)})` : "";
  sections.push(
    `Wiki\n${wiki.ok ? `ok${checked}` : `NOT OK${wiki.code ? ` ${wiki.code}` : ""}${checked}: ${wiki.detail ?? "no detail"}`}`,
  );
  const reload = status.config?.lastReload;
  if (reload?.outcome === "refused") {
    const running = status.config?.appliedAt ? ` (applied ${since(status.config.appliedAt, now)})` : "";
    sections.push(
      `Configuration\ngateway.json on disk REFUSED ${since(reload.at, now)} (${reload.trigger}); the configuration before it keeps running${running}:\n` +
        reload.problems.map((p) => `- ${p}`).join("\n"),
    );
  } else if (reload)
    sections.push(`Configuration\nlast reload applied ${since(reload.at, now)} (${reload.trigger})`);
  const index = status.index;
  sections.push(
    `Index\n${index.pages} pages, ${index.passages} passages${index.builtAt ? `, built ${since(index.builtAt, now)}` : ", not built yet"}`,
  );
  if (status.agents.length === 0) sections.push("Agents: none bound");
  else {
    const rows = [["account", "agent", "section"]];
    for (const a of status.agents) rows.push([a.account, a.agent, a.section ? a.section : "(whole wiki)"]);
    sections.push(`Agents\n${renderTable(rows)}`);
  }
  const models = status.models ?? [];
  if (models.length > 0) {
    const rows = [["model", "id", "circuit", "tried again", "tokens today", "calls running", "waiting"]];
    for (const m of models)
      rows.push([
        m.name,
        m.model || "(first listed)",
        m.circuit,
        m.retryAt ? m.retryAt.replace(/\.\d{3}Z$/, "Z") : "now",
        String(m.spentToday),
        String(m.active),
        String(m.waiting),
      ]);
    sections.push(`Models\n${renderTable(rows)}`);
  }
  const groupNotes = [
    ...(status.groupUpgrades ?? []).map(
      (g) => `- ${g.account}: group ${g.oldChatId} was upgraded to ${g.newChatId}\n  fix: ${g.fix}`,
    ),
    ...(status.groupsWithoutBot ?? []).map(
      (g) => `- ${g.account}: the bot was removed from group ${g.chatId}\n  fix: ${g.fix}`,
    ),
  ];
  if (groupNotes.length > 0) sections.push(`Groups\n${groupNotes.join("\n")}`);
  const loop = status.eventLoop;
  if (loop && loop.blocks > 0) {
    const latest = loop.recent.at(-1);
    sections.push(
      `Event loop\nblocked over ${loop.thresholdMs} ms ${loop.blocks} time(s)` +
        (latest ? `; latest ${latest.ms} ms at ${since(latest.at, now)}` : "") +
        (loop.longest ? `; longest ${loop.longest.ms} ms at ${since(loop.longest.at, now)}` : ""),
    );
  }
  const verdict = isHealthy(status)
    ? "All accounts polling, the wiki is usable."
    : "Not healthy: see the problems above.";
  return `${sections.join("\n\n")}\n\n${verdict}\n`;
}

/** Chats waiting for their turn, and the busy chats' questions turned away; "" when there are none. */
function busyChats(accounts: readonly AccountStatusRow[]): string {
  const rows = [["account", "chat", "waiting", "oldest wait"]];
  const totals: string[] = [];
  for (const a of accounts) {
    const b = a.backlog;
    if (!b || (b.waiting === 0 && b.turnedAway === 0)) continue;
    for (const c of b.chats) rows.push([a.account, c.chatId, String(c.waiting), `${c.oldestWaitSeconds} s`]);
    totals.push(
      `${a.account}: ${b.waiting} waiting (at most ${b.limit} held), ${b.running} running; ` +
        `${b.turnedAway} question(s) turned away, their askers told in ${b.notices} notice(s)`,
    );
  }
  if (totals.length === 0) return "";
  const table =
    rows.length > 1
      ? `${renderTable(rows)}
`
      : "";
  return `Busy chats
${table}${totals.join("\n")}`;
}

function fixes(accounts: readonly AccountStatusRow[]): string {
  const lines = accounts
    .filter((a) => a.problem)
    .map((a) => `- ${a.account}: ${a.problem!.message}\n  fix: ${a.problem!.remedy}`);
  return lines.length === 0 ? "" : `\n\n${lines.join("\n")}`;
}

/** "2026-11-24 10:41:07 UTC (3 min ago)", or "-" when unknown. */
function since(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (iso === "" || Number.isNaN(at)) return "-";
  const stamp = `${new Date(at).toISOString().slice(0, 19).replace("T", " ")} UTC`;
  return `${stamp} (${ago(now - at)})`;
}

function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 172_800) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86_400)} d ago`;
}
