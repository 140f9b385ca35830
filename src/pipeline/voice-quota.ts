/** The window of `voicePerUserPerHour`. */
export const VOICE_QUOTA_WINDOW_MS = 60 * 60 * 1000;

/**
 * How many voice notes each asker had transcribed in the last hour, per account. `take` counts
 * one and says whether it was within `perHour`; a refused one is not counted. In memory: a restart
 * starts every asker afresh (the limit guards a speech server's cost, not a contract).
 */
export function createVoiceQuota(deps: { now: () => number }) {
  const taken = new Map<string, number[]>();
  return {
    take(account: string, userId: number, perHour: number): boolean {
      const key = `${account}|${userId}`;
      const since = deps.now() - VOICE_QUOTA_WINDOW_MS;
      const recent = (taken.get(key) ?? []).filter((at) => at > since);
      if (recent.length >= perHour) {
        taken.set(key, recent);
        return false;
      }
      recent.push(deps.now());
      taken.set(key, recent);
      return true;
    },
  };
}

export type VoiceQuota = ReturnType<typeof createVoiceQuota>;
