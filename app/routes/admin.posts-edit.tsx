import { data, useActionData } from "react-router";
import { adminMeta, siteNameOf } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { PostForm } from "~/components/admin/post-form";
import { SendAsNewsletter } from "~/components/newsletters/send-as-newsletter";
import { can } from "~/domain/access/capabilities";
import { isDomainError } from "~/domain/errors.server";
import { parsePostId } from "~/domain/posts/ids";
import { getEditablePost } from "~/domain/posts/staff-views.server";
import { adminUser } from "~/web/auth.server";
import { postFormAction, postFormChoices } from "~/web/screens/post-form.server";
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
      },
      canDelete: can(user.role, "deletePosts"),
      canMail: can(user.role, "manageMail"),
      ...postFormChoices(),
    };
  } catch (error) {
    if (isDomainError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  const { request, params } = args;
  return postFormAction(request, actor, postId(params));
}

export default function EditPost({ loaderData, matches }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { post } = loaderData;
  return (
    <>
      <PageHeader title="Edit Post" subtitle={<a href={post.url}>{post.url}</a>} />
      <SendAsNewsletter post={post} canMail={loaderData.canMail} />
      <PostForm
        key={post.id}
        mode="edit"
        post={post}
        categories={loaderData.categories}
        tags={loaderData.tags}
        canDelete={loaderData.canDelete}
        siteName={siteNameOf(matches)}
        result={result}
      />
    </>
  );
}
