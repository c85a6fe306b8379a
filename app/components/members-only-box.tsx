/**
 * Where a members-only post's teaser ends for a reader who is not a member
 * (docs/members.md "Members-only posts"): a plain form to the sign-in page, which works
 * without JavaScript, and the way in for members.
 */
export function MembersOnlyBox({ postUrl, signup }: { postUrl: string; signup: boolean }) {
  const next = `?next=${encodeURIComponent(postUrl)}`;
  return (
    <section className="members-only-box" aria-labelledby="members-only-heading">
      <h2 id="members-only-heading">This story is for members</h2>
      {signup ? (
        <form method="post" action={`/account/sign-in${next}`} className="members-only-form">
          <p>Become a member with your email address to read the whole story.</p>
          <input type="hidden" name="next" value={postUrl} />
          <label className="field">
            <span>Email</span>
            <input type="email" name="email" autoComplete="email" required maxLength={254} />
          </label>
          <button type="submit" className="button button-primary">
            Sign up
          </button>
        </form>
      ) : null}
      <p>
        Already a member? <a href={`/account/sign-in${next}`}>Sign in</a>
      </p>
    </section>
  );
}
