import { readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import ts from "typescript";
import { listTs } from "./import-graph.js";

/** A code written as a literal in a source file, and where. */
export interface CodeUse {
  file: string;
  line: number;
  /** The code, or for a template (`index-file-${reason}`) its fixed head followed by `*`. */
  code: string;
}

/**
 * The codes a source text writes as literals: `code: "…"` in an object (a log call's fields, a
 * status problem), the first argument of `new …Error("…")`, and of `super("…")` in an error class.
 * A zod issue's `code` (inside `addIssue(…)`) is zod's, not the gateway's, and is left out; so is
 * a constructor's first argument that is a message (it has spaces), not a code.
 */
export function codeUses(text: string, file: string): CodeUse[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const uses: CodeUse[] = [];
  const add = (node: ts.Expression, onlyCodes = false) => {
    const code = literalText(node);
    if (code === undefined || code === "") return;
    if (onlyCodes && !/^[a-z][a-z0-9]*(-[a-z0-9]+)*-?\*?$/.test(code)) return;
    uses.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, code });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === "code" && !insideAddIssue(node))
      add(node.initializer);
    if (ts.isNewExpression(node) && gatewayErrorName(node.expression.getText(source)) && node.arguments?.[0])
      add(node.arguments[0], true);
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.SuperKeyword &&
      node.arguments[0] &&
      inErrorClass(node)
    )
      add(node.arguments[0], true);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/** codeUses of every .ts file under `root`, with paths relative to it. */
export function codeUsesUnder(root: string): CodeUse[] {
  return listTs(root).flatMap((path) =>
    codeUses(readFileSync(path, "utf8"), relative(root, path).split(sep).join("/")),
  );
}

function literalText(node: ts.Expression): string | undefined {
  let inner: ts.Node = node;
  while (ts.isSatisfiesExpression(inner) || ts.isAsExpression(inner) || ts.isParenthesizedExpression(inner))
    inner = inner.expression;
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text;
  if (ts.isTemplateExpression(inner)) return `${inner.head.text}*`;
  if (ts.isConditionalExpression(inner)) return undefined;
  return undefined;
}

/** An error class of the gateway's: named `…Error`, and not one of JavaScript's (whose argument is a message). */
function gatewayErrorName(name: string): boolean {
  return /\w+Error$/.test(name) && !/^(Aggregate|Eval|Range|Reference|Syntax|Type|URI)?Error$/.test(name);
}

function insideAddIssue(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at) && /\baddIssue$/.test(at.expression.getText())) return true;
  }
  return false;
}

function inErrorClass(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isClassDeclaration(at))
      return (at.heritageClauses ?? []).some((h) =>
        h.types.some((t) => gatewayErrorName(t.expression.getText())),
      );
  }
  return false;
}
