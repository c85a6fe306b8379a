import { data, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { adminMeta, siteNameOf } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { PostForm, type PostFormResult } from "~/components/admin/post-form";
import { SendAsNewsletter } from "~/components/newsletters/send-as-newsletter";
import { Autosave, NewerAutosave } from "~/components/posts/autosave";
import { EmbedsPanel } from "~/components/posts/embeds-panel";
import { NotesPanel } from "~/components/posts/notes-panel";
import { ReviewPanel, SentBackNote } from "~/components/posts/review-panel";
import { RevisionsPanel } from "~/components/posts/revisions-panel";
import { can } from "~/domain/access/capabilities";
import { embedsOfContent } from "~/domain/embeds/post-embeds.server";
import { isDomainError } from "~/domain/errors.server";
import { parsePostId } from "~/domain/posts/ids";
import { getEditablePost } from "~/domain/posts/staff-views.server";
import { newerAutosave } from "~/domain/workflow/autosave.server";
import { sendBackNotes } from "~/domain/workflow/review.server";
import { siteTimeZone } from "~/domain/workflow/site-time-zone.server";
import { getDb } from "~/platform/db.server";
import { adminUser } from "~/web/auth.server";
import { bylineRows, contributorChoices } from "~/web/screens/byline-field.server";
import { type NotesResult, notesAction, notesFor } from "~/web/screens/notes.server";
import { postFormAction, postFormChoices } from "~/web/screens/post-form.server";
import { reviewAction } from "~/web/screens/review.server";
import { autosaveAction, restoreAction, revisionsFor } from "~/web/screens/revisions.server";
import type { Route } from "./+types/admin.posts-edit";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  adminMeta(matches, "Edit Post", `/admin/posts/edit/${params.id}`);

/** The post's id from the path: digits only, else no such post. */
function postId(params: { id?: string }): number {
  const id = parsePostId(params.id);
  if (id === undefined) throw data("Post not found", { status: 404 });
  return id;
}

/** The post, if the user may edit it: someone else's (Author, Contributor) is 403, a missing one 404. */
export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  const { params } = args;
  const id = postId(params);
  try {
    const post = getEditablePost(user, id);
    const history = revisionsFor(user, id, new URL(args.request.url).searchParams);
    return {
      post: {
        id: post.id,
        title: post.title,
        category: post.category,
        tags: post.tags,
        summary: post.summary,
        content: post.content,
        photo: post.photo,
        status: post.status,
        socialCard: post.socialCard,
        url: post.url,
        publishAt: post.publishAt,
        version: post.version,
        visibility: post.visibility,
      },
      canDelete: can(user.role, "deletePosts"),
      canSchedule: can(user.role, "publishPosts"),
      scheduleTimeZone: siteTimeZone(),
      ...history,
      canReview: post.status === "reviewing" && can(user.role, "seeAllPosts"),
      sentBack: sendBackNotes([post.id]).get(post.id) ?? null,
      newerAutosave: newerAutosave(user, post),
      canMail: can(user.role, "manageMail"),
      notes: notesFor(post),
      embeds: embedsOfContent(getDb(), post.content),
      ...postFormChoices(),
      byline: { rows: bylineRows(post.id), people: contributorChoices() },
    };
  } catch (error) {
    if (isDomainError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

/** An autosave (a fetcher, every 30 s) leaves the page's data as it is. */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction?.includes("autosave=1")) return false;
  return defaultShouldRevalidate;
}

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  const { request, params } = args;
  const restore = new URL(request.url).searchParams.get("restore");
  if (restore !== null) return restoreAction(actor, postId(params), restore);
  if (new URL(request.url).searchParams.has("autosave")) {
    return autosaveAction(request, actor, postId(params));
  }
  if (new URL(request.url).searchParams.has("notes")) {
    return notesAction(request, actor, postId(params));
  }
  const review = new URL(request.url).searchParams.get("review");
  if (review !== null) return reviewAction(request, actor, postId(params), review);
  return postFormAction(request, actor, postId(params));
}

export default function EditPost({ loaderData, matches }: Route.ComponentProps) {
  // Autosaves go through a fetcher, so the action data here is a refused form's.
  const answer = useActionData<typeof action>() as
    | (PostFormResult & Partial<NotesResult>)
    | undefined;
  const result = answer?.notes ? undefined : answer;
  const { post } = loaderData;
  return (
    <>
      <PageHeader title="Edit Post" subtitle={<a href={post.url}>{post.url}</a>} />
      <p className="admin-page-tools">
        <a
          className="button button-secondary"
          href={`/admin/posts/edit/${post.id}/markdown`}
          download
        >
          Download as Markdown
        </a>
      </p>
      {loaderData.sentBack ? <SentBackNote {...loaderData.sentBack} /> : null}
      {loaderData.canReview ? <ReviewPanel postId={post.id} /> : null}
      {loaderData.newerAutosave ? (
        <NewerAutosave postId={post.id} autosave={loaderData.newerAutosave} />
      ) : null}
      <SendAsNewsletter post={post} canMail={loaderData.canMail} />
      <PostForm
        // A new version (a restore, another save) starts the form afresh.
        key={`${post.id}-${post.version}`}
        mode="edit"
        post={post}
        categories={loaderData.categories}
        tags={loaderData.tags}
        membersEnabled={loaderData.membersEnabled}
        canDelete={loaderData.canDelete}
        canSchedule={loaderData.canSchedule}
        scheduleTimeZone={loaderData.scheduleTimeZone}
        siteName={siteNameOf(matches)}
        result={result}
        byline={loaderData.byline}
      />
      <NotesPanel post={post} {...loaderData.notes} refused={answer?.notes} />
      <EmbedsPanel postId={post.id} embeds={loaderData.embeds} />
      <Autosave postId={post.id} formId="post-form" />
      <RevisionsPanel postId={post.id} revisions={loaderData.revisions} diff={loaderData.diff} />
    </>
  );
}
