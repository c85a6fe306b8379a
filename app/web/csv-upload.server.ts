/**
 * A CSV file posted to an import screen (Import Subscribers, Import Suppression List): received
 * as one multipart file of at most IMPORT_MAX_BYTES, refused when it is a recognised binary
 * file, read whole, handed to the domain, and its temporary file removed whatever happens.
 */
import { readFile } from "node:fs/promises";
import { badRequest } from "~/domain/errors.server";
import { IMPORT_MAX_BYTES } from "~/domain/subscribers/csv.server";
import { receiveMultipart } from "~/web/uploads.server";

/** Text has no magic number: a file whose content file-type recognises (an image, a zip) is not CSV. */
const CSV_ONLY = {
  test: (mime: string | undefined) => mime === undefined,
  message: "Only CSV files can be imported.",
};

/** What `use` makes of the file `file` of the posted form; 400 when no file was chosen. */
export async function withPostedCsv<T>(request: Request, use: (bytes: Buffer) => T): Promise<T> {
  const form = await receiveMultipart(request, {
    maxFileBytes: IMPORT_MAX_BYTES,
    accept: CSV_ONLY,
    fileFields: ["file"],
    maxFiles: 1,
  });
  try {
    const file = form.files.find((f) => f.fieldName === "file");
    if (!file) throw badRequest("Choose a CSV file to import");
    return use(await readFile(file.tempPath));
  } finally {
    await form.discard();
  }
}
