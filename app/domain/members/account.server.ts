/**
 * The account page's changes (docs/members.md "The account page"): name, newsletters,
 * unsubscribing from everything, a new e-mail address (confirmed by a link to it; the old
 * address is told), and deleting the account (confirmed by a link;
 * docs/decisions/343-what-member-deletion-keeps.md). Each works on the signed-in member only.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { comments, posts, subscriberAudiences, subscribers } from "#db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { badRequest, DomainError, notFound } from "~/domain/errors.server";
import { endAllMemberSessions, type Member } from "~/domain/members/session.server";
import {
  issueMemberToken,
  redeemMemberToken,
  type TokenPurpose,
} from "~/domain/members/tokens.server";
import { personName } from "~/domain/names";
import { getSettings } from "~/domain/site/settings.server";
import { sendSiteMail } from "~/domain/subscribers/confirmation.server";
import { emailSchema } from "~/domain/subscribers/subscribers.server";
import { AUDIENCES, type Audience } from "~/domain/subscribers/vocabulary";
import { writeSubscriber } from "~/domain/subscribers/writer.server";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { escapeHtml } from "~/utils/escape";

export const ACCOUNT_MESSAGES = {
  renamed: "Your name is saved.",
  audiences: "Your newsletter choices are saved.",
  unsubscribed: "You are unsubscribed from every newsletter. You stay signed in.",
  emailSent: "We've sent a link to the new address: open it within an hour to confirm the change.",
  emailSame: "That is already your address.",
  emailChanged: "Your e-mail address is changed.",
  emailTaken: "That address cannot be used for this account.",
  deleteSent:
    "We've sent a link to your address: open it within an hour to confirm deleting your account.",
  deleted: "Your account is deleted. Thank you for reading.",
  invalid: "This link is not valid.",
  used: "This link was already used.",
  expired: "This link has expired (it worked for an hour). Ask for a new one on your account page.",
} as const;

export type AccountComment = {
  id: number;
  body: string;
  status: string;
  createdAt: number;
  postTitle: string;
  postUrl: string;
};

export type AccountView = {
  name: string;
  email: string;
  status: string;
  audiences: Audience[];
  memberSince: number;
  lastSignInAt: number | null;
  comments: AccountComment[];
};

/** The member's comments, newest first, with the post each is on. */
export function memberComments(db: Db, subscriberId: number, limit = 500): AccountComment[] {
  return db
    .select({
      id: comments.id,
      body: comments.body,
      status: comments.status,
      createdAt: comments.createdAt,
      postTitle: posts.title,
      postUrl: posts.url,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.memberId, subscriberId))
    .orderBy(desc(comments.id))
    .limit(limit)
    .all()
    .map((c) => ({ ...c, createdAt: c.createdAt.getTime() }));
}

export function memberAudiences(db: Db, subscriberId: number): Audience[] {
  return db
    .select({ audience: subscriberAudiences.audience })
    .from(subscriberAudiences)
    .where(eq(subscriberAudiences.subscriberId, subscriberId))
    .all()
    .map((a) => a.audience)
    .sort();
}

function subscriberRow(db: Db, member: Member) {
  const row = db.select().from(subscribers).where(eq(subscribers.id, member.id)).get();
  if (!row) throw notFound("Account not found");
  return row;
}

export function accountView(db: Db, member: Member): AccountView {
  const row = subscriberRow(db, member);
  return {
    name: row.name,
    email: row.email,
    status: row.status,
    audiences: memberAudiences(db, row.id),
    memberSince: row.memberSince ?? member.memberSince,
    lastSignInAt: row.lastSignInAt,
    comments: memberComments(db, row.id),
  };
}

const nameSchema = z.object({ name: personName("Name is required") });

export function renameMember(db: Db, member: Member, input: unknown): string {
  const parsed = nameSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid name");
  writeSubscriber(db, { id: member.id, name: parsed.data.name });
  return ACCOUNT_MESSAGES.renamed;
}

/** Any of the audiences (none is allowed: a member need not take a newsletter). */
const audiencesSchema = z.object({
  audience: z.preprocess(
    (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.enum(AUDIENCES, { error: "Unknown newsletter" }))
      .max(AUDIENCES.length * 2)
      .transform((list) => [...new Set(list)]),
  ),
});

/**
 * The newsletters a member takes. Ticking one after unsubscribing subscribes them
 * again (they are signed in: the address is theirs); one left Inactive by staff stays so.
 */
export function setMemberAudiences(db: Db, member: Member, input: unknown): string {
  const parsed = audiencesSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid choice");
  const { audience } = parsed.data;
  const row = subscriberRow(db, member);
  const status = row.status === "Unsubscribed" && audience.length > 0 ? "Active" : undefined;
  writeSubscriber(db, { id: row.id, audience, status });
  return ACCOUNT_MESSAGES.audiences;
}

/** Unsubscribe from everything: no newsletter at all; the account stays. */
export function unsubscribeMember(db: Db, member: Member): string {
  writeSubscriber(db, { id: member.id, status: "Unsubscribed", audience: [] });
  return ACCOUNT_MESSAGES.unsubscribed;
}

const emailChangeSchema = z.object({ email: emailSchema });

async function mailLink(
  db: Db,
  to: string,
  purpose: Exclude<TokenPurpose, "sign-in">,
  token: string,
) {
  const env = readEnv();
  const { siteName } = getSettings(db);
  const path = purpose === "delete" ? "/account/delete" : "/account/email";
  const link = `${env.publicUrl}${path}?${new URLSearchParams({ token })}`;
  const what =
    purpose === "delete"
      ? `confirm deleting your account on ${siteName}`
      : `confirm this as the new address of your account on ${siteName}`;
  const subject =
    purpose === "delete" ? `Confirm deleting your ${siteName} account` : `Confirm your new address`;
  const tail =
    "The link works once, for an hour. If you did not ask for this, ignore this message.";
  await sendSiteMail(
    env,
    {
      to,
      subject,
      text: `Open this link to ${what}:\n${link}\n\n${tail}`,
      html: `<p>Open this link to ${escapeHtml(what)}:</p><p><a href="${escapeHtml(link)}">Confirm</a></p><p>${tail}</p>`,
    },
    db,
  );
}

/** Mails a confirmation link to the new address (none when another subscriber has it). */
export async function requestEmailChange(db: Db, member: Member, input: unknown): Promise<string> {
  const parsed = emailChangeSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid address");
  const { email } = parsed.data;
  const row = subscriberRow(db, member);
  if (email === row.email) throw badRequest(ACCOUNT_MESSAGES.emailSame);
  const taken = db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(eq(subscribers.email, email))
    .get();
  if (taken) return ACCOUNT_MESSAGES.emailSent;
  const { token } = issueMemberToken(db, {
    purpose: "email-change",
    email: row.email,
    subscriberId: row.id,
    newEmail: email,
  });
  await mailLink(db, email, "email-change", token);
  return ACCOUNT_MESSAGES.emailSent;
}

function refusal(reason: "invalid" | "used" | "expired") {
  return new DomainError(reason === "invalid" ? 404 : 400, ACCOUNT_MESSAGES[reason]);
}

/** The new address's link: the account takes it, and the old address is told. */
export async function confirmEmailChange(
  db: Db,
  token: unknown,
  now = Date.now(),
): Promise<string> {
  const redeemed = redeemMemberToken(db, "email-change", token, now);
  if (!redeemed.ok) throw refusal(redeemed.reason);
  const { subscriberId, newEmail, email: oldEmail } = redeemed.token;
  if (!subscriberId || !newEmail) throw refusal("invalid");
  const clash = db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(eq(subscribers.email, newEmail), ne(subscribers.id, subscriberId)))
    .get();
  if (clash) throw new DomainError(409, ACCOUNT_MESSAGES.emailTaken);
  writeSubscriber(db, { id: subscriberId, email: newEmail });
  const { siteName } = getSettings(db);
  const note = `The e-mail address of your account on ${siteName} was changed to ${newEmail}. If you did not do this, reply to this message.`;
  await sendSiteMail(
    readEnv(),
    {
      to: oldEmail,
      subject: `Your ${siteName} address was changed`,
      text: note,
      html: `<p>${escapeHtml(note)}</p>`,
    },
    db,
  );
  return ACCOUNT_MESSAGES.emailChanged;
}

/** Mails the member a link that confirms deleting the account. */
export async function requestDeletion(db: Db, member: Member): Promise<string> {
  const row = subscriberRow(db, member);
  const { token } = issueMemberToken(db, {
    purpose: "delete",
    email: row.email,
    subscriberId: row.id,
  });
  await mailLink(db, row.email, "delete", token);
  return ACCOUNT_MESSAGES.deleteSent;
}

export const DELETED_READER = "Deleted reader";

/**
 * The deletion link: the subscriber row goes (its sessions, links, sign-ins and likes with
 * it); their comments go too, or stay as "Deleted reader" without address
 * (Settings › Members › Deleted members' comments). The audit log notes it, no content.
 */
export function confirmDeletion(db: Db, token: unknown, address = "", now = Date.now()): string {
  const redeemed = redeemMemberToken(db, "delete", token, now);
  if (!redeemed.ok) throw refusal(redeemed.reason);
  const subscriberId = redeemed.token.subscriberId;
  const row = subscriberId
    ? db.select().from(subscribers).where(eq(subscribers.id, subscriberId)).get()
    : undefined;
  if (!row) throw refusal("invalid");
  const keep = getSettings(db).deletedMemberComments === "keep";
  db.transaction((tx) => {
    const t = tx as unknown as Db;
    if (keep) {
      t.update(comments)
        .set({ name: DELETED_READER, email: "", ipHash: "", authorUrl: "", memberId: null })
        .where(eq(comments.memberId, row.id))
        .run();
    } else {
      t.delete(comments).where(eq(comments.memberId, row.id)).run();
    }
    endAllMemberSessions(row.id, t);
    t.delete(subscribers).where(eq(subscribers.id, row.id)).run();
    recordAudit(t, {
      action: "member-deleted",
      targetType: "member",
      targetId: row.uid,
      summary: keep ? "comments kept as Deleted reader" : "comments removed",
      address,
    });
  });
  return ACCOUNT_MESSAGES.deleted;
}
