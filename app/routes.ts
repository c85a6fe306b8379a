import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The whole route table. Static segments outrank the dynamic post route
 * `/:id/:category/:url`, so resource routes at the spec's paths win.
 */
export default [
  // Resource routes (no UI).
  route("action/set-theme", "routes/resources/set-theme.ts"),

  // Back office (issue 5). Login and the form-only routes stand alone; every
  // other /admin screen renders in the admin layout, whose loader checks the
  // session and SPEC §6's Administrator-only paths (each screen checks again).
  route("admin/login", "routes/admin.login.tsx"),
  route("admin/logout", "routes/admin.logout.ts"),
  route("admin/announcement", "routes/admin.announcement.ts"),
  route("admin", "routes/admin.index.ts"),
  layout("routes/admin.layout.tsx", [
    route("admin/posts", "routes/admin.posts.tsx"),
    route("admin/dashboard", "routes/admin.dashboard.tsx"),
    route("admin/analytics", "routes/admin.analytics.tsx"),
    route("admin/users", "routes/admin.users.tsx"),
    route("admin/users/add", "routes/admin.users-add.tsx"),
    route("admin/users/profile", "routes/admin.profile.tsx"),
    route("admin/settings", "routes/admin.settings.tsx"),
    route("admin/pages", "routes/admin.pages.tsx"),
    route("admin/pages/add", "routes/admin.pages-add.tsx"),
    route("admin/comments", "routes/admin.comments.tsx"),
  ]),
  // Unknown admin paths: 404, in the admin frame when signed in. The
  // three-segment form outranks the public post route `/:id/:category/:url`.
  route("admin/:section/:page", "routes/admin.not-found.tsx", { id: "admin-not-found-3" }),
  route("admin/*", "routes/admin.not-found.tsx"),

  // Public site, inside the shared header and footer.
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("explore", "routes/explore.tsx"),
    route("category/:category", "routes/category.tsx"),
    route("tag/:tag", "routes/tag.tsx"),
    route("reach-out", "routes/reach-out.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("media-policy", "routes/media-policy.tsx"),
    route("unauthorised-access", "routes/unauthorised-access.tsx"),
    route(":id/:category/:url", "routes/post.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
