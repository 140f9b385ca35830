import { randomBytes } from "node:crypto";
import { SandboxError } from "./errors.js";
import type {
  GroupSpec,
  SandboxBot,
  SandboxChannel,
  SandboxChat,
  SandboxState,
  SandboxUser,
} from "./types.js";

export interface GroupRecord {
  chat: SandboxChat & { type: "group" | "supergroup"; title: string };
  members: Set<number>;
  /** Lower-case usernames of the bots in the group. */
  bots: Set<string>;
  /** The bots among them that are administrators (only they get `message_reaction` updates). */
  admins: Set<string>;
  /** Set when a basic group was upgraded: sends to it answer 400 with migrate_to_chat_id. */
  migratedTo?: number;
  /** Bots removed by an admin: sends answer 403 "bot was kicked from the … chat". */
  kicked: Set<string>;
  /** Forum topics by thread id (General, id 1, is implicit and never listed). */
  topics: Map<number, { name: string; closed: boolean }>;
}

export interface ChannelRecord {
  channel: SandboxChannel;
  /** Lower-case usernames of the bots administering the channel. */
  bots: Set<string>;
}

export interface BotSpec {
  username: string;
  firstName?: string;
  privacy?: boolean;
  id?: number;
  token?: string;
  inline?: boolean;
}

export interface ChannelSpec {
  title: string;
  discussionGroup?: number;
  bots?: string[];
  id?: number;
}

/** Bots, users and groups of the sandbox world. Lookups are O(1); usernames match case-insensitively. */
export interface Registry {
  addBot(spec: BotSpec): SandboxBot;
  addUser(spec: { firstName: string; username?: string; id?: number; languageCode?: string }): SandboxUser;
  addGroup(spec: GroupSpec): SandboxChat;
  addChannel(spec: ChannelSpec): SandboxChannel;
  findChannel(id: number): ChannelRecord | undefined;
  channel(id: number): ChannelRecord;
  /** Turns a basic group into a new supergroup (members and bots move); returns the supergroup. */
  upgradeGroup(id: number): SandboxChat;
  botByToken(token: string): SandboxBot | undefined;
  findBot(username: string): SandboxBot | undefined;
  /** Throws a SandboxError naming the known bots. */
  bot(username: string): SandboxBot;
  botById(id: number): SandboxBot | undefined;
  findUser(id: number): SandboxUser | undefined;
  findGroup(id: number): GroupRecord | undefined;
  group(id: number): GroupRecord;
  state(): SandboxState;
}

const USERNAME = /^[A-Za-z][A-Za-z0-9_]{2,31}$/;
const key = (username: string) => username.replace(/^@/, "").toLowerCase();

export function createRegistry(): Registry {
  const bots = new Map<string, SandboxBot>();
  const byToken = new Map<string, SandboxBot>();
  const botIds = new Map<number, SandboxBot>();
  const users = new Map<number, SandboxUser>();
  const groups = new Map<number, GroupRecord>();
  const channels = new Map<number, ChannelRecord>();
  let nextUser = 100_000_001;
  let nextBot = 6_000_000_001;
  let nextGroup = 4_000_000_001;
  let nextSuper = 1_002_000_000_001;

  const idTaken = (id: number) => users.has(id) || botIds.has(id) || groups.has(id) || channels.has(id);
  const freshId = (next: () => number) => {
    let id = next();
    while (idTaken(id)) id = next();
    return id;
  };
  const claim = (id: number | undefined, what: string, fresh: () => number) => {
    if (id === undefined) return freshId(fresh);
    if (!Number.isSafeInteger(id) || idTaken(id)) {
      throw new SandboxError(
        "bad-id",
        `${what} id ${id} is not a free integer id`,
        "omit id or pick another",
      );
    }
    return id;
  };

  const registry: Registry = {
    addBot(spec) {
      if (!USERNAME.test(spec.username)) {
        throw new SandboxError(
          "bad-username",
          `"${spec.username}" is not a bot username`,
          "use 3-32 of [A-Za-z0-9_]",
        );
      }
      if (bots.has(key(spec.username))) {
        throw new SandboxError(
          "duplicate-bot",
          `bot @${spec.username} exists already`,
          "pick another username",
        );
      }
      // A given token "<id>:<secret>" fixes the id, as on Telegram.
      const fromToken = /^(\d{1,15}):/.exec(spec.token ?? "")?.[1];
      const id = claim(spec.id ?? (fromToken ? Number(fromToken) : undefined), "bot", () => nextBot++);
      const token = spec.token ?? `${id}:${randomBytes(27).toString("base64url").slice(0, 35)}`;
      if (byToken.has(token)) {
        throw new SandboxError("duplicate-token", `another bot has this token`, "omit token or pick another");
      }
      const bot: SandboxBot = {
        id,
        token,
        username: spec.username,
        firstName: spec.firstName ?? spec.username,
        privacy: spec.privacy ?? true,
        inline: spec.inline ?? false,
      };
      bots.set(key(bot.username), bot);
      byToken.set(token, bot);
      botIds.set(id, bot);
      return bot;
    },
    addUser(spec) {
      const id = claim(spec.id, "user", () => nextUser++);
      const user: SandboxUser = {
        id,
        firstName: spec.firstName,
        ...(spec.username ? { username: spec.username } : {}),
        ...(spec.languageCode ? { languageCode: spec.languageCode } : {}),
      };
      users.set(id, user);
      return user;
    },
    addGroup(spec) {
      const type = spec.type ?? "supergroup";
      const id =
        spec.id === undefined
          ? freshId(() => -(type === "supergroup" ? nextSuper++ : nextGroup++))
          : claim(spec.id, "group", () => 0);
      if (id >= 0 || (type === "supergroup" && !String(id).startsWith("-100"))) {
        throw new SandboxError(
          "bad-id",
          `group id ${id} does not fit a ${type}`,
          "groups are negative, supergroups -100…",
        );
      }
      if (spec.forum && type !== "supergroup") {
        throw new SandboxError(
          "bad-forum",
          "only a supergroup can be a forum",
          'omit type or use "supergroup"',
        );
      }
      const record: GroupRecord = {
        chat: { id, type, title: spec.title, ...(spec.forum ? { isForum: true } : {}) },
        members: new Set(),
        bots: new Set(),
        admins: new Set(),
        kicked: new Set(),
        topics: new Map(),
      };
      for (const member of spec.members ?? []) {
        if (!users.has(member)) {
          throw new SandboxError(
            "unknown-user",
            `group member ${member} is not a sandbox user`,
            "addUser first",
          );
        }
        record.members.add(member);
      }
      for (const username of spec.bots ?? []) record.bots.add(key(registry.bot(username).username));
      for (const username of spec.admins ?? []) {
        const bot = key(registry.bot(username).username);
        record.bots.add(bot);
        record.admins.add(bot);
      }
      groups.set(id, record);
      return { ...record.chat };
    },
    addChannel(spec) {
      const id = spec.id === undefined ? freshId(() => -nextSuper++) : claim(spec.id, "channel", () => 0);
      if (!String(id).startsWith("-100")) {
        throw new SandboxError("bad-id", `channel id ${id} does not start with -100`, "omit id or use -100…");
      }
      if (
        spec.discussionGroup !== undefined &&
        registry.group(spec.discussionGroup).chat.type !== "supergroup"
      ) {
        throw new SandboxError(
          "bad-discussion-group",
          `chat ${spec.discussionGroup} is not a supergroup`,
          "link a supergroup as the discussion group",
        );
      }
      const channel: SandboxChannel = {
        id,
        title: spec.title,
        ...(spec.discussionGroup === undefined ? {} : { discussionGroup: spec.discussionGroup }),
      };
      const record: ChannelRecord = { channel, bots: new Set() };
      for (const username of spec.bots ?? []) record.bots.add(key(registry.bot(username).username));
      channels.set(id, record);
      return { ...channel };
    },
    findChannel: (id) => channels.get(id),
    channel(id) {
      const found = channels.get(id);
      if (!found) throw new SandboxError("unknown-chat", `no sandbox channel ${id}`, "addChannel first");
      return found;
    },
    upgradeGroup(id) {
      const old = registry.group(id);
      if (old.chat.type !== "group" || old.migratedTo !== undefined) {
        throw new SandboxError("not-basic-group", `chat ${id} is not a basic group`, "upgrade a basic group");
      }
      const created = registry.addGroup({
        title: old.chat.title,
        type: "supergroup",
        members: [...old.members],
      });
      const record = groups.get(created.id)!;
      for (const bot of old.bots) record.bots.add(bot);
      for (const bot of old.admins) record.admins.add(bot);
      old.migratedTo = created.id;
      return created;
    },
    botByToken: (token) => byToken.get(token),
    findBot: (username) => bots.get(key(username)),
    bot(username) {
      const bot = bots.get(key(username));
      if (!bot) {
        const known = [...bots.values()].map((b) => b.username).join(", ") || "none";
        throw new SandboxError(
          "unknown-bot",
          `no sandbox bot @${username} (known: ${known})`,
          "addBot first",
        );
      }
      return bot;
    },
    botById: (id) => botIds.get(id),
    findUser: (id) => users.get(id),
    findGroup: (id) => groups.get(id),
    group(id) {
      const group = groups.get(id);
      if (!group) throw new SandboxError("unknown-chat", `no sandbox group ${id}`, "addGroup first");
      return group;
    },
    state: () => ({
      bots: [...bots.values()].map((b) => ({ ...b })),
      users: [...users.values()].map((u) => ({ ...u })),
      chats: [...groups.values()].map((g) => ({ ...g.chat })),
      channels: [...channels.values()].map((c) => ({ ...c.channel })),
    }),
  };
  return registry;
}

export const usernameKey = key;
