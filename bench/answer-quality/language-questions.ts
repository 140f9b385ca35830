import type { QualityQuestion } from "./questions.js";

/**
 * Questions in Russian, German, Spanish and Chinese as people type them, over the tldr
 * translations (../shared/corpus/tldr-i18n, imported under their Wiki.js locales beside the English
 * tldr at the same paths): problems described, tool names, typos, English tech words mixed in,
 * Russian typed on the English keyboard layout (`typed: "layout"`) and in Latin letters
 * (`typed: "translit"`), Chinese mixed with English without spaces. Each lists the pages of its
 * language that answer it (any counts); every listed page exists in that translation.
 *
 * Each set was split at random, once, before any ranking was tuned on it: a dev third (tuning
 * allowed) and a test two-thirds (report only). `part` is the split `drawSplit` draws with the
 * set's seed (LANGUAGE_SEEDS); the bench checks that they agree.
 */
export interface LanguageQuestion extends QualityQuestion {
  part: "dev" | "test";
  typed?: "layout" | "translit";
}

export const LANGUAGE_SEEDS = { ru: 30101, de: 30102, es: 30103, zh: 30104 } as const;

const c = (name: string) => `tldr/common/${name}`;
const l = (name: string) => `tldr/linux/${name}`;
const o = (name: string) => `tldr/osx/${name}`;

/** 56 questions, split with seed 30101. */
export const RUSSIAN: LanguageQuestion[] = [
  { part: "test", question: "как распаковать tar.gz архив", answers: [c("tar")] },
  { part: "test", question: "создать архив из папки", answers: [c("tar"), c("7z"), c("gzip")] },
  { part: "test", question: "как заархивировать файлы в 7z", answers: [c("7z"), c("7za"), c("7zr")] },
  { part: "dev", question: "найти файл по имени", answers: [c("find"), l("locate"), c("fdfind")] },
  {
    part: "dev",
    question: "поиск текста внутри файлов",
    answers: [c("grep"), c("rgrep"), c("ack"), c("ag")],
  },
  { part: "test", question: "скопировать папку целиком со всеми файлами", answers: [c("cp"), c("rsync")] },
  { part: "dev", question: "переместить или переименовать файл", answers: [c("mv")] },
  { part: "dev", question: "удалить папку с содержимым", answers: [c("rm"), c("rmdir")] },
  { part: "test", question: "создать новую директорию", answers: [c("mkdir")] },
  { part: "test", question: "сделать скрипт исполняемым", answers: [c("chmod")] },
  { part: "dev", question: "сменить владельца файла", answers: [c("chown")] },
  { part: "dev", question: "сколько места свободно на диске", answers: [c("df")] },
  { part: "test", question: "посмотреть сколько весит папка", answers: [c("du"), c("ncdu")] },
  { part: "test", question: "сколько оперативки свободно", answers: [l("free")] },
  { part: "test", question: "сгенерировать ssh ключ", answers: [c("ssh-keygen")] },
  { part: "dev", question: "подключиться к серверу по ssh", answers: [c("ssh")] },
  { part: "test", question: "скопировать файл на удалённый сервер", answers: [c("scp"), c("rsync")] },
  { part: "test", question: "скачать файл по ссылке", answers: [c("curl"), c("wget")] },
  { part: "test", question: "склонировать репозиторий гит", answers: [c("git-clone")] },
  { part: "dev", question: "закоммитить изменения в git", answers: [c("git-commit")] },
  { part: "test", question: "отправить коммиты на сервер git push", answers: [c("git-push")] },
  { part: "dev", question: "создать новую ветку в гите", answers: [c("git-branch"), c("git-checkout")] },
  { part: "test", question: "посмотреть статус репозитория", answers: [c("git-status")] },
  {
    part: "test",
    question: "список запущенных контейнеров docker",
    answers: [c("docker-ps"), c("docker-container-ls")],
  },
  {
    part: "test",
    question: "запустить контейнер из образа",
    answers: [c("docker-run"), c("docker-container-run")],
  },
  {
    part: "test",
    question: "посмотреть логи контейнера",
    answers: [c("docker-logs"), c("docker-container-logs")],
  },
  { part: "dev", question: "удалить docker образ", answers: [c("docker-rmi")] },
  { part: "dev", question: "показать журнал systemd", answers: [l("journalctl")] },
  { part: "test", question: "настроить задачу по расписанию cron", answers: [c("crontab"), l("crond")] },
  {
    part: "test",
    question: "установить пакет в убунту",
    answers: [l("apt"), l("apt-get"), l("apt-install")],
  },
  { part: "dev", question: "проверить доступен ли хост", answers: [c("ping"), c("ping.py"), o("gping")] },
  { part: "test", question: "узнать свой ip адрес", answers: [l("ip"), c("hostname")] },
  { part: "dev", question: "какой процесс занимает порт", answers: [c("lsof"), l("ss"), c("netstat")] },
  {
    part: "test",
    question: "отсканировать открытые порты",
    answers: [c("nmap"), c("masscan"), c("rustscan"), c("naabu")],
  },
  { part: "test", question: "поменять пароль пользователя", answers: [c("passwd"), l("chpasswd")] },
  { part: "test", question: "выполнить команду от имени root", answers: [c("sudo")] },
  { part: "test", question: "показать список файлов в каталоге", answers: [c("ls"), l("dir"), c("vdir")] },
  { part: "test", question: "показать начало файла", answers: [c("head")] },
  {
    part: "test",
    question: "отредактировать файл в терминале",
    answers: [c("nano"), c("vim"), c("vi"), c("micro"), c("nvim")],
  },
  { part: "test", question: "отформатировать json", answers: [c("jq")] },
  { part: "test", question: "сравнить два файла", answers: [c("diff")] },
  { part: "test", question: "отсортировать строки в файле", answers: [c("sort")] },
  { part: "test", question: "заменить текст в файле sed", answers: [c("sed")] },
  { part: "test", question: "показать информацию о процессоре", answers: [l("lscpu")] },
  { part: "dev", question: "список дисков и разделов", answers: [l("lsblk")] },
  { part: "test", question: "как посмотреть историю команд", answers: [c("history")] },
  { part: "test", typed: "layout", question: "rfr hfcgfrjdfnm fhb[d", answers: [c("tar")] },
  {
    part: "test",
    typed: "layout",
    question: "yfqnb afqk gj bvtyb",
    answers: [c("find"), l("locate"), c("fdfind")],
  },
  { part: "test", typed: "layout", question: "crjgbhjdfnm gfgre", answers: [c("cp"), c("rsync")] },
  { part: "dev", typed: "layout", question: "elfkbnm afqk", answers: [c("rm")] },
  { part: "dev", typed: "layout", question: "cdj,jlyjt vtcnj yf lbcrt", answers: [c("df")] },
  { part: "test", typed: "translit", question: "kak udalit papku", answers: [c("rm"), c("rmdir")] },
  { part: "dev", typed: "translit", question: "kak skachat fajl po ssylke", answers: [c("curl"), c("wget")] },
  {
    part: "test",
    typed: "translit",
    question: "posmotret zanyatoe mesto na diske",
    answers: [c("df"), c("du"), c("ncdu")],
  },
  { part: "test", question: "архивирвоать папку в zip", answers: [c("7z"), c("tar")] },
  { part: "dev", question: "найти фаил", answers: [c("find"), l("locate"), c("fdfind")] },
];

/** 45 questions, split with seed 30102. */
export const GERMAN: LanguageQuestion[] = [
  { part: "test", question: "wie entpacke ich ein tar.gz archiv", answers: [c("tar")] },
  { part: "test", question: "archiv aus einem ordner erstellen", answers: [c("tar"), c("7z")] },
  { part: "dev", question: "dateien mit 7zip komprimieren", answers: [c("7z"), c("7za"), c("7zr")] },
  { part: "dev", question: "datei nach namen suchen", answers: [c("find"), c("fdfind"), l("locate")] },
  { part: "test", question: "text in dateien suchen", answers: [c("grep"), c("rgrep"), c("ugrep")] },
  { part: "dev", question: "verzeichnisinhalt anzeigen", answers: [c("ls"), l("dir"), c("vdir"), c("exa")] },
  { part: "test", question: "datei kopieren", answers: [c("cp")] },
  { part: "test", question: "datei umbenennen oder verschieben", answers: [c("mv")] },
  { part: "dev", question: "ordner mit inhalt löschen", answers: [c("rm")] },
  { part: "test", question: "skript ausführbar machen", answers: [c("chmod")] },
  { part: "test", question: "besitzer einer datei ändern", answers: [c("chown")] },
  {
    part: "dev",
    question: "wieviel speicherplatz ist auf der festplatte frei",
    answers: [c("df"), c("duf")],
  },
  { part: "test", question: "größe eines ordners anzeigen", answers: [c("du"), c("dust"), c("duf")] },
  { part: "test", question: "ssh schlüssel erzeugen", answers: [c("ssh-keygen")] },
  { part: "dev", question: "per ssh auf einen server verbinden", answers: [c("ssh")] },
  { part: "test", question: "ssh key auf server kopieren", answers: [c("ssh-copy-id")] },
  {
    part: "test",
    question: "datei von einer url herunterladen",
    answers: [c("curl"), c("http"), c("httpie")],
  },
  { part: "test", question: "git repository klonen", answers: [c("git-clone")] },
  { part: "dev", question: "änderungen committen", answers: [c("git-commit")] },
  { part: "dev", question: "neuen branch anlegen", answers: [c("git-branch"), c("git-switch")] },
  { part: "test", question: "commits auf den server pushen", answers: [c("git-push")] },
  { part: "dev", question: "änderungen vom remote holen", answers: [c("git-pull"), c("git-fetch")] },
  { part: "test", question: "git log anzeigen lassen", answers: [c("git-log")] },
  { part: "test", question: "laufende docker container auflisten", answers: [c("docker")] },
  { part: "test", question: "ist der host erreichbar", answers: [c("ping"), c("ping6")] },
  { part: "test", question: "meine ip adresse anzeigen", answers: [l("ip"), l("ip-address")] },
  {
    part: "dev",
    question: "paket unter ubuntu installieren",
    answers: [l("apt"), l("apt-get"), l("aptitude")],
  },
  { part: "dev", question: "python paket installieren", answers: [c("pip"), c("pip-install"), c("pip3")] },
  { part: "test", question: "video in ein anderes format konvertieren", answers: [c("ffmpeg")] },
  { part: "dev", question: "letzte zeilen einer logdatei verfolgen", answers: [c("tail")] },
  { part: "dev", question: "erste zeilen einer datei anzeigen", answers: [c("head")] },
  { part: "test", question: "inhalt einer datei ausgeben", answers: [c("cat")] },
  { part: "test", question: "zwei dateien vergleichen", answers: [c("diff"), c("vimdiff")] },
  { part: "test", question: "datum und uhrzeit anzeigen", answers: [c("date")] },
  { part: "test", question: "base64 kodieren", answers: [c("base64")] },
  { part: "test", question: "offene ports scannen", answers: [c("nmap")] },
  { part: "test", question: "json schön formatieren", answers: [c("jq")] },
  { part: "test", question: "kubernetes pods anzeigen", answers: [c("kubectl"), c("kubectl-get")] },
  { part: "test", question: "befehl regelmäßig wiederholen und ausgabe zeigen", answers: [c("watch")] },
  { part: "test", question: "usb stick einhängen", answers: [l("mount")] },
  { part: "dev", question: "iso auf usb stick schreiben", answers: [c("dd")] },
  { part: "test", question: "welcher benutzer bin ich", answers: [c("whoami"), c("id")] },
  { part: "test", question: "kalender im terminal", answers: [c("cal"), l("cal"), l("ncal"), c("khal")] },
  { part: "test", question: "dateityp herausfinden", answers: [c("file")] },
  { part: "dev", question: "datei verschlüssseln mit gpg", answers: [c("gpg"), c("gpg2")] },
];

/** 44 questions, split with seed 30103. */
export const SPANISH: LanguageQuestion[] = [
  { part: "test", question: "como descomprimir un archivo tar.gz", answers: [c("tar"), c("atool")] },
  {
    part: "test",
    question: "crear un archivo comprimido de una carpeta",
    answers: [c("tar"), c("zip"), c("7z")],
  },
  { part: "test", question: "comprimir carpeta en zip", answers: [c("zip"), c("7z")] },
  { part: "test", question: "como descomprimir un zip", answers: [c("unzip"), c("7z"), c("atool")] },
  {
    part: "test",
    question: "buscar archivos por nombre",
    answers: [c("find"), c("fd"), c("fdfind"), c("bfs")],
  },
  {
    part: "dev",
    question: "buscar texto dentro de archivos",
    answers: [c("grep"), c("rgrep"), c("ack"), c("ag")],
  },
  {
    part: "test",
    question: "listar archivos de un directorio",
    answers: [c("ls"), l("dir"), c("vdir"), c("exa"), c("eza")],
  },
  { part: "test", question: "copiar un archivo", answers: [c("cp")] },
  { part: "test", question: "mover o renombrar archivo", answers: [c("mv")] },
  { part: "dev", question: "borrar una carpeta con todo su contenido", answers: [c("rm")] },
  { part: "dev", question: "crear directorio nuevo", answers: [c("mkdir")] },
  { part: "dev", question: "dar permisos de ejecucion a un script", answers: [c("chmod")] },
  { part: "dev", question: "cambiar el propietario de un archivo", answers: [c("chown")] },
  { part: "test", question: "cuanto espacio libre queda en el disco", answers: [c("df")] },
  { part: "dev", question: "ver el tamaño de una carpeta", answers: [c("du"), o("du")] },
  { part: "test", question: "cuanta memoria ram libre tengo", answers: [l("free")] },
  { part: "test", question: "clonar un repositorio git", answers: [c("git-clone")] },
  { part: "test", question: "hacer commit de los cambios", answers: [c("git-commit")] },
  {
    part: "test",
    question: "crear una rama nueva en git",
    answers: [c("git-branch"), c("git-checkout"), c("git-switch")],
  },
  { part: "test", question: "subir cambios al repositorio remoto", answers: [c("git-push")] },
  { part: "dev", question: "ver el historial de commits", answers: [c("git-log")] },
  { part: "test", question: "guardar cambios temporalmente git stash", answers: [c("git-stash")] },
  { part: "dev", question: "deshacer el ultimo commit", answers: [c("git-reset"), c("git-revert")] },
  {
    part: "dev",
    question: "ver contenedores docker en ejecución",
    answers: [c("docker-ps"), c("docker-container-ls")],
  },
  {
    part: "dev",
    question: "ver logs de un contenedor",
    answers: [c("docker-logs"), c("docker-container-logs")],
  },
  {
    part: "test",
    question: "comprobar si un servidor responde",
    answers: [c("ping"), o("ping"), c("ping6")],
  },
  {
    part: "test",
    question: "ver mi direccion ip",
    answers: [l("ip"), l("ip-address"), c("ifconfig"), c("hostname")],
  },
  {
    part: "test",
    question: "instalar un paquete en ubuntu",
    answers: [l("apt"), l("apt-get"), l("aptitude")],
  },
  { part: "test", question: "instalar paquete de python con pip", answers: [c("pip"), c("pip3")] },
  {
    part: "test",
    question: "ver los procesos en ejecución",
    answers: [c("ps"), o("ps"), l("top"), o("top"), c("htop"), c("btop")],
  },
  { part: "dev", question: "matar un proceso", answers: [c("kill"), l("kill")] },
  { part: "test", question: "reiniciar un servicio", answers: [l("systemctl"), l("service")] },
  { part: "test", question: "ver los logs del sistema", answers: [l("journalctl")] },
  { part: "test", question: "programar una tarea con cron", answers: [c("crontab"), c("cron")] },
  { part: "dev", question: "ver las ultimas lineas de un log", answers: [c("tail"), o("tail")] },
  { part: "dev", question: "contar lineas de un archivo", answers: [c("wc"), o("wc")] },
  { part: "test", question: "ordenar lineas", answers: [c("sort")] },
  { part: "test", question: "reemplazar texto en un archivo", answers: [c("sed"), o("sed")] },
  { part: "dev", question: "comparar dos archivos", answers: [c("diff"), c("comm")] },
  { part: "test", question: "apagar el equipo", answers: [l("shutdown"), o("shutdown"), l("poweroff")] },
  { part: "test", question: "cambiar la contraseña de un usuario", answers: [c("passwd"), l("chpasswd")] },
  { part: "test", question: "crear un enlace simbolico", answers: [c("ln")] },
  { part: "test", question: "mostrar la estructura de carpetas en arbol", answers: [c("tree")] },
  { part: "test", question: "convertir imagen a otro formato", answers: [c("convert"), c("magick")] },
];

/** 46 questions, split with seed 30104. */
export const CHINESE: LanguageQuestion[] = [
  { part: "dev", question: "怎么解压tar.gz文件", answers: [c("tar")] },
  { part: "dev", question: "把文件夹打包成压缩包", answers: [c("tar"), c("zip"), c("7z")] },
  { part: "test", question: "用zip压缩文件夹", answers: [c("zip"), c("7z")] },
  { part: "dev", question: "解压zip文件", answers: [c("unzip"), c("7z")] },
  { part: "test", question: "按文件名查找文件", answers: [c("find"), c("fd"), c("fdfind")] },
  { part: "dev", question: "在文件里搜索文字", answers: [c("grep"), c("rgrep"), c("ack"), c("ag")] },
  { part: "dev", question: "列出目录下的文件", answers: [c("ls"), l("dir"), c("exa"), c("eza")] },
  { part: "dev", question: "复制文件", answers: [c("cp")] },
  { part: "test", question: "移动或者重命名文件", answers: [c("mv")] },
  { part: "dev", question: "删除文件夹及其内容", answers: [c("rm"), c("rmdir")] },
  { part: "test", question: "新建目录", answers: [c("mkdir")] },
  { part: "test", question: "给脚本加执行权限", answers: [c("chmod")] },
  { part: "test", question: "修改文件的所有者", answers: [c("chown")] },
  { part: "test", question: "查看磁盘剩余空间", answers: [c("df"), l("df"), c("duf")] },
  { part: "test", question: "查看文件夹大小", answers: [c("du"), o("du"), c("duf")] },
  { part: "test", question: "rsync同步目录", answers: [c("rsync")] },
  { part: "test", question: "把ssh公钥复制到服务器上", answers: [c("ssh-copy-id")] },
  { part: "test", question: "ssh连接远程服务器", answers: [c("ssh")] },
  { part: "dev", question: "把文件复制到远程服务器", answers: [c("scp"), c("rsync")] },
  { part: "test", question: "从网址下载文件", answers: [c("curl"), c("wget")] },
  { part: "test", question: "克隆git仓库", answers: [c("git-clone")] },
  { part: "test", question: "git提交修改", answers: [c("git-commit")] },
  { part: "test", question: "创建新分支", answers: [c("git-branch"), c("git-checkout"), c("git-switch")] },
  { part: "test", question: "推送到远程仓库", answers: [c("git-push")] },
  { part: "dev", question: "查看git提交历史", answers: [c("git-log")] },
  { part: "dev", question: "撤销上一次commit", answers: [c("git-reset")] },
  { part: "test", question: "查看正在运行的docker容器", answers: [c("docker-ps")] },
  { part: "dev", question: "查看容器日志", answers: [c("docker-logs"), c("docker-container-logs")] },
  { part: "test", question: "构建docker镜像", answers: [c("docker-build")] },
  { part: "dev", question: "ping一下服务器看通不通", answers: [c("ping"), o("ping")] },
  { part: "test", question: "查看本机ip地址", answers: [l("ip"), c("ifconfig"), c("hostname")] },
  { part: "dev", question: "ubuntu安装软件包", answers: [l("apt"), l("apt-get"), l("aptitude")] },
  { part: "test", question: "pip安装python包", answers: [c("pip"), c("pip-install"), c("pip3")] },
  { part: "test", question: "查看进程", answers: [c("ps"), o("ps"), c("htop"), c("btop")] },
  { part: "dev", question: "杀死进程", answers: [c("kill"), c("killall"), c("pkill")] },
  { part: "test", question: "重启服务", answers: [l("systemctl")] },
  { part: "test", question: "设置定时任务", answers: [c("crontab"), c("cron")] },
  { part: "test", question: "实时查看日志最后几行", answers: [c("tail")] },
  { part: "test", question: "统计文件行数", answers: [c("wc")] },
  { part: "test", question: "替换文件中的文本", answers: [l("sed"), o("sed")] },
  { part: "test", question: "比较两个文件的差异", answers: [c("diff"), l("diff3")] },
  { part: "test", question: "创建软链接", answers: [c("ln")] },
  { part: "dev", question: "以树状结构显示目录", answers: [c("tree")] },
  { part: "test", question: "用ffmpeg转换视频格式", answers: [c("ffmpeg")] },
  { part: "test", question: "格式化json", answers: [c("jq")] },
  { part: "test", question: "哪个进程占用了8080端口", answers: [c("lsof"), l("ss"), c("netstat")] },
];

/** The sets by Wiki.js locale. */
export const LANGUAGE_SETS = { ru: RUSSIAN, de: GERMAN, es: SPANISH, zh: CHINESE } as const;
export type MeasuredLocale = keyof typeof LANGUAGE_SETS;
