import type { QualityQuestion } from "../answer-quality/questions.js";
import { drawSplit } from "../answer-quality/people-questions.js";

/**
 * Conversations over the tldr corpus as people hold them in a chat: a first question, its answer,
 * then a next message. A follow-up leans on the first question ("and on a mac?", "how do I stop
 * one of them?"); a switch is a new question on another subject, asked right after. Each message
 * lists the pages that answer it (any counts), by the rule of the answer-quality sets: a page
 * answers when one of its examples does what the message asks in the conversation, on any
 * platform unless the conversation names one.
 *
 * They were written from how people chat, before the ranking knew of conversations, and split at
 * random, once, with the set's seed (CONVERSATION_SEEDS): a dev third (tuning allowed) and a test
 * two-thirds (report only). The split is drawn, never written by hand. The Russian set is asked of
 * the Russian tldr translation, so its answers are pages that translation holds.
 */
export interface Conversation {
  kind: "follow-up" | "switch";
  first: QualityQuestion;
  next: QualityQuestion;
}

export interface SplitConversation extends Conversation {
  part: "dev" | "test";
}

export const CONVERSATION_SEEDS = { en: 41001, ru: 41002 } as const;
export type ConversationLocale = keyof typeof CONVERSATION_SEEDS;

const c = (name: string) => `tldr/common/${name}`;
const l = (name: string) => `tldr/linux/${name}`;
const o = (name: string) => `tldr/osx/${name}`;

const q = (question: string, ...answers: string[]): QualityQuestion => ({ question, answers });
const followUp = (first: QualityQuestion, next: QualityQuestion): Conversation => ({
  kind: "follow-up",
  first,
  next,
});
const change = (first: QualityQuestion, next: QualityQuestion): Conversation => ({
  kind: "switch",
  first,
  next,
});

const TARBALL = q("how do i pack a folder into a tarball", c("tar"));
const PORT = q("how do I see which process listens on port 80", c("lsof"), l("ss"), c("netstat"), l("fuser"));
const UNDO = q("how do I undo my last git commit", c("git-reset"), c("git-revert"), c("git-undo"));
const DOCKER_LIST = q("list docker containers", c("docker-ps"), c("docker-container-ls"));
const UBUNTU = q("how do I install a package on ubuntu", l("apt"), l("apt-get"), l("apt-install"));
const KILL = q("how do i kill a process by name", c("pkill"), c("killall"));
const PODS = q("show the kubernetes pods", c("kubectl-get"));
const VENV = q("how do i create a python virtual environment", c("venv"), c("virtualenv"), c("python"));
const SSH_KEY = q("how do I generate an ssh key", c("ssh-keygen"));
const CRON = q("schedule a job every day at midnight", c("crontab"), c("cron"));
const PING = q("ping a host", c("ping"), o("ping"));
const LINK = q("how do i create a symbolic link", c("ln"));
const TAIL = q("how do I see the last lines of a log file", c("tail"), o("tail"));
const GIT_LOG = q("show the git log of a branch", c("git-log"));
const OPEN_LINUX = q("how do I open a file with its default app on linux", l("xdg-open"));

/** English, asked of the English tldr. */
export const ENGLISH: Conversation[] = [
  followUp(TARBALL, q("and how do i unpack it again?", c("tar"), c("atool"), c("dtrx"), c("unp"))),
  followUp(PORT, q("and on a mac?", c("lsof"), o("netstat"))),
  followUp(UNDO, q("and if I already pushed it?", c("git-revert"), c("git-push"))),
  followUp(DOCKER_LIST, q("how do I stop one of them?", c("docker-stop"), c("docker-container-stop"))),
  followUp(
    q("list running docker containers", c("docker-ps"), c("docker-container-ls")),
    q("how do I get a shell inside one?", c("docker-exec"), c("docker-container-exec")),
  ),
  followUp(
    q("how do I copy text to the clipboard from the terminal on linux", l("xclip"), l("xsel"), l("wl-copy")),
    q("and on a mac?", o("pbcopy")),
  ),
  followUp(UBUNTU, q("and on arch?", l("pacman"), l("pacman-s"), l("pacinstall"), l("yay"))),
  followUp(
    q("how do i keep my mac from going to sleep", o("caffeinate"), o("pmset")),
    q("and on linux?", l("systemd-inhibit"), l("caffeinate")),
  ),
  followUp(
    q("how to see free memory on linux", l("free"), l("vmstat"), l("top")),
    q("what about macos?", o("vm_stat"), o("top")),
  ),
  followUp(
    q("how do i start a service at boot on linux", l("systemctl"), l("systemctl-enable")),
    q("same for mac?", o("launchctl")),
  ),
  followUp(GIT_LOG, q("and only the last 5 commits?", c("git-log"))),
  followUp(
    q("how do i delete a local git branch", c("git-branch")),
    q("and the remote one?", c("git-push"), c("git-branch")),
  ),
  followUp(
    q("how do I find files by name", c("find"), c("fd"), l("locate")),
    q("and only those changed in the last day?", c("find"), c("fd")),
  ),
  followUp(q("how do i download a file with curl", c("curl")), q("and with wget?", c("wget"))),
  followUp(
    q("how do I compress a folder to a zip file", c("zip"), c("7z")),
    q("how do I extract it?", c("unzip"), c("7z"), c("atool"), c("unp"), c("dtrx")),
  ),
  followUp(
    q("check disk usage of a folder", c("du"), o("du"), c("ncdu"), c("dust"), c("gdu")),
    q("and of the whole disk?", c("df"), c("duf")),
  ),
  followUp(KILL, q("and by its pid?", c("kill"), l("kill"))),
  followUp(PODS, q("how do I see the logs of one?", c("kubectl-logs"))),
  followUp(VENV, q("how do I activate it?", c("venv"), c("virtualenv"))),
  followUp(SSH_KEY, q("and how do i copy it to a server?", c("ssh-copy-id"))),
  followUp(q("how do i stash my changes in git", c("git-stash")), q("and get them back?", c("git-stash"))),
  followUp(
    q("show my ip address on linux", l("ip"), c("ifconfig"), c("hostname")),
    q("and on mac?", c("ifconfig"), o("ipconfig"), o("networksetup")),
  ),
  followUp(CRON, q("how do I list the ones I have?", c("crontab"))),
  followUp(q("how to make a file executable", c("chmod")), q("and change its owner?", c("chown"))),
  followUp(PING, q("and trace the route to it?", c("traceroute"), c("mtr"), l("tracepath"))),
  followUp(
    q("how to check the os version on a mac", o("sw_vers"), o("system_profiler")),
    q("and on ubuntu?", l("lsb_release"), l("hostnamectl")),
  ),
  followUp(
    q("how do I rename a git branch", c("git-branch")),
    q("and push it under the new name?", c("git-push")),
  ),
  followUp(
    q("convert a video to mp4", c("ffmpeg"), c("handbrakecli")),
    q("and extract only the audio?", c("ffmpeg")),
  ),
  followUp(TAIL, q("and keep watching it as it grows?", c("tail"), o("tail"), c("less"))),
  followUp(
    q("list installed packages with brew", c("brew"), c("brew-list")),
    q("how do I update them all?", c("brew"), c("brew-upgrade")),
  ),
  followUp(
    q("see running processes", c("ps"), o("ps"), l("top"), c("htop"), c("procs")),
    q("how do I sort them by memory?", c("ps"), o("ps"), l("top"), o("top"), c("htop")),
  ),
  followUp(OPEN_LINUX, q("and on a mac?", o("open"))),
  followUp(
    q("search text in files recursively", c("grep"), c("rg"), c("ag")),
    q("and ignore case?", c("grep"), c("rg"), c("ag")),
  ),
  followUp(LINK, q("and remove it again?", c("rm"), c("unlink"))),
  followUp(
    q("mount a usb drive on linux", l("mount"), l("udisksctl")),
    q("and unmount it?", c("umount"), l("umount"), l("udisksctl")),
  ),
  followUp(
    q("show the journal of a systemd service", l("journalctl")),
    q("and restart it?", l("systemctl"), l("systemctl-restart")),
  ),
  followUp(
    q("copy files to a remote server", c("scp"), c("rsync"), c("sftp")),
    q("and the other way around?", c("scp"), c("rsync"), c("sftp")),
  ),
  change(TARBALL, PORT),
  change(DOCKER_LIST, q("generate a new ssh key pair", c("ssh-keygen"))),
  change(UNDO, q("show disk usage of a folder", c("du"), o("du"), c("ncdu"), c("dust"), c("gdu"))),
  change(UBUNTU, q("how do I convert a video to mp4", c("ffmpeg"), c("handbrakecli"))),
  change(
    q("check free memory", l("free"), o("vm_stat")),
    q("search for a text pattern inside files", c("grep"), c("rg"), c("ag")),
  ),
  change(KILL, q("download a file from a url", c("curl"), c("wget"), c("aria2c"))),
  change(PODS, q("make a script executable", c("chmod"))),
  change(CRON, q("compress a folder into a zip file", c("zip"), c("7z"))),
  change(PING, q("show my git history", c("git-log"), c("tig"))),
  change(VENV, q("how do I keep my mac from sleeping", o("caffeinate"), o("pmset"))),
  change(OPEN_LINUX, q("how to find files by name", c("find"), c("fd"), l("locate"))),
  change(TAIL, q("copy files to a remote server over ssh", c("scp"), c("rsync"), c("sftp"))),
  change(LINK, q("list installed packages on arch linux", l("pacman"), l("pacman-q"))),
  change(GIT_LOG, q("how do I check the os version on a mac", o("sw_vers"))),
  change(DOCKER_LIST, q("and how do I generate an ssh key?", c("ssh-keygen"))),
  change(KILL, q("what about changing file permissions?", c("chmod"))),
  change(SSH_KEY, q("how do I delete a local git branch", c("git-branch"))),
];

const TAR_RU = q("как упаковать папку в tar архив", c("tar"));
const DOCKER_RU = q("как посмотреть список docker контейнеров", c("docker-ps"), c("docker-container-ls"));
const CURL_RU = q("как скачать файл через curl", c("curl"));
const APT_RU = q("как установить пакет в ubuntu", l("apt"), l("apt-get"), l("apt-install"));
const CRON_RU = q("как добавить задачу в cron", c("crontab"));
const KEY_RU = q("как создать ssh ключ", c("ssh-keygen"));
const COMMIT_RU = q("как закоммитить изменения в git", c("git-commit"));
const FIND_RU = q("как найти файлы по имени", c("find"), l("locate"));

/** Russian, asked of the Russian tldr translation. */
export const RUSSIAN: Conversation[] = [
  followUp(TAR_RU, q("а как распаковать его обратно?", c("tar"))),
  followUp(
    q("как посмотреть, какой процесс слушает порт 80", c("lsof"), l("ss"), c("netstat")),
    q("а на маке?", c("lsof"), c("netstat")),
  ),
  followUp(DOCKER_RU, q("а как остановить один из них?", c("docker-stop"))),
  followUp(
    q("как зайти внутрь запущенного docker контейнера", c("docker-exec"), c("docker-container-exec")),
    q("а как посмотреть его логи?", c("docker-logs"), c("docker-container-logs")),
  ),
  followUp(APT_RU, q("а в arch?", l("pacman"), l("pacman-s"), l("pacinstall"))),
  followUp(q("как сжать папку в zip", c("zip"), c("7z")), q("а как распаковать его?", c("unzip"), c("7z"))),
  followUp(q("как узнать размер папки", c("du"), c("ncdu")), q("а свободное место на диске?", c("df"))),
  followUp(KEY_RU, q("а как подключиться к серверу с ним?", c("ssh"))),
  followUp(CURL_RU, q("а через wget?", c("wget"), c("wget2"))),
  followUp(
    q("как переключиться на другую ветку git", c("git-checkout")),
    q("а как создать новую?", c("git-branch"), c("git-checkout")),
  ),
  followUp(q("как изменить права доступа к файлу", c("chmod")), q("а владельца?", c("chown"))),
  followUp(
    q("как скопировать файл на удалённый сервер", c("scp"), c("rsync")),
    q("а целую папку?", c("scp"), c("rsync")),
  ),
  followUp(FIND_RU, q("а если нужно искать только среди папок?", c("find"))),
  followUp(CRON_RU, q("а как посмотреть список задач?", c("crontab"))),
  followUp(
    q("как проверить, доступен ли сервер", c("ping")),
    q("а проследить маршрут до него?", c("traceroute"), c("mtr")),
  ),
  followUp(COMMIT_RU, q("а потом отправить их на сервер?", c("git-push"))),
  followUp(
    q("как установить пакет через npm", c("npm-install"), c("npm")),
    q("а удалить её обратно", c("npm-uninstall")),
  ),
  followUp(q("как посмотреть историю команд", c("history")), q("и как очистить её?", c("history"))),
  change(TAR_RU, KEY_RU),
  change(DOCKER_RU, q("как узнать размер папки", c("du"), c("ncdu"))),
  change(CURL_RU, q("как изменить права доступа к файлу", c("chmod"))),
  change(APT_RU, FIND_RU),
  change(CRON_RU, q("как сжать папку в zip", c("zip"), c("7z"))),
  change(KEY_RU, q("а как посмотреть список docker контейнеров?", c("docker-ps"), c("docker-container-ls"))),
  change(COMMIT_RU, q("как проверить, доступен ли сервер", c("ping"))),
  change(FIND_RU, q("как посмотреть, какой процесс слушает порт 80", c("lsof"), l("ss"), c("netstat"))),
];

export const CONVERSATION_SETS: Record<ConversationLocale, Conversation[]> = { en: ENGLISH, ru: RUSSIAN };

/** A set with its drawn split: a Fisher–Yates shuffle with the set's seed, the first third dev. */
export function splitConversations(locale: ConversationLocale): SplitConversation[] {
  const set = CONVERSATION_SETS[locale];
  const parts = drawSplit(set.length, CONVERSATION_SEEDS[locale]);
  return set.map((conversation, i) => ({ ...conversation, part: parts[i]! }));
}
