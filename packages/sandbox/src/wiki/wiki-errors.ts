/**
 * Wiki.js 2.5's own error classes (server/helpers/error.js) that the sandbox raises. `name` is what
 * the real server puts in `responseResult.slug`; `code` goes to `errorCode` for mutations and to
 * `extensions.exception.code` for query errors.
 */
export class WikiJsError extends Error {
  readonly code: number;

  constructor(name: string, code: number, message: string) {
    super(message);
    this.name = name;
    this.code = code;
  }
}

const DEFINITIONS = {
  PageGenericError: [6001, "An unexpected error occurred during a page operation."],
  PageDuplicateCreate: [6002, "Cannot create this page because an entry already exists at the same path."],
  PageNotFound: [6003, "This page does not exist."],
  PageEmptyContent: [6004, "Page content cannot be empty."],
  PageIllegalPath: [6005, "Page path cannot contains illegal characters."],
  PagePathCollision: [6006, "Destination page path already exists."],
  PageMoveForbidden: [6007, "You are not authorized to move this page."],
  PageCreateForbidden: [6008, "You are not authorized to create this page."],
  PageUpdateForbidden: [6009, "You are not authorized to update this page."],
  PageDeleteForbidden: [6010, "You are not authorized to delete this page."],
  PageViewForbidden: [6013, "You are not authorized to view this page."],
} as const;

export type WikiJsErrorName = keyof typeof DEFINITIONS;

export function wikiError(name: WikiJsErrorName): WikiJsError {
  const [code, message] = DEFINITIONS[name];
  return new WikiJsError(name, code, message);
}
