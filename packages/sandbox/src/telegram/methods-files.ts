import { ApiError } from "./errors.js";
import { GET_FILE_LIMIT } from "./files.js";
import type { Method } from "./method-types.js";

/** getFile: the File object (`file_path` valid for an hour at Telegram); 400 for an unknown id or a file over 20 MB. */
export const getFile: Method = (world, { params }) => {
  const id = params.file_id;
  const file = typeof id === "string" ? world.files.byId(id) : undefined;
  if (!file) throw new ApiError(400, "Bad Request: invalid file_id");
  if (file.bytes.length > GET_FILE_LIMIT) throw new ApiError(400, "Bad Request: file is too big");
  return {
    file_id: file.fileId,
    file_unique_id: file.fileUniqueId,
    file_size: file.bytes.length,
    file_path: file.path,
  };
};
