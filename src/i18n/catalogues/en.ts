import type { Message } from "../message.js";

/**
 * English: the reference catalogue. Its keys and placeholders are the ones every other catalogue
 * must have (test/unit/i18n/catalogues.test.ts); its types give `t()` its keys and parameters.
 *
 * Messages are Telegram HTML with `{name}` placeholders (escaped when filled in). Keys:
 * `menu.*` are the command menu's descriptions (plain text, 3–256 characters); `tap.*` and
 * `inline.*` are plain text too (a notice over a tapped button, a button label), and so are
 * `rich.*` (a rich message's text) and `busy.everyone` (a name in the busy notice).
 */
export const en = {
  // The command menu (setMyCommands), one line per command.
  "menu.start": "What this bot does",
  "menu.help": "How to ask, and the commands",
  "menu.search": "Pages about some words: /search WORDS",
  "menu.page": "Show a page: /page ID or PATH",
  "menu.recent": "Recently updated pages: /recent [N]",
  "menu.whoami": "Your user id and this chat's id",
  "menu.new": "Start a new conversation; editors: /new PATH TITLE creates a page",
  "menu.edit": "Editors: /edit ID|PATH, new text on the next lines",
  "menu.append": "Editors: /append ID|PATH TEXT",

  // /start and /help.
  "start.greeting": "Hello! I am a wiki bot.",
  "start.greetingNamed": "Hello! I am {name}.",
  "help.intro": "Ask me a question in plain words and I answer from the wiki.",
  "help.introNamed": "Ask me a question in plain words and I answer from {name}.",
  "help.introSection": "Ask me a question in plain words and I answer from the {section} pages.",
  "help.search": "/search WORDS — pages about these words",
  "help.page": "/page ID|PATH — show a page",
  "help.recent": "/recent [N] — recently updated pages",
  "help.whoami": "/whoami — your user id and this chat's id",
  "help.editors": "You are an editor:",
  "help.new": "/new PATH TITLE — then the page text on the next lines",
  "help.edit": "/edit ID|PATH — then the new page text on the next lines",
  "help.append": "/append ID|PATH TEXT — adds TEXT at the end of the page",
  "command.unknown": "I do not know /{command}. Send /help for what I can do.",
  "command.dmOnly": "/{command} works in a private chat with me only.",
  "command.groupOnly": "/{command} works in groups only.",

  // Answers to questions.
  "answer.seeAlso": "See also: {links}",
  "answer.fromTitleSearch":
    "The search index is still being built: this answer comes from the wiki's title search.",
  "conversation.startedOver": "Starting over: your next question stands on its own.",
  "answer.followingUp": "Following up on «{topic}».",
  "answer.searchedAs": "Showing results for «{query}».",
  "answer.pageLanguage": "This page is in {language}.",
  "choices.intro": "Closest pages in the wiki:",
  "choices.hint": "Tap one to see its answer, or ask again in other words.",
  "answer.pageGone": "The page “{title}” is no longer in the wiki. Please ask your question again.",
  "notFound.wiki": "I found nothing about “{question}” in the wiki.",
  "notFound.section": "I found nothing about “{question}” in {section}.",
  "notFound.noPageInLanguage": "No page here is in {language}: try asking in {pageLanguage}.",
  "notFound.hint": "Try other words, or /search with a keyword (for example the name of a tool or a topic).",
  "ask.empty": "Ask me a question in plain words, or send /help.",
  "ask.emptySection": "Ask me a question about {section} in plain words, or send /help.",
  "error.wikiUnreachable": "Sorry, I cannot reach the wiki right now. Please try again in a few minutes.",

  // /search, /page, /recent, /whoami.
  "search.usage": "Usage: /search WORDS, for example /search backup restore",
  "search.nothing": "No page matches “{query}”. Try fewer or other words.",
  "search.found": {
    one: "{count} page about “{query}”:",
    other: "{count} pages about “{query}”:",
  },
  "page.usage": "Usage: /page ID or /page PATH",
  "page.notFound": "No page “{ref}” here.",
  "page.heading": "<b>{title}</b> (id {id}, {link})",
  "page.draft": "Draft: readers do not see this page.",
  "page.private": "Private: readers do not see this page.",
  "page.scheduled": "Scheduled: readers see this page from {date}.",
  "page.expired": "Expired: readers no longer see this page (publication ended {date}).",
  "recent.none": "No pages here yet.",
  "recent.heading": "Recently updated:",
  "whoami.user": "Your user id: <code>{id}</code>",
  "whoami.userUnknown": "Your user id: unknown",
  "whoami.chat": "This chat id: <code>{id}</code> ({type})",
  "chatType.private": "private",
  "chatType.group": "group",
  "chatType.supergroup": "supergroup",
  "chatType.channel": "channel",

  // Editors' commands.
  "edit.editorsOnly":
    "Only this wiki's editors can change pages. Ask the operator to add your user id (send /whoami) to this agent's editors.",
  "edit.usageNew": "Usage: /new PATH TITLE, then the page text on the next lines.",
  "edit.usageEdit": "Usage: /edit ID|PATH, then the new page text on the next lines.",
  "edit.usageAppend": "Usage: /append ID|PATH TEXT (the text may go on the next lines).",
  "edit.unlinkablePath": {
    one: "Refused: a page path cannot contain {characters}. Wiki.js drops that character from page links, so the page could not be opened. Use letters, digits, - and /.",
    other:
      "Refused: a page path cannot contain {characters}. Wiki.js drops these characters from page links, so the page could not be opened. Use letters, digits, - and /.",
  },
  "edit.outsideSection": "“{path}” is not a path in this section.",
  "edit.unconfirmed":
    "Not confirmed: the wiki did not answer in time and the page does not show the change yet. Look at the page before sending it again.",
  "edit.refused": "Refused: {reason} ({slug}, {code})",
  "edit.created": "Created: {link}",
  "edit.updated": "Updated: {link}",

  // Hints and notices.
  "hint.media":
    "I answer questions written as text. Please type your question (a photo or a document needs a caption saying what you want to know).",
  "voice.failed": "I couldn't make out the voice note: please type the question.",
  "voice.tooLong":
    "This voice note is longer than {limit}, too long for me to listen to: please type the question, or ask it in a shorter one.",
  "voice.tooLarge": "This file is too large for me to read: please type the question.",
  "voice.tooMany": "You have sent many voice notes this hour: please type the question.",
  "picture.failed": "I couldn't read the picture: please type the question, or add it as a caption.",
  "picture.needsCaption": "I can't read pictures: please add your question as a caption, or type it.",
  "hint.mention":
    "Ask me something: write your question after the mention, for example “how do I restore a backup?”. /help lists what I can do.",
  "tap.expired": "This choice has expired. Please ask your question again.",

  // A rich answer's own words (plain text).
  "rich.restOfPage": "The rest of the page",
  "rich.wholePage": "Read the whole page",
  "rich.seeAlso": "See also:",

  // A busy chat: the askers whose latest questions were skipped ({names}: already escaped).
  "busy.notice": {
    one: "{names}: too many questions here at once. Telegram lets me answer about {count} a minute in this chat, so I skipped your latest ones. Please ask again in a few minutes.",
    other:
      "{names}: too many questions here at once. Telegram lets me answer about {count} a minute in this chat, so I skipped your latest ones. Please ask again in a few minutes.",
  },
  "busy.everyone": "everyone",
  "tap.forged": "This button is not valid here.",
  "tap.denied": "You are not allowed to use this bot here.",
  "inline.askAccess": "Ask for access",

  // Pairing: an unknown sender asks for access.
  "pairing.onHold": "This bot answers approved users only, so your message is on hold.",
  "pairing.stillWaiting": "Your pairing request is still waiting for the operator.",
  "pairing.tooMany":
    "This bot answers approved users only, and too many people are waiting for approval right now. Please try again in an hour.",
  "pairing.code": "Pairing code: <code>{code}</code>",
  "pairing.askOperator": "Ask the operator to run:",
  "pairing.validKept": {
    one: "The code is valid for {count} hour. Your message is kept and answered as soon as you are approved.",
    other:
      "The code is valid for {count} hours. Your message is kept and answered as soon as you are approved.",
  },
  "pairing.validAskLater": {
    one: "The code is valid for {count} hour. Once you are approved, send your question as text.",
    other: "The code is valid for {count} hours. Once you are approved, send your question as text.",
  },
  "pairing.approved":
    "You have been approved: this bot now answers you. Here is the answer to the question you sent.",
  "pairing.approvedNoMessage": "You have been approved: this bot now answers you.",

  // The editors' page and digest of what the wiki left unanswered (the page's words are plain text).
  "unanswered.title": "Questions the wiki left unanswered",
  "unanswered.intro": {
    one: "What readers asked the bot in the last {count} day and the wiki did not answer well, without who asked. The gateway rewrites this page when it changes: improve the wiki, not this page.",
    other:
      "What readers asked the bot in the last {count} days and the wiki did not answer well, without who asked. The gateway rewrites this page when it changes: improve the wiki, not this page.",
  },
  "unanswered.nothing": "Not answered: nothing found",
  "unanswered.weak": "Only a weak match: pages offered as choices",
  "unanswered.votedDown": "Pages readers voted down",
  "unanswered.none": "None.",
  "unanswered.question": "Question",
  "unanswered.asked": "Asked",
  "unanswered.lastAsked": "Last asked",
  "unanswered.alsoAsked": "also asked as",
  "unanswered.page": "Page",
  "unanswered.votesDown": "Votes down",
  "unanswered.votesUp": "Votes up",
  "unanswered.digestTitle": {
    one: "The wiki's unanswered questions, last {count} day",
    other: "The wiki's unanswered questions, last {count} days",
  },
  "unanswered.digestPage": "The whole list: {link}",
} as const satisfies Record<string, Message>;
