/**
 * What each gateway.json key means, worded as in the configuration reference (docs/configuration.md).
 *
 * Contract: the one home of these texts. schema.ts attaches them with `.describe()`, so they reach
 * config/gateway.schema.json (the hover text in editors), and a test holds the docs' tables to
 * them word for word. Markdown code spans are kept: they read well in both places.
 */
export const FIELD_DOCS = {
  root: {
    $schema: "path or URL of the JSON schema editors use (`./gateway.schema.json`); ignored by the gateway",
    version: 'informational, e.g. `"2.0.0"`',
    enabled: "`false` starts no account (the daemon stays up for health checks)",
    defaultAccount: "name of an account in `accounts`",
    accounts: "one entry per bot, keyed by account name (`[a-z0-9][a-z0-9_-]*`)",
    bindings: "ties each account to exactly one agent; an unbound account is refused",
    agents: "per-agent settings keyed by agent id; agents without an entry get the defaults",
    models: "OpenAI-compatible model servers keyed by name; agents name one in `model` (see docs/models.md)",
  },
  account: {
    enabled: "`false` keeps the account configured but not polling",
    name: "display name for logs and status",
    botToken: "the bot's token (`<digits>:<35+ chars>`); exactly one of `botToken` / `botTokenFile`",
    botTokenFile: "file holding the token (e.g. a Docker secret), relative to gateway.json; preferred",
    dmPolicy: "who is answered in direct messages (see Access policy)",
    allowFrom: 'users answered in DMs; numeric ids as strings, or `"*"`; never group ids or `@usernames`',
    groupPolicy: "which groups are answered",
    groupAllowFrom: "users answered in groups (user ids ONLY; group ids go in `groups`)",
    groups: 'allowed groups keyed by negative group id as a string, or `"*"`',
    inline:
      "answer inline queries (`@bot words` in any chat) to senders the DM rules allow; `false` ignores them (see Inline mode)",
    richMessages:
      '`"auto"` sends answers as rich messages (tables, headings, code; the rest of the page collapsed), falling back to HTML where Telegram refuses them; `"off"` sends HTML only (see docs/rich-messages.md)',
  },
  group: {
    requireMention: "answer only when addressed (@mention, text mention, `/cmd@bot`, reply to the bot)",
    allowFrom: "senders allowed in this group; overrides `groupAllowFrom`",
    enabled: "`false` ignores this group",
    allowAnonymousAdmins:
      "answer the group's anonymous admins (they carry no user id) even when a sender list excludes them",
    agentId: "the agent answering in this group instead of the account's bound agent",
    topics: 'forum topics keyed by thread id as a string (`"1"` is General); each refines this entry',
    voice:
      "`false` leaves voice notes, audio and video notes here untranscribed (the agent's `speechToText` otherwise hears them)",
  },
  topic: {
    requireMention: "as the group's; unset: the group's",
    allowFrom: "senders allowed in this topic; unset: the group's list",
    enabled:
      "`false` ignores this topic; `true` answers in it even when the group is disabled; unset: the group's",
    agentId: "the agent answering in this topic; unset: the group's",
    voice: "as the group's; unset: the group's",
  },
  binding: {
    agentId: "the agent answering this account",
    match: '`{ "channel": "telegram", "accountId": "<account name>" }`',
  },
  match: {
    channel: "the only channel",
    accountId: "an account name from `accounts`",
  },
  agent: {
    name: "display name",
    section: 'wiki path prefix the agent answers from (`""` = the whole wiki)',
    locale:
      'wiki locale of its pages; a list (`["ru", "en"]`, the first preferred) or `"*"` answers from several (docs/languages.md)',
    language:
      "the language the bot speaks to users whose Telegram app is in a language it has no catalogue for (see [The bot's language](i18n.md))",
    editors: "users allowed to `/new`, `/edit` and `/append` pages",
    publicBaseUrl:
      "base of the page links shown to users (http or https); when absent, `WIKI_URL` without `/graphql`",
    answerLength: "longest answer passage, in characters",
    greeting: "text of `/start`",
    ackReaction: "set a 👀 reaction on a question while its answer is prepared, removed once it is sent",
    conversationMinutes:
      "minutes of quiet after which a chat's next message starts a new conversation instead of following up the last ones; `0`: every message stands alone (a reply to an answer still follows it up)",
    model: "name of an entry in `models` the agent uses; unset: no model",
    modelUse:
      '`"off"`: no model; `"rewrite"`: only the question goes to the model; `"answer"`: rewrite, then a grounded answer from passages; default `"answer"` when `model` is set',
    speechToText:
      "name of an entry in `models` whose server transcribes voice notes (`POST {baseUrl}/audio/transcriptions`); unset: voice notes get the hint to type",
    voiceMaxSeconds:
      "longest voice note transcribed, in seconds; a longer one is refused with a line saying so",
    voiceMaxMegabytes: "largest voice file downloaded, in megabytes (Telegram's `getFile` serves at most 20)",
    voicePerUserPerHour: "voice notes transcribed for one user in an hour; more are asked to be typed",
    unanswered:
      "keep the questions its wiki left unanswered on a wiki page and send editors a digest (see [Unanswered questions for editors](operations.md#unanswered-questions-for-editors)); unset: neither",
  },
  unanswered: {
    page: "the wiki path of the page, under `_gateway/` (such pages are never answered from); unset: `_gateway/unanswered/` and the agent's id",
    pageEveryHours: "how often the page is refreshed, in hours (it is written only when its content changed)",
    days: "how many days back the page and the digest look",
    digest: "the editors' chat the digest goes to; unset: no digest",
  },
  digest: {
    account: "the account (bot) that sends the digest; it must be a member of the chat",
    chatId: "the editors' chat: a group's id (negative) or a user's",
    topic: "a forum topic's thread id in that group; unset: the group's General",
    everyDays: "how often the digest is sent, in days",
    language:
      "the chat's language (a catalogue's, see [The bot's language](i18n.md)); unset: the agent's `language`",
  },
  model: {
    baseUrl: "the server's OpenAI-compatible root, ending in `/v1`",
    model: "the model id the server knows (`GET {baseUrl}/models` lists them)",
    apiKeyFile: "file holding the API key, relative to gateway.json; never inline, never logged",
    timeoutMs: "longest wait for one call, queue included, in milliseconds; then the answer without a model",
    maxOutputTokens: "most tokens one reply may have",
    concurrency:
      "calls to this model at once; more wait in a queue of 8 per call slot, beyond it they get the answer without a model",
    dailyTokenBudget: "most tokens a day (UTC), prompt and reply together; then the answer without a model",
    maxRetryAfterMs:
      "longest wait a server's `Retry-After` may impose, in milliseconds; a longer one is cut to it",
    images: "`true`: the model sees images, so a picture without a caption is read by it",
  },
} as const;
