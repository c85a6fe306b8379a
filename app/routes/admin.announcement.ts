import { data, redirect } from "react-router";
import { z } from "zod";
import { announcementCookieName } from "~/components/admin/announcement";
import { isDomainError } from "~/domain/errors.server";
import { safeRedirectPath } from "~/utils/redirect";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/forms.server";
import type { Route } from "./+types/admin.announcement";

const DismissSchema = z.object({
  id: z.string().regex(/^[a-z]{1,20}$/),
  date: z.string().regex(/^\d{8}$/),
});

/**
 * Dismiss without JavaScript: remembers the announcement's date in a cookie
 * (one per announcement id, so a newer date replaces the older flag) and
 * goes back to the page.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  const { fields } = await readForm(request).catch((error) => {
    throw isDomainError(error) ? data(error.message, { status: error.status }) : error;
  });
  const back = safeRedirectPath(fields.redirectTo, "/admin/posts");
  const parsed = DismissSchema.safeParse({ id: fields.id, date: fields.date });
  if (!parsed.success) throw data("Unknown announcement", { status: 400 });
  const { id, date } = parsed.data;
  return redirect(back, {
    headers: {
      "Set-Cookie": `${announcementCookieName(id)}=${date}; Path=/admin; Max-Age=31536000; SameSite=Lax`,
    },
  });
}

export function loader() {
  return redirect("/admin/posts");
}
