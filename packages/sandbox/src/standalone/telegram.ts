import type { RunningStandIn, TelegramStandInOptions } from "../../../../src/cli/sandbox-package.js";
import { createTelegramSandbox } from "../telegram/index.js";
import { applyWorld, readWorldFile, referenceWorld } from "../telegram/world-file.js";

/**
 * `wiki-gateway sandbox telegram`: the Bot API sandbox on its own, with the world file's bots,
 * users and groups (the seven reference bots, Ada and a supergroup without one). The banner gives
 * the API root, the control URL and every bot's token.
 */
export async function startTelegramSandbox(options: TelegramStandInOptions): Promise<RunningStandIn> {
  const world = options.worldFile ? await readWorldFile(options.worldFile) : referenceWorld();
  const sandbox = createTelegramSandbox();
  const { users, groups } = applyWorld(sandbox, world);
  const apiRoot = await sandbox.listen(options.port, options.host);
  const lines = [
    "Telegram sandbox is running",
    `  API root     ${apiRoot}   (set TELEGRAM_API_ROOT to this)`,
    `  control API  ${apiRoot}/__sandbox/state   (say, sent, calls, fault, reset, users)`,
    "  bots:",
    ...sandbox
      .state()
      .bots.map((b) => `    @${b.username}  token ${b.token}  privacy ${b.privacy ? "on" : "off"}`),
    ...(users.length
      ? [
          "  users:",
          ...users.map((u) => `    ${u.firstName}${u.username ? ` (@${u.username})` : ""}  id ${u.id}`),
        ]
      : []),
    ...(groups.length ? ["  groups:", ...groups.map((g) => `    ${g.title}  ${g.type}  id ${g.id}`)] : []),
    "Press Ctrl-C to stop.",
    "",
  ];
  return { banner: lines.join("\n"), close: () => sandbox.close() };
}
