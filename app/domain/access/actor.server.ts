/**
 * The actor every domain function takes: the signed-in staff member as the
 * server knows them (never the password hash or apiKey). How the actor is
 * found (session cookie, apiKey) is the web layer's business
 * (`~/web/auth.server`); what they may do is decided here and in
 * `./capabilities`.
 */
import type { Role, User } from "#db/schema";
import { forbidden } from "~/domain/errors.server";
import { type Capability, can } from "./capabilities";

export type SessionUser = {
  id: number;
  uid: string;
  name: string;
  email: string;
  role: Role;
  photo: string | null;
  createdAt: number;
  /** The request's client address, for the audit log (set by the web layer). */
  address?: string;
  /** The server-side session the request came with, if any. */
  sessionId?: number;
};

export function toSessionUser(row: User): SessionUser {
  return {
    id: row.id,
    uid: row.uid,
    name: row.name,
    email: row.email,
    role: row.role,
    photo: row.photo,
    createdAt: row.createdAt.getTime(),
  };
}

/** Throws 403 unless the `actor`'s role has `capability`. */
export function assertCan(actor: SessionUser, capability: Capability): void {
  if (!can(actor.role, capability)) throw forbidden();
}
