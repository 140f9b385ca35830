export type CheckStatus = "ok" | "warn" | "fail";

/** One line of `wiki-gateway doctor`: what was checked, the verdict, and how to fix it. */
export interface Check {
  subject: string;
  check: string;
  status: CheckStatus;
  detail: string;
  fix?: string;
}
