import { redirect } from "react-router";
import { createThemeAction, isTheme } from "remix-themes";
import { safeRedirectPath } from "~/utils/redirect";
import { isFormBody, readForm } from "~/web/forms.server";
import { themeSessionResolver } from "~/web/theme.server";
import type { Route } from "./+types/set-theme";

/**
 * Form posts (JavaScript off) set the cookie and redirect back (PRG);
 * remix-themes' own JSON fetch (JavaScript on) goes to its stock action.
 */
export async function action(args: Route.ActionArgs) {
  if (!isFormBody(args.request)) {
    // remix-themes reads the body as JSON and throws on anything else.
    try {
      return await createThemeAction(themeSessionResolver)(args);
    } catch {
      return Response.json({ type: "error", message: 'Expected {"theme"}' }, { status: 400 });
    }
  }

  const { fields } = await readForm(args.request).catch(() => {
    throw Response.json({ type: "error", message: "Malformed form body" }, { status: 400 });
  });
  const theme = fields.theme;
  const session = await themeSessionResolver(args.request);
  if (isTheme(theme)) session.setTheme(theme);
  return redirect(safeRedirectPath(fields.redirectTo), {
    headers: { "Set-Cookie": isTheme(theme) ? await session.commit() : await session.destroy() },
  });
}

/** GET on this POST-only path: send the reader home instead of an error. */
export function loader() {
  return redirect("/");
}
