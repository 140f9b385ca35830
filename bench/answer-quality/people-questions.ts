import type { QualityQuestion } from "./questions.js";

/**
 * Questions as people type them over the tldr corpus: problems described rather than commands
 * named, short and long, with typos, with and without the tool's name, in every area of the corpus.
 * They were written from what people ask, not from the pages, and before any ranking was measured
 * on them. Each lists the pages that answer it (any counts): a page answers when one of its
 * examples does what the question asks, on any platform unless the question names one; aliases
 * of an accepted page count too. Every listed page was checked to exist and to answer.
 *
 * The set is split at random, once, into a dev third (ranking may be tuned on it) and a test
 * two-thirds (only reported): `part` below is the split drawn with SPLIT_SEED by `drawSplit`
 * (the bench checks that they agree, so the split cannot be edited by hand unnoticed).
 */
export interface PeopleQuestion extends QualityQuestion {
  part: "dev" | "test";
  area: string;
}

export const SPLIT_SEED = 20261124;

/** mulberry32: a small seeded PRNG, values in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 0 … count−1 in the order of a Fisher–Yates shuffle with the seed. */
export function seededOrder(count: number, seed: number): number[] {
  const random = seededRandom(seed);
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The split of `count` questions: a Fisher–Yates shuffle with the seed; the first third is dev. */
export function drawSplit(count: number, seed = SPLIT_SEED): Array<"dev" | "test"> {
  const order = seededOrder(count, seed);
  const dev = new Set(order.slice(0, Math.floor(count / 3)));
  return order.map((_, i) => (dev.has(i) ? "dev" : "test"));
}

const c = (name: string) => `tldr/common/${name}`;
const l = (name: string) => `tldr/linux/${name}`;
const o = (name: string) => `tldr/osx/${name}`;

export const PEOPLE_QUESTIONS: PeopleQuestion[] = [
  {
    part: "test",
    area: "files",
    question: "how do i copy a whole folder with everything inside it",
    answers: [c("cp"), c("rsync")],
  },
  {
    part: "test",
    area: "files",
    question: "move a bunch of files into another directory",
    answers: [c("mv")],
  },
  { part: "test", area: "files", question: "delete a folder that isnt empty", answers: [c("rm")] },
  {
    part: "test",
    area: "files",
    question: "whats taking up all the space in my home dir??",
    answers: [c("du"), o("du"), c("ncdu"), c("dust"), c("gdu")],
  },
  { part: "test", area: "files", question: "find files bigger than 100mb", answers: [c("find"), c("fd")] },
  {
    part: "test",
    area: "files",
    question: "find all .log files older than a week and delete them",
    answers: [c("find")],
  },
  { part: "dev", area: "files", question: "how to see hidden files in a folder", answers: [c("ls")] },
  { part: "test", area: "files", question: "list files sorted by date, newest first", answers: [c("ls")] },
  {
    part: "test",
    area: "files",
    question: "make a new folder including the parent folders",
    answers: [c("mkdir")],
  },
  {
    part: "dev",
    area: "files",
    question: "only I should be able to read this file, how do I set that",
    answers: [c("chmod")],
  },
  {
    part: "test",
    area: "files",
    question: "give ownership of a file to the www-data user",
    answers: [c("chown")],
  },
  {
    part: "test",
    area: "files",
    question: "create a shortcut pointing to a file somewhere else",
    answers: [c("ln")],
  },
  {
    part: "test",
    area: "files",
    question: "permanantly shred a file so it cant be recovered",
    answers: [c("shred"), c("srm")],
  },
  {
    part: "test",
    area: "files",
    question: "show a file's size and when it was last modified",
    answers: [c("stat"), o("stat"), c("ls")],
  },
  { part: "test", area: "files", question: "keep two folders in sync", answers: [c("rsync")] },
  {
    part: "test",
    area: "files",
    question: "rename lots of files at once using a pattern",
    answers: [c("rename"), l("rename"), c("mmv"), c("file-rename")],
  },
  {
    part: "test",
    area: "files",
    question: "where is the python binary located",
    answers: [c("which"), l("whereis"), c("type"), c("command")],
  },
  {
    part: "test",
    area: "files",
    question: "send files to the trash instead of deleting them for good",
    answers: [l("trash"), o("trash"), l("trash-put")],
  },
  {
    part: "dev",
    area: "files",
    question: "find duplicate files on my disk",
    answers: [c("fdupes"), c("jdupes"), c("rdfind")],
  },
  {
    part: "dev",
    area: "files",
    question: "run a command automatically every time a file in a folder changes",
    answers: [c("entr"), c("watchexec"), c("fswatch"), l("inotifywait")],
  },
  { part: "test", area: "files", question: "empty a file without deleting it", answers: [c("truncate")] },
  {
    part: "dev",
    area: "files",
    question: "directry size",
    answers: [c("du"), o("du"), c("ncdu"), c("dust"), c("gdu")],
  },
  {
    part: "test",
    area: "text",
    question: "print only the 3rd column of a csv",
    answers: [c("cut"), o("cut"), c("awk")],
  },
  {
    part: "dev",
    area: "text",
    question: "count how many words are in my essay.txt",
    answers: [c("wc"), o("wc")],
  },
  { part: "test", area: "text", question: "grep but ignore upper/lowercase", answers: [c("grep"), c("rg")] },
  {
    part: "dev",
    area: "text",
    question: "search recursively in all files for a string",
    answers: [c("grep"), c("rg"), c("ag"), c("ack")],
  },
  { part: "dev", area: "text", question: "print a file upside down, last line first", answers: [c("tac")] },
  {
    part: "dev",
    area: "text",
    question: "show the lines that are in file1 but not in file2",
    answers: [c("comm"), c("diff")],
  },
  {
    part: "test",
    area: "text",
    question: "put two files next to each other column by column",
    answers: [c("paste")],
  },
  {
    part: "dev",
    area: "text",
    question: "wrap long lines at 80 characters",
    answers: [c("fold"), l("fold"), c("fmt")],
  },
  { part: "test", area: "text", question: "convert windows line endings to unix", answers: [l("dos2unix")] },
  {
    part: "test",
    area: "text",
    question: "change the encoding of a text file from latin1 to utf8",
    answers: [c("iconv")],
  },
  {
    part: "test",
    area: "text",
    question: "print lines 10 to 20 of a file",
    answers: [c("sed"), l("sed"), o("sed"), c("awk")],
  },
  {
    part: "dev",
    area: "text",
    question: "number every line of a file",
    answers: [c("nl"), l("nl"), c("cat"), l("cat"), o("cat")],
  },
  {
    part: "dev",
    area: "text",
    question: "shuffle the lines in random order",
    answers: [c("shuf"), o("shuf")],
  },
  {
    part: "dev",
    area: "text",
    question: "get the value of a key from a json file in a shell script",
    answers: [c("jq")],
  },
  {
    part: "dev",
    area: "text",
    question: "read a value out of a yaml file from the command line",
    answers: [c("yq")],
  },
  {
    part: "test",
    area: "text",
    question: "simple text editor in the terminal for beginners",
    answers: [c("nano"), c("micro")],
  },
  { part: "test", area: "text", question: "how do you exit vim", answers: [c("vim"), c("vi")] },
  {
    part: "dev",
    area: "text",
    question: "view a binary file as hex",
    answers: [c("xxd"), c("hexdump"), l("hexdump"), c("od"), c("hexyl")],
  },
  {
    part: "dev",
    area: "text",
    question: "pull all the email addresses out of a text file with a regex",
    answers: [c("grep"), c("rg")],
  },
  { part: "dev", area: "text", question: "replace tabs with spaces", answers: [c("expand")] },
  {
    part: "dev",
    area: "text",
    question: "add up the numbers in a column",
    answers: [c("awk"), l("datamash")],
  },
  {
    part: "dev",
    area: "text",
    question: "sed replace a word in every file",
    answers: [c("sed"), l("sed"), o("sed")],
  },
  { part: "dev", area: "text", question: "make all letters uppercase in a string", answers: [c("tr")] },
  { part: "test", area: "text", question: "show the end of a file", answers: [c("tail"), o("tail")] },
  {
    part: "dev",
    area: "archives",
    question: "unzip a zip file into a specific folder",
    answers: [c("unzip")],
  },
  { part: "test", area: "archives", question: "make a tarball of my project folder", answers: [c("tar")] },
  { part: "test", area: "archives", question: "open a .rar file", answers: [c("unrar"), c("7z"), c("rar")] },
  {
    part: "test",
    area: "archives",
    question: "what is inside this tar file, without extracting it",
    answers: [c("tar")],
  },
  {
    part: "test",
    area: "archives",
    question: "compress a big file as small as possible",
    answers: [c("xz"), c("7z"), c("zstd"), c("bzip2"), c("gzip"), c("brotli")],
  },
  { part: "dev", area: "archives", question: "extract a .7z", answers: [c("7z"), c("7za"), c("7zr")] },
  { part: "test", area: "archives", question: "unpack a .bz2 file", answers: [c("bzip2"), c("bunzip2")] },
  { part: "dev", area: "archives", question: "password protect a zip archive", answers: [c("zip"), c("7z")] },
  { part: "dev", area: "archives", question: "tar extrakt tgz", answers: [c("tar")] },
  { part: "dev", area: "archives", question: "gzip a file", answers: [c("gzip")] },
  { part: "dev", area: "git", question: "git stash", answers: [c("git-stash")] },
  {
    part: "dev",
    area: "git",
    question: "throw away my local changes in git",
    answers: [c("git-restore"), c("git-checkout"), c("git-reset")],
  },
  { part: "test", area: "git", question: "see who wrote each line of a file", answers: [c("git-blame")] },
  {
    part: "test",
    area: "git",
    question: "rename a git branch",
    answers: [c("git-branch"), c("git-rename-branch")],
  },
  {
    part: "test",
    area: "git",
    question: "delete a branch on the remote",
    answers: [c("git-push"), c("git-branch")],
  },
  {
    part: "test",
    area: "git",
    question: "i commited to the wrong branch, move the commit",
    answers: [c("git-cherry-pick"), c("git-reset")],
  },
  { part: "dev", area: "git", question: "see the history of commits", answers: [c("git-log"), c("tig")] },
  {
    part: "test",
    area: "git",
    question: "combine two branches together",
    answers: [c("git-merge"), c("git-rebase")],
  },
  { part: "test", area: "git", question: "change the message of my last comit", answers: [c("git-commit")] },
  {
    part: "test",
    area: "git",
    question: "git pul latest changes from the server",
    answers: [c("git-pull"), c("git-fetch")],
  },
  {
    part: "dev",
    area: "git",
    question: "which files did i change? git",
    answers: [c("git-status"), c("git-diff")],
  },
  { part: "test", area: "git", question: "put a version tag on a release in git", answers: [c("git-tag")] },
  { part: "test", area: "git", question: "find which commit introduced a bug", answers: [c("git-bisect")] },
  { part: "test", area: "git", question: "add a remote repo url", answers: [c("git-remote")] },
  { part: "test", area: "git", question: "upload my commits to github", answers: [c("git-push")] },
  {
    part: "dev",
    area: "git",
    question: "show what changed in a commit",
    answers: [c("git-show"), c("git-diff")],
  },
  {
    part: "test",
    area: "git",
    question: "copy a repository from github to my computer",
    answers: [c("git-clone")],
  },
  {
    part: "test",
    area: "processes",
    question: "app is frozen, how do i force it to close",
    answers: [c("kill"), l("kill"), c("pkill"), c("killall"), c("xkill")],
  },
  {
    part: "dev",
    area: "processes",
    question: "what is eating my cpu",
    answers: [l("top"), o("top"), c("htop"), c("btop"), c("glances"), l("atop")],
  },
  {
    part: "dev",
    area: "processes",
    question: "run a program in the background so it survives closing the terminal",
    answers: [c("nohup"), c("screen"), c("tmux"), l("setsid")],
  },
  {
    part: "test",
    area: "processes",
    question: "lower the priority of a running process",
    answers: [c("renice"), l("renice")],
  },
  {
    part: "dev",
    area: "processes",
    question: "find the PID of firefox",
    answers: [c("pgrep"), l("pgrep"), l("pidof")],
  },
  {
    part: "test",
    area: "processes",
    question: "stop a command if it runs longer than 10 seconds",
    answers: [c("timeout")],
  },
  {
    part: "test",
    area: "processes",
    question: "trace the system calls a program makes",
    answers: [l("strace"), o("dtruss")],
  },
  { part: "dev", area: "processes", question: "show processes as a tree", answers: [l("pstree")] },
  {
    part: "test",
    area: "processes",
    question: "wait 5 seconds in a bash script",
    answers: [c("sleep"), l("sleep")],
  },
  {
    part: "test",
    area: "processes",
    question: "run the same command on many files in parallel",
    answers: [c("parallel"), c("xargs")],
  },
  { part: "test", area: "processes", question: "ps aux", answers: [c("ps"), o("ps")] },
  {
    part: "test",
    area: "processes",
    question: "start a program with low cpu priority",
    answers: [c("nice")],
  },
  {
    part: "test",
    area: "networking",
    question: "is google down or is it my internet",
    answers: [c("ping"), o("ping")],
  },
  {
    part: "test",
    area: "networking",
    question: "what route do packets take to a server",
    answers: [c("traceroute"), c("mtr"), l("tracepath")],
  },
  {
    part: "test",
    area: "networking",
    question: "send an http post request with a json body",
    answers: [c("curl"), c("http"), c("xh")],
  },
  {
    part: "test",
    area: "networking",
    question: "what ports are listening on my machine",
    answers: [l("ss"), c("netstat"), o("netstat"), c("lsof")],
  },
  { part: "dev", area: "networking", question: "log into my server remotely", answers: [c("ssh")] },
  { part: "test", area: "networking", question: "forward a local port through ssh", answers: [c("ssh")] },
  { part: "dev", area: "networking", question: "who owns this domain name", answers: [c("whois")] },
  {
    part: "test",
    area: "networking",
    question: "check my internet speed",
    answers: [c("speedtest-cli"), c("speedtest"), c("fast"), o("networkquality")],
  },
  {
    part: "dev",
    area: "networking",
    question: "open a port in the firewall on ubuntu",
    answers: [l("ufw"), l("ufw-allow"), l("iptables"), l("firewall-cmd")],
  },
  {
    part: "test",
    area: "networking",
    question: "capture network packets to a file",
    answers: [c("tcpdump"), l("tshark")],
  },
  {
    part: "test",
    area: "networking",
    question: "listen on a tcp port and send raw data",
    answers: [c("nc"), l("ncat"), c("socat"), c("netcat")],
  },
  {
    part: "dev",
    area: "networking",
    question: "connect to wifi from the terminal on linux",
    answers: [l("nmcli"), l("nmcli-device"), l("iwctl"), l("wifi-menu")],
  },
  {
    part: "test",
    area: "networking",
    question: "check when the ssl certificate of a website expires",
    answers: [c("openssl"), c("openssl-x509"), c("openssl-s_client")],
  },
  {
    part: "dev",
    area: "networking",
    question: "download a whole website for offline reading",
    answers: [c("wget"), c("httrack")],
  },
  {
    part: "test",
    area: "networking",
    question: "upload files to an ftp server",
    answers: [c("ftp"), l("lftp"), c("sftp")],
  },
  { part: "dev", area: "networking", question: "curl download file", answers: [c("curl")] },
  {
    part: "test",
    area: "networking",
    question: "resolve a hostname to an ip adress",
    answers: [c("dig"), c("nslookup"), c("host")],
  },
  {
    part: "dev",
    area: "disks",
    question: "format a usb stick as fat32",
    answers: [l("mkfs.vfat"), l("mkfs.fat"), l("mkfs")],
  },
  {
    part: "dev",
    area: "disks",
    question: "partition a new hard disk",
    answers: [l("fdisk"), l("parted"), l("gdisk"), l("cfdisk"), l("sfdisk")],
  },
  {
    part: "test",
    area: "disks",
    question: "check the disk for errors",
    answers: [l("fsck"), o("fsck"), l("e2fsck"), c("badblocks")],
  },
  {
    part: "test",
    area: "disks",
    question: "write an iso to a usb stick to make it bootable",
    answers: [c("dd"), l("dd"), o("dd"), l("ventoy"), l("woeusb")],
  },
  {
    part: "test",
    area: "disks",
    question: "safely unmount a drive",
    answers: [c("umount"), l("umount"), o("diskutil"), l("udisksctl")],
  },
  { part: "test", area: "disks", question: "smart health status of my ssd", answers: [c("smartctl")] },
  {
    part: "dev",
    area: "disks",
    question: "show the uuid of each partition",
    answers: [l("blkid"), l("lsblk")],
  },
  { part: "test", area: "disks", question: "create a swap file", answers: [l("mkswap"), l("swapon")] },
  {
    part: "test",
    area: "disks",
    question: "grow an ext4 filesystem after enlarging the partition",
    answers: [l("resize2fs"), l("growpart")],
  },
  {
    part: "test",
    area: "disks",
    question: "encrypt a disk partition",
    answers: [l("cryptsetup"), o("fdesetup")],
  },
  {
    part: "test",
    area: "disks",
    question: "how much space is free on the hard drive",
    answers: [c("df"), l("df"), o("df"), c("duf")],
  },
  { part: "dev", area: "disks", question: "mount an iso image", answers: [l("mount"), o("hdiutil")] },
  {
    part: "dev",
    area: "packages",
    question: "update all packages on ubuntu",
    answers: [l("apt"), l("apt-get")],
  },
  {
    part: "test",
    area: "packages",
    question: "uninstall a program on fedora",
    answers: [l("dnf"), l("yum"), l("rpm")],
  },
  {
    part: "dev",
    area: "packages",
    question: "install something on arch linux",
    answers: [l("pacman"), l("pacman-sync"), l("pacman-s"), l("yay"), l("paru")],
  },
  { part: "test", area: "packages", question: "brew install", answers: [c("brew"), c("brew-install")] },
  {
    part: "test",
    area: "packages",
    question: "install an npm package globally",
    answers: [c("npm"), c("npm-install")],
  },
  {
    part: "test",
    area: "packages",
    question: "which package owns this file on debian",
    answers: [l("dpkg"), l("dpkg-query"), l("apt-file")],
  },
  {
    part: "test",
    area: "packages",
    question: "install a .deb file I downloaded",
    answers: [l("dpkg"), l("apt"), l("apt-install"), l("gdebi")],
  },
  {
    part: "test",
    area: "packages",
    question: "list the installed python packages",
    answers: [c("pip"), c("pip-list"), c("pip-freeze")],
  },
  {
    part: "test",
    area: "packages",
    question: "install a rust program from crates.io",
    answers: [c("cargo"), c("cargo-install")],
  },
  { part: "dev", area: "packages", question: "install a snap", answers: [l("snap")] },
  { part: "test", area: "packages", question: "install an app from flathub", answers: [l("flatpak")] },
  { part: "test", area: "packages", question: "install a ruby gem", answers: [c("gem")] },
  {
    part: "test",
    area: "packages",
    question: "pacman remove package and its dependencies",
    answers: [l("pacman"), l("pacman-remove"), l("pacman-r")],
  },
  {
    part: "dev",
    area: "containers",
    question: "stop all running docker containers",
    answers: [c("docker-stop"), c("docker-container-stop")],
  },
  {
    part: "dev",
    area: "containers",
    question: "get a shell inside a running container",
    answers: [c("docker-exec"), c("docker-container-exec"), c("kubectl-exec")],
  },
  {
    part: "test",
    area: "containers",
    question: "see the logs of a docker container",
    answers: [c("docker-logs"), c("docker-container-logs")],
  },
  {
    part: "dev",
    area: "containers",
    question: "remove unused docker images to free up space",
    answers: [c("docker-system"), c("docker-image")],
  },
  {
    part: "test",
    area: "containers",
    question: "build an image from a Dockerfile",
    answers: [c("docker-build"), c("podman-build")],
  },
  {
    part: "test",
    area: "containers",
    question: "start all the services in my compose file",
    answers: [c("docker-compose"), c("docker-compose-up")],
  },
  {
    part: "test",
    area: "containers",
    question: "list pods in kubernetes",
    answers: [c("kubectl-get"), c("kubectl")],
  },
  {
    part: "dev",
    area: "containers",
    question: "scale a deployment to 3 replicas",
    answers: [c("kubectl-scale")],
  },
  {
    part: "dev",
    area: "containers",
    question: "why does my k8s pod keep crashing",
    answers: [c("kubectl-logs"), c("kubectl-describe"), c("kubectl-events")],
  },
  {
    part: "test",
    area: "containers",
    question: "install a helm chart",
    answers: [c("helm"), c("helm-install")],
  },
  {
    part: "test",
    area: "containers",
    question: "run a container with podman",
    answers: [c("podman-run"), c("podman")],
  },
  {
    part: "test",
    area: "containers",
    question: "kubctl get pods",
    answers: [c("kubectl-get"), c("kubectl")],
  },
  {
    part: "test",
    area: "containers",
    question: "copy a file out of a docker container",
    answers: [c("docker-cp"), c("docker-container-cp")],
  },
  {
    part: "dev",
    area: "databases",
    question: "connect to a postgres database from the terminal",
    answers: [c("psql")],
  },
  {
    part: "test",
    area: "databases",
    question: "backup a mysql database to a file",
    answers: [c("mysqldump")],
  },
  { part: "dev", area: "databases", question: "open an sqlite db file", answers: [c("sqlite3")] },
  {
    part: "dev",
    area: "databases",
    question: "restore a postgres dump",
    answers: [c("pg_restore"), c("psql")],
  },
  { part: "test", area: "databases", question: "redis cli get a key", answers: [c("redis-cli")] },
  {
    part: "dev",
    area: "databases",
    question: "connect to mongodb shell",
    answers: [c("mongosh"), c("mongo")],
  },
  {
    part: "dev",
    area: "databases",
    question: "create a new postgres database",
    answers: [c("createdb"), c("psql")],
  },
  {
    part: "test",
    area: "databases",
    question: "dump a postgresql database",
    answers: [c("pg_dump"), c("pg_dumpall")],
  },
  { part: "test", area: "databases", question: "log into mysql as root", answers: [c("mysql")] },
  {
    part: "dev",
    area: "cloud",
    question: "copy a file to an s3 bucket",
    answers: [c("aws-s3-cp"), c("aws-s3"), c("s3cmd")],
  },
  { part: "test", area: "cloud", question: "list my ec2 instances", answers: [c("aws-ec2"), c("aws")] },
  { part: "test", area: "cloud", question: "log in to the azure cli", answers: [c("az-login"), c("az")] },
  {
    part: "test",
    area: "cloud",
    question: "set the default project in gcloud",
    answers: [c("gcloud-config-set"), c("gcloud-config"), c("gcloud")],
  },
  {
    part: "test",
    area: "cloud",
    question: "apply my terraform changes",
    answers: [c("terraform-apply"), c("terraform")],
  },
  { part: "test", area: "cloud", question: "deploy my app to heroku", answers: [c("heroku")] },
  {
    part: "test",
    area: "cloud",
    question: "upload a file to google cloud storage",
    answers: [c("gsutil"), c("gcloud")],
  },
  {
    part: "test",
    area: "cloud",
    question: "which aws account am i logged in as",
    answers: [c("aws-sts"), c("aws")],
  },
  { part: "dev", area: "cloud", question: "create a new s3 bucket", answers: [c("aws-s3-mb"), c("aws-s3")] },
  {
    part: "test",
    area: "cloud",
    question: "set up aws credentials",
    answers: [c("aws-configure"), c("aws")],
  },
  {
    part: "test",
    area: "macos",
    question: "open the current folder in finder from terminal",
    answers: [o("open")],
  },
  {
    part: "dev",
    area: "macos",
    question: "change a macos setting from the terminal",
    answers: [o("defaults")],
  },
  {
    part: "test",
    area: "macos",
    question: "install the xcode command line tools",
    answers: [o("xcode-select")],
  },
  { part: "test", area: "macos", question: "make my mac speak some text", answers: [o("say")] },
  {
    part: "test",
    area: "macos",
    question: "search files with spotlight from the terminal",
    answers: [o("mdfind")],
  },
  { part: "test", area: "macos", question: "check the battery status on my macbook", answers: [o("pmset")] },
  { part: "test", area: "macos", question: "install app store apps from the terminal", answers: [o("mas")] },
  {
    part: "test",
    area: "macos",
    question: "start a time machine backup from the command line",
    answers: [o("tmutil")],
  },
  {
    part: "test",
    area: "macos",
    question: "paste the clipboard into a file on macos",
    answers: [o("pbpaste")],
  },
  { part: "test", area: "macos", question: "what version of macos am i running", answers: [o("sw_vers")] },
  { part: "dev", area: "macos", question: "mount a dmg", answers: [o("hdiutil")] },
  {
    part: "dev",
    area: "macos",
    question: "convert a heic photo to jpg on mac",
    answers: [o("sips"), c("magick")],
  },
  { part: "test", area: "macos", question: "list the disks on a mac", answers: [o("diskutil")] },
  {
    part: "test",
    area: "macos",
    question: "keep the mac awake while a script runs",
    answers: [o("caffeinate")],
  },
  {
    part: "test",
    area: "admin",
    question: "enable a service so it starts at boot",
    answers: [l("systemctl"), l("systemctl-enable"), l("rc-update"), l("update-rc.d"), l("chkconfig")],
  },
  { part: "test", area: "admin", question: "change a users password", answers: [c("passwd"), l("chpasswd")] },
  {
    part: "test",
    area: "admin",
    question: "add a user to a group",
    answers: [l("usermod"), l("gpasswd"), l("adduser")],
  },
  {
    part: "test",
    area: "admin",
    question: "change the hostname of the server",
    answers: [l("hostnamectl"), c("hostname")],
  },
  { part: "test", area: "admin", question: "view the kernel messages", answers: [l("dmesg"), o("dmesg")] },
  {
    part: "test",
    area: "admin",
    question: "what hardware is in this pc",
    answers: [l("lshw"), l("inxi"), l("hwinfo"), l("dmidecode"), c("neofetch"), c("fastfetch")],
  },
  { part: "dev", area: "admin", question: "list usb devices", answers: [l("lsusb"), o("system_profiler")] },
  { part: "test", area: "admin", question: "load a kernel module", answers: [l("modprobe"), l("insmod")] },
  { part: "test", area: "admin", question: "how much ram do i have", answers: [l("free"), o("vm_stat")] },
  { part: "dev", area: "admin", question: "why is my linux boot so slow", answers: [l("systemd-analyze")] },
  { part: "dev", area: "admin", question: "delete a user account", answers: [l("userdel"), l("deluser")] },
  {
    part: "dev",
    area: "admin",
    question: "reboot the server",
    answers: [l("reboot"), o("reboot"), l("shutdown"), o("shutdown"), l("systemctl-reboot")],
  },
  { part: "test", area: "admin", question: "become root", answers: [l("su"), c("sudo")] },
  {
    part: "test",
    area: "admin",
    question: "see the system logs of a service from today",
    answers: [l("journalctl")],
  },
  { part: "test", area: "admin", question: "journalctl follow", answers: [l("journalctl")] },
  {
    part: "test",
    area: "admin",
    question: "check if a service is running",
    answers: [l("systemctl"), l("systemctl-status"), l("service")],
  },
  {
    part: "test",
    area: "admin",
    question: "schedule a job for 3am every night",
    answers: [c("crontab"), c("cron")],
  },
  { part: "test", area: "media", question: "cut the first 30 seconds off a video", answers: [c("ffmpeg")] },
  { part: "test", area: "media", question: "extract the audio from an mp4 as mp3", answers: [c("ffmpeg")] },
  {
    part: "test",
    area: "media",
    question: "download a youtube video",
    answers: [c("yt-dlp"), c("youtube-dl")],
  },
  {
    part: "dev",
    area: "media",
    question: "play an mp3 from the terminal",
    answers: [c("mpv"), l("mpg123"), o("afplay"), c("ffplay"), c("mplayer")],
  },
  {
    part: "test",
    area: "media",
    question: "make a gif out of a video clip",
    answers: [c("ffmpeg"), c("gifsicle")],
  },
  { part: "test", area: "media", question: "reduce the file size of a pdf", answers: [l("gs"), c("qpdf")] },
  {
    part: "test",
    area: "media",
    question: "merge several pdfs into one",
    answers: [c("pdfunite"), c("qpdf"), c("pdftk"), c("pdfjam"), l("gs")],
  },
  { part: "test", area: "media", question: "get the text out of a pdf", answers: [c("pdftotext")] },
  {
    part: "test",
    area: "media",
    question: "crop an image",
    answers: [c("magick"), c("convert"), c("mogrify")],
  },
  {
    part: "test",
    area: "media",
    question: "record my screen on linux",
    answers: [l("wf-recorder"), l("gpu-screen-recorder"), l("byzanz-record"), l("silentcast")],
  },
  {
    part: "test",
    area: "media",
    question: "read the exif data of a photo",
    answers: [c("exiftool"), l("exif")],
  },
  {
    part: "test",
    area: "media",
    question: "turn the volume up from the command line",
    answers: [l("amixer"), c("pactl"), l("wpctl"), c("pamixer")],
  },
  { part: "test", area: "media", question: "ffmpg convert mkv to mp4", answers: [c("ffmpeg")] },
  {
    part: "test",
    area: "misc",
    question: "encrypt a file with a password",
    answers: [c("gpg"), c("openssl"), c("age")],
  },
  {
    part: "dev",
    area: "misc",
    question: "generate a uuid",
    answers: [l("uuidgen"), o("uuidgen"), l("uuid")],
  },
  {
    part: "test",
    area: "misc",
    question: "calculator in the terminal",
    answers: [c("bc"), o("bc"), c("qalc")],
  },
  { part: "dev", area: "misc", question: "md5 hash of a file", answers: [c("md5sum"), o("md5")] },
  {
    part: "dev",
    area: "misc",
    question: "show the commands i typed before",
    answers: [c("history"), c("fc")],
  },
  { part: "test", area: "misc", question: "make an alias for a long command", answers: [c("alias")] },
  {
    part: "test",
    area: "misc",
    question: "open a url in the default browser from the terminal linux",
    answers: [l("xdg-open")],
  },
];

export const PEOPLE_DEV = PEOPLE_QUESTIONS.filter((q) => q.part === "dev");
export const PEOPLE_TEST = PEOPLE_QUESTIONS.filter((q) => q.part === "test");

/**
 * Off-topic questions written apart from the first ten (questions.ts OFF_TOPIC): nothing in the
 * tldr corpus answers them, so an answer to any of them is a false answer.
 */
export const PEOPLE_OFF_TOPIC: string[] = [
  "how long should I boil an egg",
  "when is the best time to plant tomatoes",
  "who painted the mona lisa",
  "how many calories are in a banana",
  "tips for a job interview",
  "how do I fix a flat bicycle tire",
  "how to tie a tie",
  "what are the symptoms of the flu",
  "how do I get a mortgage for a house",
  "train connections from berlin to prague",
  "how old is the universe",
  "what rhymes with orange",
  "best exercises for lower back pain",
  "how much does a wedding cost",
  "how to bake sourdough bread at home",
  "who wrote pride and prejudice",
  "a good name for my new puppy",
  "how do i learn to play guitar",
  "how to get a red wine stain out of a carpet",
  "how do I apply for a new passport",
];
