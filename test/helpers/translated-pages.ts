import type { SeedPage } from "../../packages/sandbox/src/memory-wiki.js";

/**
 * A few command pages in English, Russian, German and Chinese, at the same paths under their
 * locales (as a wiki holding translations has them), for the tests of analyzers and keyboard twins.
 */
const page = (
  locale: string,
  name: string,
  description: string,
  examples: Array<[string, string]>,
): SeedPage => ({
  path: `tools/${name}`,
  locale,
  title: name,
  description,
  content: `# ${name}\n\n> ${description}\n\n${examples.map(([say, code]) => `- ${say}:\n\n\`${code}\``).join("\n\n")}\n`,
});

export const TRANSLATED_PAGES: SeedPage[] = [
  page("en", "tar", "Archiving utility.", [
    ["Create an archive from files", "tar cf target.tar file1 file2"],
    ["Extract an archive into the current directory", "tar xf source.tar"],
  ]),
  page("en", "rm", "Remove files or directories.", [
    ["Remove a directory and its contents", "rm -r path/to/directory"],
  ]),
  page("en", "df", "Display an overview of the filesystem disk space usage.", [
    ["Show free disk space", "df -h"],
  ]),
  page("en", "curl", "Transfers data from or to a server.", [
    ["Download a file from a URL", "curl -O https://example.com/file"],
  ]),
  page("ru", "tar", "Утилита архивирования.", [
    ["Создать архив и записать его в файл", "tar cf целевой.tar файл1 файл2"],
    ["Извлечь архив в текущий каталог", "tar xf исходный.tar"],
  ]),
  page("ru", "rm", "Удаление файлов и каталогов.", [
    ["Удалить каталог и его содержимое, папку целиком", "rm -r путь/к/папке"],
  ]),
  page("ru", "df", "Показывает занятое и свободное место на дисках.", [
    ["Показать свободное место на диске", "df -h"],
  ]),
  page("ru", "curl", "Передаёт данные на сервер или с сервера.", [
    ["Скачать файл по ссылке", "curl -O https://example.com/файл"],
  ]),
  page("ru", "nastroyka", "Настройка сети.", [["Настроить сетевой интерфейс", "ip link set eth0 up"]]),
  page("de", "tar", "Archivierungswerkzeug.", [
    ["Ein Archiv aus Dateien erstellen", "tar cf ziel.tar datei1 datei2"],
  ]),
  page("de", "rm", "Dateien oder Verzeichnisse löschen.", [
    ["Ein Verzeichnis mit Inhalt löschen", "rm -r pfad/zum/verzeichnis"],
  ]),
  page("zh", "rsync", "快速且多功能的文件同步工具。", [
    ["把本地目录同步到远程服务器", "rsync -a 本地目录/ 远程主机:目录"],
  ]),
  page("zh", "tar", "归档工具。", [["解压归档文件到当前目录", "tar xf 源文件.tar"]]),
  page("zh", "df", "显示文件系统的磁盘空间使用情况。", [["查看磁盘剩余空间", "df -h"]]),
];
