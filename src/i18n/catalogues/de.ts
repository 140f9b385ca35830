import type { Catalogue } from "../catalogue.js";

/** German. The user is addressed with «Sie»; quotes are „deutsche“. */
export const de: Catalogue = {
  "menu.start": "Was dieser Bot kann",
  "menu.help": "Wie man fragt, und die Befehle",
  "menu.search": "Seiten zu bestimmten Wörtern: /search WÖRTER",
  "menu.page": "Eine Seite anzeigen: /page ID oder PFAD",
  "menu.recent": "Kürzlich geänderte Seiten: /recent [N]",
  "menu.whoami": "Ihre Benutzer-ID und die ID dieses Chats",
  "menu.new": "Neues Gespräch; Redakteure: /new PFAD TITEL legt eine Seite an",
  "menu.edit": "Für Redakteure: /edit ID|PFAD, neuer Text in den nächsten Zeilen",
  "menu.append": "Für Redakteure: /append ID|PFAD TEXT",

  "start.greeting": "Hallo! Ich bin ein Wiki-Bot.",
  "start.greetingNamed": "Hallo! Ich bin {name}.",
  "help.intro": "Stellen Sie mir eine Frage in eigenen Worten, und ich antworte aus dem Wiki.",
  "help.introNamed": "Stellen Sie mir eine Frage in eigenen Worten, und ich antworte aus „{name}“.",
  "help.introSection":
    "Stellen Sie mir eine Frage in eigenen Worten, und ich antworte aus den Seiten unter {section}.",
  "help.search": "/search WÖRTER — Seiten zu diesen Wörtern",
  "help.page": "/page ID|PFAD — eine Seite anzeigen",
  "help.recent": "/recent [N] — kürzlich geänderte Seiten",
  "help.whoami": "/whoami — Ihre Benutzer-ID und die ID dieses Chats",
  "help.editors": "Sie dürfen Seiten bearbeiten:",
  "help.new": "/new PFAD TITEL — dann in den nächsten Zeilen der Seitentext",
  "help.edit": "/edit ID|PFAD — dann in den nächsten Zeilen der neue Seitentext",
  "help.append": "/append ID|PFAD TEXT — hängt TEXT ans Ende der Seite an",
  "command.unknown": "Den Befehl /{command} kenne ich nicht. Mit /help sehen Sie, was ich kann.",
  "command.dmOnly": "/{command} funktioniert nur im privaten Chat mit mir.",
  "command.groupOnly": "/{command} funktioniert nur in Gruppen.",

  "answer.seeAlso": "Siehe auch: {links}",
  "answer.fromTitleSearch":
    "Der Suchindex wird noch aufgebaut: Diese Antwort stammt aus der Titelsuche des Wikis.",
  "conversation.startedOver": "Neuer Anfang: Ihre nächste Frage steht für sich.",
  "answer.followingUp": "Anschließend an „{topic}“.",
  "answer.searchedAs": "Ergebnisse für „{query}“.",
  "answer.pageLanguage": "Diese Seite ist auf {language}.",
  "choices.intro": "Diese Wiki-Seiten kommen der Frage am nächsten:",
  "choices.hint": "Tippen Sie auf eine, um die Antwort zu sehen, oder fragen Sie mit anderen Worten.",
  "answer.pageGone":
    "Die Seite „{title}“ gibt es im Wiki nicht mehr. Bitte stellen Sie Ihre Frage noch einmal.",
  "notFound.wiki": "Zu „{question}“ habe ich im Wiki nichts gefunden.",
  "notFound.section": "Zu „{question}“ habe ich unter {section} nichts gefunden.",
  "notFound.noPageInLanguage": "Hier gibt es keine Seite auf {language}: fragen Sie auf {pageLanguage}.",
  "notFound.hint":
    "Versuchen Sie es mit anderen Wörtern oder mit /search und einem Stichwort (etwa dem Namen eines Programms oder eines Themas).",
  "ask.empty": "Stellen Sie mir eine Frage in eigenen Worten, oder senden Sie /help.",
  "ask.emptySection": "Stellen Sie mir eine Frage zu {section} in eigenen Worten, oder senden Sie /help.",
  "error.wikiUnreachable":
    "Das Wiki ist gerade leider nicht erreichbar. Bitte versuchen Sie es in ein paar Minuten noch einmal.",

  "search.usage": "So geht’s: /search WÖRTER, zum Beispiel /search Backup wiederherstellen",
  "search.nothing": "Keine Seite passt zu „{query}“. Versuchen Sie es mit weniger oder anderen Wörtern.",
  "search.found": {
    one: "{count} Seite zu „{query}“:",
    other: "{count} Seiten zu „{query}“:",
  },
  "page.usage": "So geht’s: /page ID oder /page PFAD",
  "page.notFound": "Eine Seite „{ref}“ gibt es hier nicht.",
  "page.heading": "<b>{title}</b> (ID {id}, {link})",
  "page.draft": "Entwurf: Leser sehen diese Seite nicht.",
  "page.private": "Privat: Leser sehen diese Seite nicht.",
  "page.scheduled": "Geplant: Leser sehen diese Seite ab {date}.",
  "page.expired": "Abgelaufen: Leser sehen diese Seite nicht mehr (die Veröffentlichung endete am {date}).",
  "recent.none": "Hier gibt es noch keine Seiten.",
  "recent.heading": "Kürzlich geändert:",
  "whoami.user": "Ihre Benutzer-ID: <code>{id}</code>",
  "whoami.userUnknown": "Ihre Benutzer-ID: unbekannt",
  "whoami.chat": "ID dieses Chats: <code>{id}</code> ({type})",
  "chatType.private": "privater Chat",
  "chatType.group": "Gruppe",
  "chatType.supergroup": "Supergruppe",
  "chatType.channel": "Kanal",

  "edit.editorsOnly":
    "Nur die Redakteure dieses Wikis können Seiten ändern. Bitten Sie den Betreiber, Ihre Benutzer-ID (siehe /whoami) bei den Redakteuren dieses Agenten einzutragen.",
  "edit.usageNew": "So geht’s: /new PFAD TITEL, dann in den nächsten Zeilen der Seitentext.",
  "edit.usageEdit": "So geht’s: /edit ID|PFAD, dann in den nächsten Zeilen der neue Seitentext.",
  "edit.usageAppend": "So geht’s: /append ID|PFAD TEXT (der Text darf in den nächsten Zeilen weitergehen).",
  "edit.unlinkablePath": {
    one: "Abgelehnt: Ein Seitenpfad darf {characters} nicht enthalten. Wiki.js entfernt dieses Zeichen aus Seitenlinks, die Seite ließe sich also nicht öffnen. Verwenden Sie Buchstaben, Ziffern, - und /.",
    other:
      "Abgelehnt: Ein Seitenpfad darf {characters} nicht enthalten. Wiki.js entfernt diese Zeichen aus Seitenlinks, die Seite ließe sich also nicht öffnen. Verwenden Sie Buchstaben, Ziffern, - und /.",
  },
  "edit.outsideSection": "„{path}“ ist kein Pfad in diesem Bereich.",
  "edit.unconfirmed":
    "Nicht bestätigt: Das Wiki hat nicht rechtzeitig geantwortet, und die Seite zeigt die Änderung noch nicht. Sehen Sie sich die Seite an, bevor Sie es noch einmal senden.",
  "edit.refused": "Abgelehnt: {reason} ({slug}, {code})",
  "edit.created": "Angelegt: {link}",
  "edit.updated": "Aktualisiert: {link}",

  "hint.media":
    "Ich beantworte Fragen, die als Text geschrieben sind. Bitte tippen Sie Ihre Frage ein (ein Foto oder ein Dokument braucht eine Beschriftung, die sagt, was Sie wissen möchten).",
  "voice.failed": "Ich konnte die Sprachnachricht nicht verstehen: Bitte tippe die Frage.",
  "voice.tooLong":
    "Diese Sprachnachricht ist länger als {limit}, zu lang für mich: Bitte tippe die Frage oder stelle sie kürzer.",
  "voice.tooLarge": "Diese Datei ist zu groß für mich: Bitte tippe die Frage.",
  "voice.tooMany": "Du hast in dieser Stunde viele Sprachnachrichten geschickt: Bitte tippe die Frage.",
  "picture.failed":
    "Ich konnte das Bild nicht lesen: Bitte tippe die Frage oder füge sie als Bildunterschrift hinzu.",
  "picture.needsCaption":
    "Bilder kann ich nicht lesen: Bitte füge deine Frage als Bildunterschrift hinzu oder tippe sie.",
  "hint.mention":
    "Fragen Sie mich etwas: Schreiben Sie Ihre Frage hinter die Erwähnung, zum Beispiel „Wie stelle ich ein Backup wieder her?“. /help zeigt, was ich kann.",
  "tap.expired": "Diese Auswahl ist abgelaufen. Bitte stellen Sie Ihre Frage noch einmal.",

  "rich.restOfPage": "Der Rest der Seite",
  "rich.wholePage": "Die ganze Seite lesen",
  "rich.seeAlso": "Siehe auch:",

  "busy.notice": {
    one: "{names}: Hier kommen zu viele Fragen auf einmal. Telegram lässt mich in diesem Chat etwa {count} Frage pro Minute beantworten, daher habe ich Ihre letzten Fragen übersprungen. Bitte fragen Sie in ein paar Minuten noch einmal.",
    other:
      "{names}: Hier kommen zu viele Fragen auf einmal. Telegram lässt mich in diesem Chat etwa {count} Fragen pro Minute beantworten, daher habe ich Ihre letzten Fragen übersprungen. Bitte fragen Sie in ein paar Minuten noch einmal.",
  },
  "busy.everyone": "alle",
  "tap.forged": "Diese Schaltfläche gilt hier nicht.",
  "tap.denied": "Sie dürfen diesen Bot hier nicht verwenden.",
  "inline.askAccess": "Zugang anfragen",

  "pairing.onHold": "Dieser Bot antwortet nur freigegebenen Nutzern, deshalb wartet Ihre Nachricht noch.",
  "pairing.stillWaiting": "Ihre Anfrage wartet noch auf den Betreiber.",
  "pairing.tooMany":
    "Dieser Bot antwortet nur freigegebenen Nutzern, und gerade warten zu viele auf eine Freigabe. Bitte versuchen Sie es in einer Stunde noch einmal.",
  "pairing.code": "Kopplungscode: <code>{code}</code>",
  "pairing.askOperator": "Bitten Sie den Betreiber, Folgendes auszuführen:",
  "pairing.validKept": {
    one: "Der Code gilt {count} Stunde. Ihre Nachricht bleibt gespeichert und wird beantwortet, sobald Sie freigegeben sind.",
    other:
      "Der Code gilt {count} Stunden. Ihre Nachricht bleibt gespeichert und wird beantwortet, sobald Sie freigegeben sind.",
  },
  "pairing.validAskLater": {
    one: "Der Code gilt {count} Stunde. Senden Sie Ihre Frage als Text, sobald Sie freigegeben sind.",
    other: "Der Code gilt {count} Stunden. Senden Sie Ihre Frage als Text, sobald Sie freigegeben sind.",
  },
  "pairing.approved":
    "Sie sind freigegeben: Dieser Bot antwortet Ihnen jetzt. Hier ist die Antwort auf die Frage, die Sie gesendet haben.",
  "pairing.approvedNoMessage": "Sie sind freigegeben: Dieser Bot antwortet Ihnen jetzt.",

  "unanswered.title": "Fragen, die das Wiki nicht beantwortet hat",
  "unanswered.intro": {
    one: "Was Leser den Bot am letzten {count} Tag gefragt haben und das Wiki nicht gut beantwortet hat, ohne wer gefragt hat. Das Gateway schreibt diese Seite neu, wenn sie sich ändert: Verbessern Sie das Wiki, nicht diese Seite.",
    other:
      "Was Leser den Bot in den letzten {count} Tagen gefragt haben und das Wiki nicht gut beantwortet hat, ohne wer gefragt hat. Das Gateway schreibt diese Seite neu, wenn sie sich ändert: Verbessern Sie das Wiki, nicht diese Seite.",
  },
  "unanswered.nothing": "Nicht beantwortet: nichts gefunden",
  "unanswered.weak": "Nur ein schwacher Treffer: Seiten zur Auswahl angeboten",
  "unanswered.votedDown": "Seiten, die Leser abgewertet haben",
  "unanswered.none": "Keine.",
  "unanswered.question": "Frage",
  "unanswered.asked": "Gefragt",
  "unanswered.lastAsked": "Zuletzt gefragt",
  "unanswered.alsoAsked": "auch gefragt als",
  "unanswered.page": "Seite",
  "unanswered.votesDown": "Dagegen",
  "unanswered.votesUp": "Dafür",
  "unanswered.digestTitle": {
    one: "Unbeantwortete Fragen an das Wiki, letzter {count} Tag",
    other: "Unbeantwortete Fragen an das Wiki, letzte {count} Tage",
  },
  "unanswered.digestPage": "Die ganze Liste: {link}",
};
