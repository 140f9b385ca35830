import { type Command, UsageError } from "./command.js";
import { bashCompletion, zshCompletion } from "./completion-scripts.js";

const usage = "wiki-gateway completion bash|zsh";

const SHELLS: Record<string, (commands: readonly Command[]) => string> = {
  bash: bashCompletion,
  zsh: zshCompletion,
};

/**
 * `completion`: prints the shell completion script for bash or zsh, generated from the command
 * table it is given (a function, so the table can include this command). Exit 0, or 2 on usage.
 */
export function createCompletionCommand(commands: () => readonly Command[]): Command {
  return {
    name: "completion",
    summary: "print the shell completion script: `completion bash` or `completion zsh`",
    usage,
    subcommands: Object.keys(SHELLS).map((name) => ({ name })),
    async run(args, io) {
      const [shell, ...rest] = args;
      const generate = shell === undefined ? undefined : SHELLS[shell];
      if (!generate || rest.length > 0) {
        throw new UsageError(
          shell === undefined ? "name a shell: bash or zsh" : `unsupported shell "${shell}" (bash or zsh)`,
          usage,
        );
      }
      io.out(generate(commands()));
      return 0;
    },
  };
}
