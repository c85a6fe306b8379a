import { Form, Link, useActionData, useNavigation } from "react-router";
import { LabeledInput } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { FormError } from "~/components/admin/toasts";
import { formatBytes, IMAGE_TYPES, MAX_MEDIA_BYTES } from "~/domain/media/file-store.server";
import { adminUser } from "~/web/auth.server";
import { redirectSuccess } from "~/web/flash.server";
import { formError } from "~/web/forms.server";
import { uploadMedia } from "~/web/screens/media-upload.server";
import type { Route } from "./+types/admin.media-add";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Add Media", "/admin/media/add");

export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  return { limit: formatBytes(MAX_MEDIA_BYTES), accept: Object.keys(IMAGE_TYPES).join(",") };
}

/** Upload: streamed to disk, type from the content, the limit enforced while it arrives. */
export async function action(args: Route.ActionArgs) {
  const user = await adminUser(args);
  const { request } = args;
  try {
    await uploadMedia(user, request);
  } catch (error) {
    return formError(error, { message: (e) => `Error uploading image. ${e.message}` });
  }
  return redirectSuccess("/admin/media/library", "Image uploaded successfully");
}

export default function AddMedia({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title="Add Media">
        <Link to="/admin/media/library">Media Library</Link>
      </PageHeader>
      <FormError result={result} />
      <Form method="post" encType="multipart/form-data" className="admin-form admin-panel">
        <LabeledInput
          label="Choose a file"
          type="file"
          name="file"
          required
          accept={loaderData.accept}
          aria-describedby="media-limit"
        />
        <p id="media-limit" className="hint">
          Maximum upload file size: {loaderData.limit}. Images only: PNG, JPEG, GIF, WebP or AVIF.
        </p>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? "Uploading…" : "Upload"}
          </button>
        </div>
      </Form>
    </>
  );
}
