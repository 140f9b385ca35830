/**
 * A Redis URL fit for logs and messages: the password (and a user name's password) replaced by
 * `***`. Anything that does not parse as a URL is shown as `<unparsable Redis URL>`: it may hold a
 * password in a shape we cannot find.
 */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString().replace(/\/$/, "");
  } catch {
    return "<unparsable Redis URL>";
  }
}
