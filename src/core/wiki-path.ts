/** A wiki path or section without its leading and trailing slashes ("/it/vpn/" → "it/vpn"). */
export function trimSlashes(path: string): string {
  return path.startsWith("/") || path.endsWith("/") ? path.replace(/^\/+|\/+$/g, "") : path;
}
