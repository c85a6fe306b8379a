import { Form, Link } from "react-router";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { LabeledInput } from "~/components/admin/fields";
import { ACTIONS_COLUMN, ListTable } from "~/components/admin/list-table";
import type { ContentTokenView } from "~/domain/integrations/content-tokens.server";
import { INTEGRATIONS_PATH } from "~/domain/integrations/webhook-events";
import { useSiteTimeZone } from "~/hooks/use-site-options";
import { formatSiteDate } from "~/utils/site-date";

/** A refused token form, with the values to put back. */
export type TokenFailure = { error: string; intent: string | null; values: Record<string, string> };

function When({ at }: { at: number }) {
  const timeZone = useSiteTimeZone();
  return <time dateTime={new Date(at).toISOString()}>{formatSiteDate(at, timeZone)}</time>;
}

function TokenRow({ token }: { token: ContentTokenView }) {
  return (
    <tr>
      <td data-label="Name">{token.name}</td>
      <td data-label="CORS origins" className="break-all">
        {token.origins.length ? token.origins.join(", ") : "None"}
      </td>
      <td data-label="Created">
        <When at={token.createdAt} />
        {token.createdBy ? ` by ${token.createdBy}` : ""}
      </td>
      <td data-label="Last used">{token.lastUsedAt ? <When at={token.lastUsedAt} /> : "Never"}</td>
      <td data-label="State">
        {token.revokedAt ? (
          <>
            Revoked <When at={token.revokedAt} />
          </>
        ) : (
          "Active"
        )}
      </td>
      <td data-label="Actions" className="row-actions">
        {token.revokedAt ? null : (
          <Link
            to={`${INTEGRATIONS_PATH}?revoke=${encodeURIComponent(token.uid)}`}
            className="button button-danger"
          >
            Revoke<span className="visually-hidden"> {token.name}</span>
          </Link>
        )}
      </td>
    </tr>
  );
}

/** The one time a new token is seen: in a read-only field, to copy. */
function CreatedPanel({ name, token }: { name: string; token: string }) {
  return (
    <div className="admin-panel" role="status" aria-labelledby="token-created-heading">
      <h3 id="token-created-heading">Token "{name}" created</h3>
      <p>
        Copy it now: it is not shown again. Send it as <code>Authorization: Bearer …</code>.
      </p>
      <LabeledInput
        label="Your new token"
        id="token-created-value"
        type="text"
        readOnly
        value={token}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}

function CreateTokenForm({ failed }: { failed?: TokenFailure }) {
  const values = failed?.intent === "token-create" ? failed.values : {};
  return (
    <Form method="post" className="admin-form admin-panel" aria-labelledby="token-add-heading">
      <h3 id="token-add-heading">Create a token</h3>
      <LabeledInput
        label="Token name"
        name="name"
        id="token-name"
        type="text"
        required
        maxLength={100}
        defaultValue={values.name ?? ""}
        help="Who uses it, e.g. “Static front end”. Shown in the list and the audit log."
      />
      <LabeledInput
        label="Allowed origins (CORS)"
        name="origins"
        id="token-origins"
        type="text"
        maxLength={2000}
        placeholder="https://www.example.com"
        defaultValue={values.origins ?? ""}
        help="Web pages on these origins may call the API with this token from a browser. Separate several with spaces; leave empty for servers only."
      />
      <div className="form-actions">
        <button type="submit" name="intent" value="token-create" className="button button-primary">
          Create token
        </button>
      </div>
    </Form>
  );
}

/**
 * The Content API tokens section of Integrations (docs/integrations.md "Content API tokens"):
 * the list, the create form, the new token once, and the confirm step of a revocation
 * (`?revoke=UID`).
 */
export function ContentTokensSection({
  tokens,
  revoking,
  created,
  failed,
}: {
  tokens: ContentTokenView[];
  revoking: ContentTokenView | null;
  created: { name: string; token: string } | null;
  failed?: TokenFailure;
}) {
  return (
    <section className="integrations-tokens" aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Content API tokens</h2>
      <p className="hint">
        A token lets another site or app read published posts through the JSON API (the post lists,
        a post, search). It cannot read drafts, members-only posts, subscribers, users or settings,
        and cannot change anything.
      </p>
      {created ? <CreatedPanel name={created.name} token={created.token} /> : null}
      {revoking && !revoking.revokedAt ? (
        <ConfirmDelete
          title="Revoke token?"
          action={INTEGRATIONS_PATH}
          cancelTo={INTEGRATIONS_PATH}
          fields={{ intent: "token-revoke", uid: revoking.uid }}
          buttonLabel={`Revoke ${revoking.name}`}
          id="token-revoke-heading"
        >
          Whatever uses <strong>{revoking.name}</strong> stops working at once. This cannot be
          undone.
        </ConfirmDelete>
      ) : null}
      <ListTable
        label="Content API tokens"
        caption="Content API tokens"
        columns={["Name", "CORS origins", "Created", "Last used", "State", ACTIONS_COLUMN]}
        emptyRow={tokens.length === 0 ? "No tokens yet." : null}
      >
        {tokens.map((token) => (
          <TokenRow key={token.uid} token={token} />
        ))}
      </ListTable>
      <CreateTokenForm failed={failed} />
    </section>
  );
}
