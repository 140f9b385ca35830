import type { Catalogue } from "../catalogue.js";

/** Spanish. The user is addressed with «tú»; quotes are «latinas». */
export const es: Catalogue = {
  "menu.start": "Qué hace este bot",
  "menu.help": "Cómo preguntar y qué comandos hay",
  "menu.search": "Páginas sobre unas palabras: /search PALABRAS",
  "menu.page": "Ver una página: /page ID o RUTA",
  "menu.recent": "Páginas actualizadas hace poco: /recent [N]",
  "menu.whoami": "Tu ID de usuario y el ID de este chat",
  "menu.new": "Nueva conversación; editores: /new RUTA TÍTULO crea una página",
  "menu.edit": "Editores: /edit ID|RUTA, el texto nuevo en las líneas siguientes",
  "menu.append": "Editores: /append ID|RUTA TEXTO",

  "start.greeting": "¡Hola! Soy un bot de la wiki.",
  "start.greetingNamed": "¡Hola! Soy {name}.",
  "help.intro": "Hazme una pregunta con tus propias palabras y te respondo a partir de la wiki.",
  "help.introNamed": "Hazme una pregunta con tus propias palabras y te respondo a partir de «{name}».",
  "help.introSection":
    "Hazme una pregunta con tus propias palabras y te respondo a partir de las páginas de {section}.",
  "help.search": "/search PALABRAS — páginas sobre esas palabras",
  "help.page": "/page ID|RUTA — muestra una página",
  "help.recent": "/recent [N] — páginas actualizadas hace poco",
  "help.whoami": "/whoami — tu ID de usuario y el de este chat",
  "help.editors": "Puedes editar páginas:",
  "help.new": "/new RUTA TÍTULO — y el texto de la página en las líneas siguientes",
  "help.edit": "/edit ID|RUTA — y el nuevo texto de la página en las líneas siguientes",
  "help.append": "/append ID|RUTA TEXTO — añade TEXTO al final de la página",
  "command.unknown": "No conozco /{command}. Envía /help para ver lo que puedo hacer.",
  "command.dmOnly": "/{command} solo funciona en un chat privado conmigo.",
  "command.groupOnly": "/{command} solo funciona en grupos.",

  "answer.seeAlso": "Ver también: {links}",
  "answer.fromTitleSearch":
    "El índice de búsqueda aún se está construyendo: esta respuesta viene de la búsqueda por títulos de la wiki.",
  "conversation.startedOver": "Empezamos de nuevo: tu próxima pregunta se leerá por sí sola.",
  "answer.followingUp": "Siguiendo con «{topic}».",
  "answer.searchedAs": "Mostrando resultados para «{query}».",
  "answer.pageLanguage": "Esta página está en {language}.",
  "choices.intro": "Las páginas de la wiki que más se acercan:",
  "choices.hint": "Toca una para ver su respuesta, o vuelve a preguntar con otras palabras.",
  "answer.pageGone": "La página «{title}» ya no está en la wiki. Por favor, vuelve a hacer tu pregunta.",
  "notFound.wiki": "No encontré nada sobre «{question}» en la wiki.",
  "notFound.section": "No encontré nada sobre «{question}» en {section}.",
  "notFound.noPageInLanguage": "Aquí no hay ninguna página en {language}: pregunte en {pageLanguage}.",
  "notFound.hint":
    "Prueba con otras palabras, o con /search y una palabra clave (por ejemplo, el nombre de una herramienta o de un tema).",
  "ask.empty": "Hazme una pregunta con tus propias palabras, o envía /help.",
  "ask.emptySection": "Hazme una pregunta sobre {section} con tus propias palabras, o envía /help.",
  "error.wikiUnreachable":
    "Lo siento, ahora mismo no puedo acceder a la wiki. Inténtalo de nuevo en unos minutos.",

  "search.usage": "Uso: /search PALABRAS, por ejemplo /search restaurar copia de seguridad",
  "search.nothing": "Ninguna página coincide con «{query}». Prueba con menos palabras o con otras.",
  "search.found": {
    one: "{count} página sobre «{query}»:",
    other: "{count} páginas sobre «{query}»:",
  },
  "page.usage": "Uso: /page ID o /page RUTA",
  "page.notFound": "Aquí no hay ninguna página «{ref}».",
  "page.heading": "<b>{title}</b> (ID {id}, {link})",
  "page.draft": "Borrador: los lectores no ven esta página.",
  "page.private": "Privada: los lectores no ven esta página.",
  "page.scheduled": "Programada: los lectores verán esta página a partir del {date}.",
  "page.expired": "Caducada: los lectores ya no ven esta página (la publicación terminó el {date}).",
  "recent.none": "Todavía no hay páginas aquí.",
  "recent.heading": "Actualizadas hace poco:",
  "whoami.user": "Tu ID de usuario: <code>{id}</code>",
  "whoami.userUnknown": "Tu ID de usuario: desconocido",
  "whoami.chat": "ID de este chat: <code>{id}</code> ({type})",
  "chatType.private": "chat privado",
  "chatType.group": "grupo",
  "chatType.supergroup": "supergrupo",
  "chatType.channel": "canal",

  "edit.editorsOnly":
    "Solo los editores de esta wiki pueden cambiar páginas. Pide al operador que añada tu ID de usuario (envía /whoami) a los editores de este agente.",
  "edit.usageNew": "Uso: /new RUTA TÍTULO, y el texto de la página en las líneas siguientes.",
  "edit.usageEdit": "Uso: /edit ID|RUTA, y el nuevo texto de la página en las líneas siguientes.",
  "edit.usageAppend": "Uso: /append ID|RUTA TEXTO (el texto puede seguir en las líneas siguientes).",
  "edit.unlinkablePath": {
    one: "Rechazado: la ruta de una página no puede contener {characters}. Wiki.js quita ese carácter de los enlaces, así que la página no se podría abrir. Usa letras, cifras, - y /.",
    other:
      "Rechazado: la ruta de una página no puede contener {characters}. Wiki.js quita esos caracteres de los enlaces, así que la página no se podría abrir. Usa letras, cifras, - y /.",
  },
  "edit.outsideSection": "«{path}» no es una ruta de esta sección.",
  "edit.unconfirmed":
    "Sin confirmar: la wiki no respondió a tiempo y la página aún no muestra el cambio. Revisa la página antes de volver a enviarlo.",
  "edit.refused": "Rechazado: {reason} ({slug}, {code})",
  "edit.created": "Creada: {link}",
  "edit.updated": "Actualizada: {link}",

  "hint.media":
    "Respondo a preguntas escritas como texto. Escribe tu pregunta, por favor (una foto o un documento necesita un pie que diga qué quieres saber).",
  "voice.failed": "No pude entender el mensaje de voz: por favor, escribe la pregunta.",
  "voice.tooLong":
    "Este mensaje de voz dura más de {limit}, demasiado para mí: escribe la pregunta o hazla más corta.",
  "voice.tooLarge": "Este archivo es demasiado grande para mí: por favor, escribe la pregunta.",
  "voice.tooMany": "Has enviado muchos mensajes de voz en esta hora: por favor, escribe la pregunta.",
  "picture.failed": "No pude leer la imagen: escribe la pregunta o añádela como pie de foto.",
  "picture.needsCaption": "No puedo leer imágenes: añade tu pregunta como pie de foto o escríbela.",
  "hint.mention":
    "Pregúntame algo: escribe tu pregunta después de la mención, por ejemplo «¿cómo restauro una copia de seguridad?». /help muestra lo que puedo hacer.",
  "tap.expired": "Esta opción ha caducado. Por favor, vuelve a hacer tu pregunta.",

  "rich.restOfPage": "El resto de la página",
  "rich.wholePage": "Leer la página completa",
  "rich.seeAlso": "Ver también:",

  "busy.notice": {
    one: "{names}: hay demasiadas preguntas a la vez. Telegram me deja responder más o menos {count} pregunta por minuto en este chat, así que las últimas preguntas se han quedado sin respuesta. Por favor, vuelve a preguntar dentro de unos minutos.",
    other:
      "{names}: hay demasiadas preguntas a la vez. Telegram me deja responder más o menos {count} preguntas por minuto en este chat, así que las últimas preguntas se han quedado sin respuesta. Por favor, vuelve a preguntar dentro de unos minutos.",
  },
  "busy.everyone": "todos",
  "tap.forged": "Este botón no es válido aquí.",
  "tap.denied": "No tienes permiso para usar este bot aquí.",
  "inline.askAccess": "Pedir acceso",

  "pairing.onHold": "Este bot solo responde a usuarios aprobados, así que tu mensaje queda en espera.",
  "pairing.stillWaiting": "Tu solicitud de acceso sigue esperando al operador.",
  "pairing.tooMany":
    "Este bot solo responde a usuarios aprobados, y ahora mismo hay demasiadas personas esperando aprobación. Inténtalo de nuevo dentro de una hora.",
  "pairing.code": "Código de vinculación: <code>{code}</code>",
  "pairing.askOperator": "Pide al operador que ejecute:",
  "pairing.validKept": {
    one: "El código vale durante {count} hora. Tu mensaje se guarda y se responde en cuanto te aprueben.",
    other: "El código vale durante {count} horas. Tu mensaje se guarda y se responde en cuanto te aprueben.",
  },
  "pairing.validAskLater": {
    one: "El código vale durante {count} hora. Cuando te aprueben, envía tu pregunta como texto.",
    other: "El código vale durante {count} horas. Cuando te aprueben, envía tu pregunta como texto.",
  },
  "pairing.approved":
    "Te han aprobado: este bot ya te responde. Aquí tienes la respuesta a la pregunta que enviaste.",
  "pairing.approvedNoMessage": "Te han aprobado: este bot ya te responde.",

  "unanswered.title": "Preguntas que la wiki no respondió",
  "unanswered.intro": {
    one: "Lo que los lectores preguntaron al bot en el último {count} día y la wiki no respondió bien, sin quién lo preguntó. La pasarela reescribe esta página cuando cambia: mejora la wiki, no esta página.",
    other:
      "Lo que los lectores preguntaron al bot en los últimos {count} días y la wiki no respondió bien, sin quién lo preguntó. La pasarela reescribe esta página cuando cambia: mejora la wiki, no esta página.",
  },
  "unanswered.nothing": "Sin respuesta: no se encontró nada",
  "unanswered.weak": "Solo una coincidencia débil: páginas ofrecidas para elegir",
  "unanswered.votedDown": "Páginas que los lectores votaron en contra",
  "unanswered.none": "Ninguna.",
  "unanswered.question": "Pregunta",
  "unanswered.asked": "Veces",
  "unanswered.lastAsked": "Última vez",
  "unanswered.alsoAsked": "también preguntada como",
  "unanswered.page": "Página",
  "unanswered.votesDown": "En contra",
  "unanswered.votesUp": "A favor",
  "unanswered.digestTitle": {
    one: "Preguntas sin respuesta en la wiki, último {count} día",
    other: "Preguntas sin respuesta en la wiki, últimos {count} días",
  },
  "unanswered.digestPage": "La lista completa: {link}",
};
