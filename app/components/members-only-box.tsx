/**
 * Where a members-only post's teaser ends for a reader who is not a member
 * (docs/members.md "Members-only posts"): the sign-in form (which also signs new readers up,
 * when the settings let them), working without JavaScript, and the way in for members.
 */
import { Link } from "react-router";
import { SignInEmailForm, signInHref } from "~/components/members/sign-in-forms";

/** `returnTo`: the post's path, where the reader comes back to once signed in. */
export function MembersOnlyBox({
  signIn,
  signup,
  returnTo,
}: {
  signIn: boolean;
  signup: boolean;
  returnTo: string;
}) {
  return (
    <section className="newsletter-box members-only-box" aria-labelledby="members-only-heading">
      <h2 id="members-only-heading">This story is for members</h2>
      {signup ? (
        <>
          <p>Become a member with your e-mail address to read the whole story.</p>
          <SignInEmailForm next={returnTo} />
        </>
      ) : null}
      {signIn ? (
        <p>
          Already a member? <Link to={signInHref(returnTo)}>Sign in</Link>
        </p>
      ) : null}
    </section>
  );
}
