/**
 * A wiki made so that a follow-up alone finds the wrong page (lz4 unpacks "again") and only read
 * with the question before it the right one (tar: a folder, a tarball).
 */
export const CONVERSATION_PAGES = [
  {
    path: "tools/tar",
    title: "tar",
    description: "Archive a folder into a tarball",
    content:
      "# tar\n\nPack a folder into a tarball:\n\n`tar czf archive.tar.gz path/to/folder`\n\nUnpack a tarball:\n\n`tar xzf archive.tar.gz`",
  },
  {
    path: "tools/lz4",
    title: "lz4",
    description: "Fast compression of one file",
    content:
      "# lz4\n\nUnpack a compressed file again:\n\n`lz4 -d file.lz4`\n\nCompress it again once changed:\n\n`lz4 file`",
  },
];
export const FIRST = "how do i pack a folder into a tarball";
export const FOLLOW_UP = "and how do i unpack it again?";
