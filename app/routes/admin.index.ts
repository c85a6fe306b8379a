import { redirect } from "react-router";

/** /admin: the posts list, where sign-in also lands (it checks the session). */
export function loader() {
  return redirect("/admin/posts");
}
