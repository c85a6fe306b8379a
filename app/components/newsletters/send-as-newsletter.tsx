import { Link } from "react-router";

/**
 * Edit Post's "Send as newsletter": for a published post, to staff who send
 * mail, a link to the Send form filled from the post.
 */
export function SendAsNewsletter({
  post,
  canMail,
}: {
  post: { id: number; status: string };
  canMail: boolean;
}) {
  if (!canMail || post.status !== "published") return null;
  return (
    <p className="send-as-newsletter">
      <Link to={`/admin/mail/send-newsletter?post=${post.id}`} className="button">
        Send as newsletter
      </Link>
    </p>
  );
}
