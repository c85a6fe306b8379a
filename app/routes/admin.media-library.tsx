import toast from "react-hot-toast";
import { Form, Link, useActionData } from "react-router";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { ScreenHead } from "~/components/admin/list-page";
import { adminMeta } from "~/components/admin/meta";
import { HeadRow, TableWrap } from "~/components/admin/table-wrap";
import { can } from "~/domain/access/capabilities";
import {
  deleteMedia,
  findMedia,
  listMedia,
  MEDIA_COLLECTIONS,
  parsePage,
} from "~/domain/media/media.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLazyLoading, useMediaUrl, useSiteTimeZone } from "~/hooks/use-site-options";
import { fileTypeLabel, hasThumbnail } from "~/utils/file-kind";
import { safeRedirectPath } from "~/utils/redirect";
import { formatSiteDate } from "~/utils/site-date";
import { titleCase } from "~/utils/slug";
import { adminUser } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, readForm } from "~/web/forms.server";
import type { Route } from "./+types/admin.media-library";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Media Library", "/admin/media/library");

const PATH = "/admin/media/library";

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  const { request } = args;
  const params = new URL(request.url).searchParams;
  const library = listMedia(user, {
    page: parsePage(params.get("page")),
    collection: params.get("collection"),
    search: params.get("q"),
  });
  const mayDelete = can(user.role, "deleteMedia");
  const deleteUid = mayDelete ? params.get("delete") : null;
  return {
    ...library,
    collections: MEDIA_COLLECTIONS,
    mayDelete,
    deleting: deleteUid ? (findMedia(user, deleteUid) ?? null) : null,
  };
}

/** Delete (the only action here): Administrators only, checked again in deleteMedia. */
export async function action(args: Route.ActionArgs) {
  const user = await adminUser(args);
  let back = PATH;
  try {
    const { fields } = await readForm(args.request);
    // Back to the page and filter the delete came from; never elsewhere, never a broken header.
    const returnTo = safeRedirectPath(fields.returnTo, PATH);
    if (returnTo.startsWith(`${PATH}?`)) back = returnTo;
    await deleteMedia(user, fields.uid ?? "");
  } catch (error) {
    return formError(error, { prefix: "Error deleting image", intent: "delete" });
  }
  return redirectWithFlash(back, { type: "success", message: "Image deleted successfully!" });
}

function query(params: {
  page?: number;
  collection?: string | null;
  search?: string;
  delete?: string;
}) {
  const q = new URLSearchParams();
  if (params.collection) q.set("collection", params.collection);
  if (params.search) q.set("q", params.search);
  if (params.page && params.page > 1) q.set("page", String(params.page));
  if (params.delete) q.set("delete", params.delete);
  const s = q.toString();
  return s ? `${PATH}?${s}` : PATH;
}

export default function MediaLibrary({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pages, collection, collections, mayDelete, deleting } = loaderData;
  const { search } = loaderData;
  const result = useActionData<typeof action>();
  const lazy = useLazyLoading();
  const timeZone = useSiteTimeZone();
  const media = useMediaUrl();
  const here = query({ page, collection, search });
  return (
    <>
      <ScreenHead
        title="Media Library"
        subtitle={`${total} file${total === 1 ? "" : "s"}`}
        to="/admin/media/add"
        link="Add Media"
        result={result}
      />
      <nav className="tabs" aria-label="Filter by collection">
        <Link to={PATH} aria-current={collection ? undefined : "page"}>
          All
        </Link>
        {collections.map((c) => (
          <Link
            key={c}
            to={query({ collection: c })}
            aria-current={collection === c ? "page" : undefined}
          >
            {titleCase(c)}
          </Link>
        ))}
      </nav>
      <Form method="get" role="search" className="posts-search">
        {collection ? <input type="hidden" name="collection" value={collection} /> : null}
        <label htmlFor="media-search">Search files by name</label>
        <input id="media-search" type="search" name="q" defaultValue={search} maxLength={200} />
        <button type="submit" className="button button-secondary">
          Search
        </button>
      </Form>
      {deleting && !result ? (
        <ConfirmDelete
          title="Delete image?"
          action={PATH}
          cancelTo={here}
          fields={{ uid: deleting.uid, returnTo: here }}
          buttonLabel={`Delete ${deleting.name}`}
        >
          Are you sure you want to delete <strong>{deleting.name}</strong>? The file is removed from
          the server; pages that show it will lose the image.
        </ConfirmDelete>
      ) : null}
      <TableWrap label="Media files">
        <table className="admin-table media-table">
          <caption className="visually-hidden">
            Media files{collection ? ` in ${titleCase(collection)}` : ""}, page {page} of {pages}
          </caption>
          <HeadRow columns={["File", "User", "Collection", "Date"]} actions />
          <tbody>
            {items.map((item) => (
              <tr key={item.uid}>
                <th scope="row">
                  <span className="media-cell">
                    {hasThumbnail(item.mimeType) ? (
                      <img
                        src={media(item.url)}
                        alt={`Preview of ${item.name}`}
                        width={56}
                        height={56}
                        loading={lazy}
                        decoding="async"
                      />
                    ) : (
                      <FileBadge label={fileTypeLabel(item.mimeType, item.name)} />
                    )}
                    <span className="media-name">{item.name}</span>
                  </span>
                </th>
                <td data-label="User">{item.author || "—"}</td>
                <td data-label="Collection">{titleCase(item.collection)}</td>
                <td data-label="Date">
                  <time dateTime={new Date(item.date).toISOString()}>
                    {formatSiteDate(item.date, timeZone, { time: false })}
                  </time>
                </td>
                <td className="lib-actions">
                  <a href={item.url} target="_blank" rel="noopener">
                    View<span className="visually-hidden"> {item.name}</span>
                  </a>
                  <CopyUrl url={item.url} name={item.name} />
                  <a href={item.url} download={item.name}>
                    Download<span className="visually-hidden"> {item.name}</span>
                  </a>
                  {mayDelete ? (
                    <Link
                      to={query({ page, collection, search, delete: item.uid })}
                      className="danger-link"
                    >
                      Delete<span className="visually-hidden"> {item.name}</span>
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {items.length === 0 ? <p className="empty">No files here yet.</p> : null}
      </TableWrap>
      {pages > 1 ? (
        <nav className="pagination" aria-label="Pages">
          {page > 1 ? (
            <Link to={query({ page: page - 1, collection, search })} rel="prev">
              ‹ Previous
            </Link>
          ) : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={query({ page: page + 1, collection, search })} rel="next">
              Next ›
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

/**
 * Copy URL: the site-relative address (`/uploads/…`), which works whatever host
 * the site is reached under (absolute addresses are made only for feeds,
 * e-mail and social tags). With JavaScript a button that copies it and toasts
 * "Copied successfully"; without it, the URL in a read-only field to copy by hand.
 */
function CopyUrl({ url, name }: { url: string; name: string }) {
  const hydrated = useHydrated();
  if (hydrated) {
    return (
      <button
        type="button"
        className="link-button"
        onClick={() => {
          (navigator.clipboard?.writeText(url) ?? Promise.reject()).then(
            () => toast.success("Copied successfully"),
            () => toast.error("Could not copy: your browser refused access to the clipboard"),
          );
        }}
      >
        Copy URL<span className="visually-hidden"> of {name}</span>
      </button>
    );
  }
  return (
    <details className="copy-url">
      <summary>
        Copy URL<span className="visually-hidden"> of {name}</span>
      </summary>
      <label>
        <span className="visually-hidden">URL of {name}</span>
        <input type="text" readOnly value={url} />
      </label>
    </details>
  );
}

/** Stands in for a thumbnail for a file that is not an image (a newsletter's PDF). */
function FileBadge({ label }: { label: string }) {
  return (
    <span className="file-badge">
      <span className="file-badge-label">
        {label}
        <span className="visually-hidden"> file</span>
      </span>
    </span>
  );
}
