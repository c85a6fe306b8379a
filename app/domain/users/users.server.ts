/**
 * Staff accounts (docs/behaviour.md §users Users/Add User/Profile, §access): who may add,
 * list and edit users, what each input must hold, and what a profile shows.
 * The back office pages and the JSON API (`/user/add`, `/user/update`,
 * `/user/update/password`, `/user/data`) call these same functions.
 *
 * Decisions where the product's rules were silent (see docs/decisions/):
 * - Passwords need at least 8 characters (`MIN_PASSWORD_LENGTH`), the
 *   "Strong" minimum of docs/behaviour.md §users, for new users and password changes.
 * - A user's post count is the posts whose author is that user, in any
 *   status except trash (authors are linked by id, so a rename keeps them).
 * - Editing a profile never changes the role; only an Administrator edits
 *   someone else's profile or password.
 */
import { and, count, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { posts, ROLES, type Role, type User, users } from "#db/schema";
import { type SessionUser, toSessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { hashPassword } from "~/domain/access/password.server";
import { setUserPassword } from "~/domain/accounts/passwords.server";
import { newApiKeyColumns, ownApiKey } from "~/domain/accounts/secrets.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { badRequest, DomainError, forbidden, notFound } from "~/domain/errors.server";
import { personName } from "~/domain/names";
import { siteTimeZone } from "~/domain/site/settings.server";
import { MAX_BIO_LENGTH, uniqueUserSlug } from "~/domain/users/authors.server";
import {
  assertCurrentVersion,
  readVersion,
  versionConflict,
  versionStamp,
} from "~/domain/workflow/versions.server";
import { type Db, getDb } from "~/platform/db.server";
import { asText, emailField } from "~/utils/validation";
import { USER_IDENTITY_COLUMNS } from "./identity-columns.server";
import { NO_PASSWORD } from "./imported";
import { changeRole, deleteUserAccount } from "./lifecycle.server";

export const MIN_PASSWORD_LENGTH = 8;
/** The roles, for screens (imported through this server module, #db/schema stays out of the browser). */
export const ROLE_NAMES: readonly Role[] = ROLES;
export const MAX_PASSWORD_LENGTH = 1024;
export const FILL_ALL_FIELDS = "Please fill in all fields";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const DUPLICATE_EMAIL = "A user with this email already exists";
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;

const nameField = (missing: string) =>
  z.preprocess(asText, personName(missing, "Name is too long"));

/** A photo URL: a path on this site (`/uploads/...`) or an http(s) address; empty means none. */
export const PhotoSchema = z.preprocess(
  (value) => (value === "" || value === undefined ? null : value),
  z
    .string({ error: "Photo must be a URL" })
    .trim()
    .max(2048, "Photo URL is too long")
    .regex(/^(\/(?![/\\])|https?:\/\/)/i, "Photo must be a URL on this site or an http(s) address")
    .nullable(),
);

export const RoleSchema = z.enum(ROLES, {
  error: `Role must be one of ${ROLES.join(", ")}`,
});

export const AddUserSchema = z.object({
  email: emailField("Email is required"),
  name: nameField("Name is required"),
  password: z.preprocess(
    asText,
    z
      .string({ error: "Password is required" })
      .min(1, "Password is required")
      .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
      .max(MAX_PASSWORD_LENGTH, "Password is too long"),
  ),
  role: z.preprocess((v) => (v === "" || v == null ? "Subscriber" : v), RoleSchema),
  photo: PhotoSchema.optional(),
});
export type AddUserInput = z.input<typeof AddUserSchema>;

export const UpdateProfileSchema = z.object({
  uid: z.string({ error: "uid is required" }).trim().min(1, "uid is required").max(100),
  name: nameField(FILL_ALL_FIELDS),
  email: emailField(FILL_ALL_FIELDS),
  /** Absent keeps the current photo. */
  photo: PhotoSchema.optional(),
  /** Shown on the author page; absent keeps the current one. */
  bio: z.preprocess(asText, z.string().trim().max(MAX_BIO_LENGTH, "Bio is too long")).optional(),
});
export type UpdateProfileInput = z.input<typeof UpdateProfileSchema>;

export const ChangePasswordSchema = z
  .object({
    uid: z.string({ error: "uid is required" }).trim().min(1, "uid is required").max(100),
    password: z.preprocess(asText, z.string().min(1, FILL_ALL_FIELDS)),
    confirmPassword: z.preprocess(asText, z.string().min(1, FILL_ALL_FIELDS)),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH })
  .refine((v) => v.password.length >= MIN_PASSWORD_LENGTH, { message: PASSWORD_TOO_SHORT })
  .refine((v) => v.password.length <= MAX_PASSWORD_LENGTH, { message: "Password is too long" });
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

export const ListUsersSchema = z.object({
  role: z.preprocess((v) => (v === "" || v === "All" ? undefined : v), RoleSchema.optional()),
});

/** What anyone may see of a user: never the password hash; the apiKey only for themselves. */
export type PublicProfile = Omit<SessionUser, "id" | "address" | "sessionId"> & {
  timestamp: number;
  /** False while the account is deactivated. */
  active: boolean;
  /** Send it back with an update: a newer stored version refuses the update (409). */
  version: number;
  apiKey?: string;
};

export function toPublicProfile(row: User, viewer: { uid: string } | null): PublicProfile {
  const { id: _id, ...who } = toSessionUser(row);
  const profile: PublicProfile = {
    ...who,
    timestamp: row.timestamp.getTime(),
    active: !row.deactivatedAt,
    version: row.version,
  };
  if (viewer && viewer.uid === row.uid) profile.apiKey = ownApiKey(row);
  return profile;
}

/**
 * Parses with `schema`; a 400 with the first issue's own message (these
 * messages name their field, and the documented "Please fill in all fields" must
 * read exactly so).
 */
/** Like errors.server's parseInput, but the message alone: the documented messages are shown as they are. */
function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid input");
  return result.data;
}

function assertAdministrator(actor: SessionUser) {
  if (!can(actor.role, "manageSite")) throw forbidden("Only an Administrator can manage users");
}

function emailTaken(email: string, exceptUid?: string): boolean {
  const where = exceptUid
    ? and(eq(users.email, email), ne(users.uid, exceptUid))
    : eq(users.email, email);
  return Boolean(getDb().select({ id: users.id }).from(users).where(where).get());
}

/** SQLite's unique-index failure on users.email (a race between two adds). */
function isUniqueEmailError(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message);
}

/**
 * Adds a staff account (Administrator only). Email, name and password are
 * required; a duplicate email is a 409 and nothing is written. The new user
 * gets a uid and an apiKey. Returns the public profile.
 */
export function addUser(actor: SessionUser, input: unknown): PublicProfile {
  assertAdministrator(actor);
  const values = parseInput(AddUserSchema, input);
  if (emailTaken(values.email)) throw new DomainError(409, DUPLICATE_EMAIL);
  try {
    const db = getDb();
    const row = db
      .insert(users)
      .values({
        uid: crypto.randomUUID(),
        slug: uniqueUserSlug(db, values.name),
        name: values.name,
        email: values.email,
        role: values.role,
        passwordHash: hashPassword(values.password),
        ...newApiKeyColumns().columns,
        photo: values.photo ?? null,
      })
      .returning()
      .get();
    recordAudit(getDb(), {
      action: "user-added",
      actor,
      targetType: "user",
      targetId: row.uid,
      summary: `${row.name} (${row.role})`,
      address: actor.address,
    });
    return toPublicProfile(row, null);
  } catch (error) {
    if (isUniqueEmailError(error)) throw new DomainError(409, DUPLICATE_EMAIL);
    throw error;
  }
}

function userRowByUid(uid: string): User {
  const row = getDb().select().from(users).where(eq(users.uid, uid)).get();
  if (!row) throw notFound("User not found");
  return row;
}

/** A user may change their own profile and password; an Administrator anyone's. */
function assertMayEdit(actor: SessionUser, uid: string) {
  if (actor.uid !== uid && !can(actor.role, "manageSite")) {
    throw forbidden("You can only change your own profile");
  }
}

/**
 * Edits name, email and (when given) photo. "Please fill in all fields" when
 * name or email is empty; 409 for an email another user has.
 */
export function updateProfile(actor: SessionUser, input: unknown): PublicProfile {
  const values = parseInput(UpdateProfileSchema, input);
  const read = readVersion(input);
  assertMayEdit(actor, values.uid);
  const current = userRowByUid(values.uid);
  // A save over a newer version of the record is refused (docs/behaviour.md §workflow).
  assertCurrentVersion(read, current, siteTimeZone(getDb()));
  if (emailTaken(values.email, values.uid)) throw new DomainError(409, DUPLICATE_EMAIL);
  try {
    const db = getDb();
    // A new name gives a new author page address; an unchanged one keeps it.
    const slug =
      current.name === values.name && current.slug
        ? current.slug
        : uniqueUserSlug(db, values.name, current.id);
    const row = db
      .update(users)
      .set({
        name: values.name,
        slug,
        ...(values.bio !== undefined ? { bio: values.bio } : {}),
        email: values.email,
        ...(values.photo !== undefined && values.photo !== null ? { photo: values.photo } : {}),
        timestamp: new Date(),
        ...versionStamp(actor, current),
      })
      .where(and(eq(users.uid, values.uid), eq(users.version, current.version)))
      .returning()
      .get();
    // Another save got in between the read and this write.
    if (!row) throw versionConflict(userRowByUid(values.uid), siteTimeZone(db));
    return toPublicProfile(row, actor);
  } catch (error) {
    if (isUniqueEmailError(error)) throw new DomainError(409, DUPLICATE_EMAIL);
    throw error;
  }
}

/**
 * Sets a new password: both fields required ("Please fill in all fields"),
 * equal ("Passwords do not match") and at least 8 characters. The documented
 * JSON call sends only `confirmPassword`; its route passes it as both.
 */
export function changePassword(actor: SessionUser, input: unknown): void {
  const values = parseInput(ChangePasswordSchema, input);
  assertMayEdit(actor, values.uid);
  const db = getDb();
  const row = db
    .select({ id: users.id, uid: users.uid, name: users.name })
    .from(users)
    .where(eq(users.uid, values.uid))
    .get();
  if (!row) throw notFound("User not found");
  // Every other session of that user ends; the actor's own current one stays.
  setUserPassword(db, row, values.password, {
    action: "password-changed",
    actor,
    summary: row.name,
    address: actor.address,
    keepSessionId: actor.id === row.id ? actor.sessionId : undefined,
  });
}

export type UserListRow = Pick<
  PublicProfile,
  "uid" | "name" | "email" | "role" | "photo" | "createdAt"
> & {
  postCount: number;
  active: boolean;
  /** False for an account that never had a password (imported, not invited yet). */
  passwordSet: boolean;
};

export type UserRoleCounts = Record<"All" | Role, number>;

/**
 * The users list (Administrator only): newest first, optionally one role,
 * each with its post count (one grouped query), and the count of every tab.
 */
export function listUsers(
  actor: SessionUser,
  input: unknown = {},
): { users: UserListRow[]; counts: UserRoleCounts; role: Role | undefined } {
  assertAdministrator(actor);
  const { role } = parseInput(ListUsersSchema, input);
  const db = getDb();
  const postCount = sql<number>`count(${posts.id})`;
  const rows = db
    .select({
      ...USER_IDENTITY_COLUMNS,
      deactivatedAt: users.deactivatedAt,
      passwordSet: sql<number>`${users.passwordHash} != ${NO_PASSWORD}`,
      postCount,
    })
    .from(users)
    .leftJoin(posts, and(eq(posts.authorId, users.id), ne(posts.status, "trash")))
    .where(role ? eq(users.role, role) : undefined)
    .groupBy(users.id)
    .orderBy(desc(users.createdAt), desc(users.id))
    .all();
  const byRole = db.select({ role: users.role, n: count() }).from(users).groupBy(users.role).all();
  const counts = Object.fromEntries([["All", 0], ...ROLES.map((r) => [r, 0])]) as UserRoleCounts;
  for (const r of byRole) {
    counts[r.role] = r.n;
    counts.All += r.n;
  }
  return {
    users: rows.map(({ deactivatedAt, passwordSet, ...r }) => ({
      ...r,
      active: !deactivatedAt,
      passwordSet: Boolean(passwordSet),
      createdAt: r.createdAt.getTime(),
      postCount: Number(r.postCount),
    })),
    counts,
    role,
  };
}

/**
 * A user's profile by uid (docs/api.md `POST /user/data`): never the hash; the
 * apiKey only when `viewer` is that same user. 404 for an unknown uid.
 */
export function getUserProfile(uid: unknown, viewer: { uid: string } | null = null): PublicProfile {
  if (typeof uid !== "string" || uid.trim() === "") throw badRequest("uid is required");
  return toPublicProfile(userRowByUid(uid.trim()), viewer);
}

/** Whether the account has a password (false: imported and not invited yet, decision 114). */
export function hasPassword(uid: string): boolean {
  return userRowByUid(uid).passwordHash !== NO_PASSWORD;
}

/** Changes a user's role (the rules of `./lifecycle.server`). */
export function setUserRole(actor: SessionUser, input: unknown): PublicProfile {
  return toPublicProfile(changeRole(actor, input), actor);
}

/** Deletes a staff account (`/crud/delete/doc`; the rules of `./lifecycle.server`). */
export function deleteUser(
  actor: SessionUser,
  uid: unknown,
  reassignTo?: unknown,
): { uid: string } {
  return { uid: deleteUserAccount(actor, { uid, reassignTo }).uid };
}

/**
 * User records as the generic data calls list them, newest first: every
 * account for an Administrator, only their own for everyone else.
 */
export function userDocuments(
  actor: SessionUser,
  where: SQL | undefined,
  page: { limit: number; offset: number },
  db: Db = getDb(),
): PublicProfile[] {
  const own = can(actor.role, "manageSite") ? undefined : eq(users.uid, actor.uid);
  return db
    .select()
    .from(users)
    .where(and(own, where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset)
    .all()
    .map((row) => toPublicProfile(row, actor));
}

/**
 * A user record replaced by uid (`/crud/update/doc`): name, email and photo
 * through the profile rule (yourself, or anyone as an Administrator); a role
 * change only by an Administrator, never of their own account (so one always
 * remains); never the uid, the password (`POST /user/update/password`) or the
 * apiKey. Both changes validate before they write; a refusal of either rolls
 * back the other.
 */
export function replaceUserRecord(
  actor: SessionUser,
  uid: string,
  data: Record<string, unknown>,
): PublicProfile {
  const row = userRowByUid(uid);
  assertMayEdit(actor, uid);
  if (data.uid !== undefined && data.uid !== row.uid) throw badRequest("uid cannot be changed");
  if (data.password !== undefined || data.passwordHash !== undefined) {
    throw badRequest("Change passwords with POST /user/update/password");
  }
  if (data.apiKey !== undefined && data.apiKey !== row.apiKey) {
    throw badRequest("apiKey cannot be changed");
  }
  const profile = {
    uid,
    name: data.name,
    email: data.email,
    photo: data.photo,
    version: data.version,
  };
  return getDb().transaction(() => {
    const updated = updateProfile(actor, profile);
    return data.role !== undefined && data.role !== row.role
      ? setUserRole(actor, { uid, role: data.role })
      : updated;
  });
}
