/** Members' words (docs/members.md "Settings"); browser-safe, shared by the schema and screens. */
export const MEMBERS_SIGNUP = ["anyone", "subscribers", "nobody"] as const;
export type MembersSignup = (typeof MEMBERS_SIGNUP)[number];
export const DELETED_MEMBER_COMMENTS = ["keep", "remove"] as const;
export type DeletedMemberComments = (typeof DELETED_MEMBER_COMMENTS)[number];
/** The Subscribers screen's member filter. */
export const MEMBER_FILTERS = ["all", "member", "non-member"] as const;
export type MemberFilter = (typeof MEMBER_FILTERS)[number];
