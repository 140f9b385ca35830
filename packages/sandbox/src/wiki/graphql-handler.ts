import {
  type DocumentNode,
  execute,
  type GraphQLError,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  validate,
} from "graphql";
import type { RequestContext } from "./page-view.js";
import { wikiSchema } from "./schema.js";

export interface GraphqlPayload {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export type HandlerAnswer = { status: number; json: unknown } | { status: number; text: string };

interface Prepared {
  document?: DocumentNode;
  errors?: unknown[];
  errorCode?: string;
}

const CACHE_LIMIT = 500;

/** Apollo Server 2's error format as Wiki.js 2.5 sends it. */
export function formatError(error: GraphQLError, code = "INTERNAL_SERVER_ERROR"): Record<string, unknown> {
  const original = error.originalError as (Error & { code?: unknown }) | undefined;
  const exception: Record<string, unknown> = {};
  if (original && typeof original.code === "number") exception.code = original.code;
  if (original) exception.message = original.message;
  exception.stacktrace = [`${original?.name ?? "GraphQLError"}: ${error.message}`];
  return {
    message: error.message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
    extensions: { code, exception },
  };
}

function topFields(selection: SelectionSetNode, document: DocumentNode, prefix: string, out: string[]): void {
  for (const node of selection.selections) {
    if (node.kind === "Field") {
      const name = prefix ? `${prefix}.${node.name.value}` : node.name.value;
      if (!prefix && node.selectionSet) topFields(node.selectionSet, document, name, out);
      else out.push(name);
    } else if (node.kind === "InlineFragment") {
      topFields(node.selectionSet, document, prefix, out);
    } else {
      const fragment = document.definitions.find(
        (d) => d.kind === "FragmentDefinition" && d.name.value === node.name.value,
      );
      if (fragment?.kind === "FragmentDefinition") topFields(fragment.selectionSet, document, prefix, out);
    }
  }
}

function pickOperation(document: DocumentNode, name: unknown): OperationDefinitionNode | undefined {
  const ops = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === "OperationDefinition",
  );
  if (typeof name === "string" && name) return ops.find((op) => op.name?.value === name);
  return ops.length === 1 ? ops[0] : undefined;
}

/**
 * Runs GraphQL documents with Wiki.js's answers: parse errors and validation errors are HTTP 400
 * (GRAPHQL_PARSE_FAILED / GRAPHQL_VALIDATION_FAILED), field errors HTTP 200 with `data`, and
 * `operations` reports the "pages.list"-style fields a document asks for (for stats).
 * Parsed and validated documents are cached by their text.
 */
export function createGraphqlHandler(rootValue: unknown) {
  const schema = wikiSchema();
  const cache = new Map<string, Prepared>();

  function prepare(query: string): Prepared {
    let prepared = cache.get(query);
    if (prepared) return prepared;
    try {
      const document = parse(query);
      const errors = validate(schema, document);
      prepared = errors.length
        ? { errors: errors.map((e) => formatError(e, "GRAPHQL_VALIDATION_FAILED")) }
        : { document };
    } catch (error) {
      prepared = { errors: [formatError(error as GraphQLError, "GRAPHQL_PARSE_FAILED")] };
    }
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(query, prepared);
    return prepared;
  }

  return {
    /** The top fields a payload would run, e.g. ["pages.list"]; [] when it does not parse. */
    operations(payload: GraphqlPayload): string[] {
      if (typeof payload.query !== "string") return [];
      const { document } = prepare(payload.query);
      const op = document && pickOperation(document, payload.operationName);
      const out: string[] = [];
      if (document && op) topFields(op.selectionSet, document, "", out);
      return out;
    },

    async run(payload: GraphqlPayload, context: RequestContext, method: string): Promise<HandlerAnswer> {
      if (typeof payload.query !== "string" || payload.query.trim() === "") {
        return {
          status: 400,
          text: "POST body sent invalid JSON or missing query string: Must provide query string.",
        };
      }
      const prepared = prepare(payload.query);
      if (!prepared.document) return { status: 400, json: { errors: prepared.errors } };
      const op = pickOperation(prepared.document, payload.operationName);
      if (method === "GET" && op && op.operation !== "query") {
        return { status: 405, text: "GET supports only query operation" };
      }
      const variables = payload.variables;
      const result = await execute({
        schema,
        document: prepared.document,
        rootValue,
        contextValue: context,
        variableValues:
          variables && typeof variables === "object" ? (variables as Record<string, unknown>) : undefined,
        operationName: typeof payload.operationName === "string" ? payload.operationName : undefined,
      });
      const errors = result.errors?.map((e) => formatError(e));
      if (!("data" in result) || result.data === undefined) return { status: 400, json: { errors } };
      return { status: 200, json: errors ? { errors, data: result.data } : { data: result.data } };
    },
  };
}

export type GraphqlHandler = ReturnType<typeof createGraphqlHandler>;
