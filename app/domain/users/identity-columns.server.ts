import { users } from "#db/schema";

/**
 * A staff member as All Users lists them and an export carries them: who
 * they are, never a password hash, API key or 2FA secret.
 */
export const USER_IDENTITY_COLUMNS = {
  uid: users.uid,
  name: users.name,
  email: users.email,
  role: users.role,
  photo: users.photo,
  createdAt: users.createdAt,
};
