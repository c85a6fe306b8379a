/**
 * Who is reading (docs/members.md): staff signed in to the back office, else a signed-in
 * member, else anonymous. What each may read is app/domain/access/reading.server.ts.
 */
import { ANONYMOUS, type Viewer } from "~/domain/access/reading.server";
import { getMember, MEMBER_COOKIE } from "~/domain/members/session.server";
import type { Db } from "~/platform/db.server";
import { getOptionalUser } from "~/web/auth.server";

export async function viewerOf(request: Request, db?: Db): Promise<Viewer> {
  const cookie = request.headers.get("Cookie") ?? "";
  if (cookie.includes("__session=")) {
    const user = await getOptionalUser(request);
    if (user) return { kind: "staff", user };
  }
  if (cookie.includes(`${MEMBER_COOKIE}=`)) {
    const member = getMember(request, db);
    if (member) return { kind: "member", member };
  }
  return ANONYMOUS;
}
