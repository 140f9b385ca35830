/** A small wiki where a vague question matches several pages weakly (the choices tests). */
export const CHOICE_PAGES = [
  {
    path: "it/vpn",
    title: "VPN access",
    description: "Reaching the office network from home",
    content:
      "# VPN access\n\nAsk IT for a WireGuard profile, import it, and connect before opening internal sites.",
  },
  {
    path: "it/wifi",
    title: "Office Wi-Fi",
    description: "The wireless network in the office",
    content: "# Office Wi-Fi\n\nJoin the network named Staff. The password is on the board by the kitchen.",
  },
  {
    path: "it/printers",
    title: "Printers",
    description: "Printing in the office",
    content: "# Printers\n\nThe printers are on the second floor. Add them with the address printers.local.",
  },
  {
    path: "guides/backup",
    title: "Backups",
    description: "How backups work",
    content:
      "# Backups\n\nThe nightly backup runs at 02:00.\n\n## Restore\n\nRun `restore --latest` to restore the newest backup.",
  },
];
