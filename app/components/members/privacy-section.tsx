import type { DeletedMemberComments } from "~/domain/members/vocabulary";

/**
 * The privacy policy's generated part about reader accounts (docs/members.md "Your data"):
 * what is stored while Settings › Members is on, and what deleting an account keeps.
 */
export function MembersPrivacySection({
  deletedComments,
}: {
  deletedComments: DeletedMemberComments;
}) {
  return (
    <section aria-labelledby="privacy-members">
      <h2 id="privacy-members">Reader accounts</h2>
      <p>If you sign in to this site, we store:</p>
      <ul>
        <li>your e-mail address and the name you give, and the newsletters you choose;</li>
        <li>when you became a member and when you last signed in;</li>
        <li>
          each sign-in: its time, how (link or code), your browser's name and your network address;
        </li>
        <li>
          for each signed-in device, a cookie holding a random key (we keep only a fingerprint of
          it); it ends when you sign out or after 30 days unused;
        </li>
        <li>the comments you write and the posts you like while signed in.</li>
      </ul>
      <p>
        Sign-in links and codes are kept only as fingerprints and stop working after 15 minutes. On
        your account page you can download all of this as a file, sign out everywhere, and delete
        your account.{" "}
        {deletedComments === "keep"
          ? 'Deleting it removes everything above; your comments stay on the posts, signed "Deleted reader", without your name or address.'
          : "Deleting it removes everything above, your comments included."}
      </p>
    </section>
  );
}
