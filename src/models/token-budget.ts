/** A daily token budget per model, reset at midnight UTC. Without a limit it never runs out. */
export interface TokenBudget {
  /** Whether tokens are left today. */
  left(): boolean;
  spend(tokens: number): void;
  /** Tokens spent today. */
  spentToday(): number;
}

const DAY_MS = 86_400_000;

export function createTokenBudget(o: { daily: number | undefined; now: () => number }): TokenBudget {
  let day = Math.floor(o.now() / DAY_MS);
  let spent = 0;
  const roll = () => {
    const today = Math.floor(o.now() / DAY_MS);
    if (today !== day) {
      day = today;
      spent = 0;
    }
  };
  return {
    left() {
      roll();
      return o.daily === undefined || spent < o.daily;
    },
    spend(tokens) {
      roll();
      spent += Math.max(0, tokens);
    },
    spentToday() {
      roll();
      return spent;
    },
  };
}
