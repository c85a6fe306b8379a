import { useActionData } from "react-router";
import { adminMeta, siteNameOf } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { PostForm } from "~/components/admin/post-form";
import { can } from "~/domain/access/capabilities";
import { siteTimeZone } from "~/domain/workflow/site-time-zone.server";
import { adminUser } from "~/web/auth.server";
import { contributorChoices } from "~/web/screens/byline-field.server";
import { postFormAction, postFormChoices } from "~/web/screens/post-form.server";
import type { Route } from "./+types/admin.posts-add";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Add Post", "/admin/posts/add");

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  return {
    ...postFormChoices(),
    canSchedule: can(user.role, "publishPosts"),
    scheduleTimeZone: siteTimeZone(),
    // A new post's byline starts as its writer.
    byline: {
      rows: [{ person: `u${user.id}`, role: "Author", name: user.name }],
      people: contributorChoices(),
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  const { request } = args;
  return postFormAction(request, actor);
}

export default function AddPost({ loaderData, matches }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Add New Post" />
      <PostForm
        mode="add"
        post={{
          title: "",
          category: loaderData.defaultCategory,
          tags: [],
          summary: "",
          content: "",
          photo: null,
          status: "draft",
          socialCard: null,
        }}
        categories={loaderData.categories}
        tags={loaderData.tags}
        membersEnabled={loaderData.membersEnabled}
        canDelete={false}
        canSchedule={loaderData.canSchedule}
        scheduleTimeZone={loaderData.scheduleTimeZone}
        siteName={siteNameOf(matches)}
        result={result}
        byline={loaderData.byline}
      />
    </>
  );
}
