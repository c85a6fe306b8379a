import { Fragment, useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CaptchaField } from "~/components/captcha-field";
import { FormMessage } from "~/components/form-message";
import type { PublicComment } from "~/domain/comments/comments.server";
import { commentParagraphs } from "~/domain/comments/text";
import {
  COMMENT_HONEYPOT,
  COMMENT_MAX_LENGTH,
  COMMENT_NAME_MAX,
} from "~/domain/comments/vocabulary";
import type { MentionMark } from "~/domain/webmention/display.server";
import { useFlash } from "~/hooks/use-flash";
import { useSiteDate } from "~/hooks/use-site-date";

/** The domain's public comment (a type only: nothing of the server module reaches the browser). */
export type CommentView = PublicComment;

/** A signed-in member (docs/members.md "Comments as a member"): their name, their comments here. */
export type CommentingMember = { name: string; comments: { id: number; editable: boolean }[] };

type Result = {
  type: string;
  message: string;
  values?: { name: string; email: string; body: string; parentId: string };
};

/** A comment's text: escaped React text, paragraphs, links marked nofollow ugc. */
export function CommentText({ body }: { body: string }) {
  return (
    <>
      {commentParagraphs(body).map((pieces, p) => (
        <p key={p}>
          {pieces.map((piece, i) =>
            piece.kind === "break" ? (
              <br key={i} />
            ) : piece.kind === "link" ? (
              <a key={i} href={piece.href} rel="nofollow ugc noopener">
                {piece.text}
              </a>
            ) : (
              <Fragment key={i}>{piece.text}</Fragment>
            ),
          )}
        </p>
      ))}
    </>
  );
}

/** A reply from the fediverse (docs/federation.md "What is received"): its handle and original. */
function FediverseSource({ comment }: { comment: CommentView }) {
  const label = `from the fediverse${comment.handle ? ` (${comment.handle})` : ""}`;
  return (
    <span className="comment-source muted">
      {comment.remoteUrl ? (
        <a href={comment.remoteUrl} rel="nofollow ugc noopener">
          {label}
        </a>
      ) : (
        label
      )}{" "}
    </span>
  );
}

function CommentItem({
  comment,
  postUrl,
  canReply,
  member,
  editing,
  mention,
}: {
  comment: CommentView;
  postUrl: string;
  canReply: boolean;
  member: CommentingMember | null;
  editing: number | null;
  /** Set when the comment came as a Webmention: shown as "Mentioned on {host}", "Liked on …". */
  mention?: MentionMark;
}) {
  const own = member?.comments.find((c) => c.id === comment.id);
  const date = new Date(comment.createdAt);
  const shown = useSiteDate(date, { time: false });
  return (
    <li
      id={`comment-${comment.id}`}
      className={mention ? "comment comment-mention" : "comment"}
      tabIndex={-1}
    >
      <article aria-label={mention ? `Mention by ${comment.name}` : `Comment by ${comment.name}`}>
        <header className="comment-meta">
          <strong className="comment-author">{comment.name}</strong>{" "}
          {mention ? (
            <>
              <a className="comment-mention-link" href={mention.url} rel="nofollow ugc noopener">
                {mention.label}
              </a>{" "}
            </>
          ) : null}
          {comment.source === "fediverse" ? <FediverseSource comment={comment} /> : null}
          <time dateTime={date.toISOString()} className="muted" suppressHydrationWarning>
            {shown ?? ""}
          </time>
        </header>
        {comment.approved ? null : (
          <p className="comment-pending" role="note">
            Your comment is awaiting moderation.
          </p>
        )}
        {own?.editable && editing === comment.id ? (
          <EditCommentForm postUrl={postUrl} comment={comment} />
        ) : (
          <div className="comment-body">
            <CommentText body={comment.body} />
            {comment.edited ? <p className="muted comment-edited">(edited)</p> : null}
          </div>
        )}
        {own ? (
          <OwnCommentActions postUrl={postUrl} comment={comment} editable={own.editable} />
        ) : null}
        {canReply && !mention && comment.approved && comment.parentId === null ? (
          <Link
            className="comment-reply"
            to={`${postUrl}?replyto=${comment.id}#respond`}
            preventScrollReset={false}
            aria-label={`Reply to ${comment.name}`}
          >
            Reply
          </Link>
        ) : null}
      </article>
      {comment.replies.length > 0 ? (
        <ol className="comment-replies">
          {comment.replies.map((reply) => (
            <CommentItem
              key={reply.id}
              comment={reply}
              postUrl={postUrl}
              canReply={false}
              member={member}
              editing={editing}
            />
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/** A member's own comment: Edit (a link, so it works without JavaScript) while allowed, and Delete. */
function OwnCommentActions({
  postUrl,
  comment,
  editable,
}: {
  postUrl: string;
  comment: CommentView;
  editable: boolean;
}) {
  return (
    <div className="comment-own-actions">
      {editable ? (
        <Link to={`${postUrl}?edit=${comment.id}#comment-${comment.id}`} preventScrollReset>
          Edit
        </Link>
      ) : null}
      <Form method="post" action={postUrl} preventScrollReset>
        <input type="hidden" name="intent" value="comment-delete" />
        <input type="hidden" name="commentId" value={comment.id} />
        <button type="submit" className="button-link" aria-label="Delete your comment">
          Delete
        </button>
      </Form>
    </div>
  );
}

function EditCommentForm({ postUrl, comment }: { postUrl: string; comment: CommentView }) {
  return (
    <Form method="post" action={postUrl} className="comment-edit-form" preventScrollReset>
      <input type="hidden" name="intent" value="comment-edit" />
      <input type="hidden" name="commentId" value={comment.id} />
      <label className="field">
        <span>Edit your comment</span>
        <textarea
          name="body"
          rows={4}
          required
          maxLength={COMMENT_MAX_LENGTH}
          defaultValue={comment.body}
        />
      </label>
      <button type="submit" className="button button-primary">
        Save
      </button>{" "}
      <Link to={`${postUrl}#comment-${comment.id}`}>Cancel</Link>
    </Form>
  );
}

/**
 * Comments under a post, oldest first, and the form (docs/behaviour.md §comments).
 * Without JavaScript the form posts to the post page, which redirects back to
 * the new comment with the message; with it, the same post runs in place.
 */
export function CommentsSection({
  postUrl,
  comments,
  count,
  open,
  closedReason,
  replyTo,
  member = null,
  editing = null,
  result,
  mentions = {},
}: {
  postUrl: string;
  comments: CommentView[];
  count: number;
  open: boolean;
  closedReason: string | null;
  replyTo: { id: number; name: string } | null;
  /** A signed-in member comments under their account's name, without the CAPTCHA. */
  member?: CommentingMember | null;
  /** The member's comment being edited (`?edit=`). */
  editing?: number | null;
  result?: Result | null;
  /** The comments that came as Webmentions, by id (docs/federation.md "Webmention"). */
  mentions?: Record<number, MentionMark>;
}) {
  const flash = useFlash("comment");
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === postUrl;
  const message = result ?? flash;
  const values = result?.values;
  const form = useRef<HTMLFormElement>(null);
  const wasSending = useRef(false);
  // With JavaScript a stored comment redirects back to this same page, where the form would keep
  // what was typed: empty it once the post has gone through (a refusal answers with `result`).
  // Without JavaScript the redirect renders a fresh, empty form.
  const settled = navigation.state === "idle";
  useEffect(() => {
    if (sending) wasSending.current = true;
    else if (settled && wasSending.current) {
      wasSending.current = false;
      if (!result) form.current?.reset();
    }
  }, [sending, settled, result]);
  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading">{count === 1 ? "1 Comment" : `${count} Comments`}</h2>
      {comments.length > 0 ? (
        <ol className="comment-list">
          {comments.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              postUrl={postUrl}
              canReply={open}
              member={member}
              editing={editing}
              mention={mentions[c.id]}
            />
          ))}
        </ol>
      ) : (
        <p className="muted">No comments yet.</p>
      )}
      {open ? (
        <Form
          ref={form}
          method="post"
          action={postUrl}
          className="comment-form"
          id="respond"
          aria-labelledby="respond-heading"
          preventScrollReset
        >
          <h3 id="respond-heading">{replyTo ? `Reply to ${replyTo.name}` : "Leave a comment"}</h3>
          {replyTo ? (
            <p>
              <Link to={`${postUrl}#respond`}>Cancel reply</Link>
            </p>
          ) : null}
          <FormMessage message={message} />
          <p className="muted">
            {member
              ? `Commenting as ${member.name}. Comments are plain text; links are allowed.`
              : "Your email address will not be published. Comments are plain text; links are allowed."}
          </p>
          <input type="hidden" name="intent" value="comment" />
          <input type="hidden" name="parentId" value={replyTo?.id ?? values?.parentId ?? ""} />
          <div className="comment-trap" aria-hidden="true">
            <label>
              Leave this field empty
              <input type="text" name={COMMENT_HONEYPOT} tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          {member ? null : (
            <>
              <label className="field">
                <span>Name (required)</span>
                <input
                  type="text"
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={COMMENT_NAME_MAX}
                  defaultValue={values?.name}
                />
              </label>
              <label className="field">
                <span>Email (required, never shown)</span>
                <input
                  type="email"
                  name="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                  defaultValue={values?.email}
                />
              </label>
            </>
          )}
          <label className="field">
            <span>Comment (required)</span>
            <textarea
              name="body"
              rows={6}
              required
              maxLength={COMMENT_MAX_LENGTH}
              defaultValue={values?.body}
            />
          </label>
          {/*
            Settings › Enable CAPTCHA: with JavaScript the widget adds its answer; without it the
            comment is held for moderation. A new widget after each post (an answer is good once).
          */}
          {member ? null : (
            <CaptchaField key={`${comments.length}|${JSON.stringify(result ?? flash ?? null)}`} />
          )}
          <button type="submit" className="button button-primary" disabled={sending}>
            {sending ? "Posting…" : "Post Comment"}
          </button>
        </Form>
      ) : (
        <p className="comments-closed" role="note">
          {closedReason ?? "Comments are closed"}.
        </p>
      )}
    </section>
  );
}
