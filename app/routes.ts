import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The whole route table. Static segments outrank the dynamic post route
 * `/:id/:category/:url`, so resource routes at the documented paths win.
 */
export default [
  // Resource routes (no UI).
  route("action/set-theme", "routes/resources/set-theme.ts"),

  // The JSON API (docs/api.md): the reader calls, which the public pages' fetchers and beacons use too.
  route("posts/like/:id", "routes/api.posts-like.ts"),
  route("posts/share/:id", "routes/api.posts-share.ts"),
  route("posts/update/:id", "routes/api.posts-update.ts"),
  route("newsletter/join", "routes/api.newsletter-join.ts"),
  route("newsletter/unsubscribe", "routes/api.newsletter-unsubscribe.ts"),
  route("comments/add/:postId", "routes/api.comments-add.ts"),
  route("get/comments/:postId", "routes/api.comments-get.ts"),

  // Public reads, admin calls, newsletters.
  route("user/data", "routes/api.user-data.ts"),
  route("get/setting-data", "routes/api.setting-data.ts"),
  route("get/captcha-challenge", "routes/api.captcha-challenge.ts"),
  ...(
    [
      "leading-conversations",
      "freshly-pressed",
      "sponsored",
      "newsletters",
      "crypto-updates",
    ] as const
  ).map((list) => route(`get/${list}`, "routes/api.home-list.ts", { id: `api-home-${list}` })),
  route("get/posts/by-tag/:tag", "routes/api.posts-by-tag.ts"),
  route("get/search", "routes/api.search.ts"),
  route("get/posts/:categoryKey", "routes/api.posts-by-category.ts"),
  route("get/post/:id/:categoryKey/:url", "routes/api.post-detail.ts"),
  route("user/admin/authenticate", "routes/api.user-authenticate.ts"),
  route("posts/add", "routes/api.posts-add.ts"),
  route("get/dashboard-data", "routes/api.dashboard-data.ts"),
  route("get/analytics-data", "routes/api.analytics-data.ts"),
  route("user/add", "routes/api.user-add.ts"),
  route("user/update", "routes/api.user-update.ts"),
  route("user/update/password", "routes/api.user-update-password.ts"),
  route("newsletter/send", "routes/api.newsletter-send.ts"),

  // Generic data calls (docs/api.md): app/web/crud.server.ts.
  route("crud/get/docs", "routes/api.crud-get-docs.ts"),
  route("crud/add/doc", "routes/api.crud-add-doc.ts"),
  route("crud/update/doc", "routes/api.crud-update-doc.ts"),
  route("crud/delete/doc", "routes/api.crud-delete-doc.ts"),
  route("get/nextid", "routes/api.nextid.ts"),
  route("upload/image", "routes/api.upload-image.ts"),

  // Webhooks (docs/api.md "Webhooks"): Administrators.
  route("get/webhooks", "routes/api.webhooks-list.ts"),
  route("webhooks/add", "routes/api.webhooks-add.ts"),
  route("webhooks/remove/:uid", "routes/api.webhooks-remove.ts"),

  // Content API tokens (docs/api.md "Content API tokens"): Administrators.
  route("get/content-tokens", "routes/api.content-tokens-list.ts"),
  route("content-tokens/add", "routes/api.content-tokens-add.ts"),
  route("content-tokens/revoke/:uid", "routes/api.content-tokens-revoke.ts"),

  // Public resources: feeds, sitemap, robots, the no-JS share redirect.
  route("rss.xml", "routes/feeds/rss.ts"),
  route("category/:category/rss.xml", "routes/feeds/category-rss.ts"),
  route("author/:slug/rss.xml", "routes/feeds/author-rss.ts"),
  route("sitemap.xml", "routes/feeds/sitemap.ts"),
  route("sitemap/:file", "routes/feeds/sitemap-part.ts"),
  route("robots.txt", "routes/feeds/robots.ts"),
  route("share/:id/:network", "routes/share.ts"),
  // Atom, JSON Feed and tag RSS beside the RSS feeds above; the WebSub hub; oEmbed and its cards
  // (docs/integrations.md "Feeds", "WebSub", "oEmbed").
  ...["", "category/:category/", "tag/:tag/", "author/:slug/"].flatMap((base) =>
    ["atom.xml", "feed.json", ...(base.startsWith("tag") ? ["rss.xml"] : [])].map((file) =>
      route(`${base}${file}`, "routes/feeds/feed.ts", {
        id: `feed-${base.split("/")[0] || "site"}-${file}`,
      }),
    ),
  ),
  route("websub", "routes/websub.ts"),
  route("oembed", "routes/oembed.ts"),
  route("embed/:id", "routes/embed-card.ts"),

  // Webmention (docs/federation.md "Webmention"): other sites tell us they link to a post.
  route("webmention", "routes/webmention.ts"),
  // For machines (docs/integrations.md): a post as Markdown (where its `.md` address and
  // `Accept: text/markdown` lead) and llms.txt.
  route("md/posts/:id", "routes/machines/post-markdown.ts"),
  route("llms.txt", "routes/machines/llms-txt.ts"),
  // Members: "Download my data" (docs/members.md).
  route("account/data", "routes/account.data.ts"),

  // Back office. Login and the form-only routes stand alone; every
  // other /admin screen renders in the admin layout, whose middleware guards
  // it by the screen table (app/domain/access/admin-screens.ts: one entry per
  // route below).
  route("admin/login", "routes/admin.login.tsx"),
  route("admin/logout", "routes/admin.logout.ts"),
  route("admin/login/verify", "routes/admin.login-verify.tsx"),
  route("admin/forgot-password", "routes/admin.forgot-password.tsx"),
  route("admin/reset-password", "routes/admin.reset-password.tsx"),
  route("admin/announcement", "routes/admin.announcement.ts"),
  route("admin/embeds/resolve", "routes/admin.embeds-resolve.ts"),
  route("admin", "routes/admin.index.ts"),
  layout("routes/admin.layout.tsx", [
    route("admin/posts", "routes/admin.posts.tsx"),
    route("admin/posts/add", "routes/admin.posts-add.tsx"),
    route("admin/posts/edit/:id", "routes/admin.posts-edit.tsx"),
    route("admin/posts/edit/:id/markdown", "routes/admin.posts-edit-markdown.ts"),
    route("admin/posts/categories", "routes/admin.posts-categories.tsx"),
    route("admin/posts/tags", "routes/admin.posts-tags.tsx"),
    route("admin/contributors", "routes/admin.contributors.tsx"),
    route("admin/media/library", "routes/admin.media-library.tsx"),
    route("admin/media/add", "routes/admin.media-add.tsx"),
    route("admin/dashboard", "routes/admin.dashboard.tsx"),
    route("admin/analytics", "routes/admin.analytics.tsx"),
    route("admin/users", "routes/admin.users.tsx"),
    route("admin/users/add", "routes/admin.users-add.tsx"),
    route("admin/users/profile", "routes/admin.profile.tsx"),
    route("admin/users/edit/:uid", "routes/admin.users-edit.tsx"),
    route("admin/audit", "routes/admin.audit.tsx"),
    route("admin/settings", "routes/admin.settings.tsx"),
    route("admin/pages", "routes/admin.pages.tsx"),
    route("admin/pages/add", "routes/admin.pages-add.tsx"),
    route("admin/pages/edit/:id", "routes/admin.pages-edit.tsx"),
    route("admin/comments", "routes/admin.comments.tsx"),
    route("admin/mail/subscribers-list", "routes/admin.mail-subscribers.tsx"),
    route("admin/mail/subscribers-list/export", "routes/admin.mail-subscribers-export.ts"),
    route("admin/mail/subscribers-list/import", "routes/admin.mail-subscribers-import.tsx"),
    route("admin/mail/subscribers-list/suppress", "routes/admin.mail-suppression.tsx"),
    route("admin/mail/send-newsletter", "routes/admin.mail-send.tsx"),
    route("admin/tools/import", "routes/admin.tools-import.tsx"),
    route("admin/tools/export", "routes/admin.tools-export.tsx"),
    route("admin/tools/export/archive", "routes/admin.tools-export-archive.ts"),
    route("admin/tools/export/wxr", "routes/admin.tools-export-wxr.ts"),
    route("admin/tools/backups", "routes/admin.tools-backups.tsx"),
    route("admin/tools/backups/:name", "routes/admin.tools-backups-download.ts"),
    route("admin/mail/newsletters/:uid", "routes/admin.mail-newsletter.tsx"),
    route("admin/mail/newsletters/:uid/preview", "routes/admin.mail-newsletter-preview.ts"),
    route("admin/integrations", "routes/admin.integrations.tsx"),
    route("admin/integrations/webhooks/:uid", "routes/admin.integrations-webhook.tsx"),
    // Federation (docs/federation.md "Following and blocking").
    route("admin/fediverse", "routes/admin.fediverse.tsx"),
  ]),
  // Unknown admin paths: 404, in the admin frame when signed in. The
  // three-segment form outranks the public post route `/:id/:category/:url`.
  route("admin/:section/:page", "routes/admin.not-found.tsx", { id: "admin-not-found-3" }),
  route("admin/*", "routes/admin.not-found.tsx"),

  // ActivityPub (docs/federation.md): discovery, actor documents and inboxes.
  route(".well-known/webfinger", "routes/federation/webfinger.ts"),
  route(".well-known/nodeinfo", "routes/federation/nodeinfo.ts", { id: "nodeinfo-links" }),
  route("nodeinfo/2.1", "routes/federation/nodeinfo.ts"),
  route("ap/site", "routes/federation/actor.ts", { id: "ap-actor-site" }),
  route("ap/users/:id", "routes/federation/actor.ts", { id: "ap-actor-user" }),
  route("ap/guests/:id", "routes/federation/actor.ts", { id: "ap-actor-guest" }),
  route("ap/authors/:slug", "routes/federation/actor.ts"),
  route("ap/inbox", "routes/federation/inbox.ts", { id: "ap-inbox-shared" }),
  route("ap/site/inbox", "routes/federation/inbox.ts", { id: "ap-inbox-site" }),
  route("ap/users/:id/inbox", "routes/federation/inbox.ts", { id: "ap-inbox-user" }),
  route("ap/guests/:id/inbox", "routes/federation/inbox.ts"),
  // ActivityPub objects and outboxes (docs/federation.md "What is sent").
  route("ap/posts/:id", "routes/ap/post.ts"),
  route("ap/site/outbox", "routes/ap/outbox.ts", { id: "ap-outbox-site" }),
  route("ap/users/:id/outbox", "routes/ap/outbox.ts", { id: "ap-outbox-user" }),
  route("ap/guests/:id/outbox", "routes/ap/outbox.ts", { id: "ap-outbox-guest" }),
  route("ap/site/followers", "routes/ap/outbox.ts", { id: "ap-followers-site" }),
  route("ap/users/:id/followers", "routes/ap/outbox.ts", { id: "ap-followers-user" }),
  route("ap/guests/:id/followers", "routes/ap/outbox.ts", { id: "ap-followers-guest" }),

  // Public site, inside the shared header and footer.
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("explore", "routes/explore.tsx"),
    route("search", "routes/search.tsx"),
    route("category/:category", "routes/category.tsx"),
    route("tag/:tag", "routes/tag.tsx"),
    route("author/:slug", "routes/author.tsx"),
    route("reach-out", "routes/reach-out.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("media-policy", "routes/media-policy.tsx"),
    route("newsletter", "routes/newsletter.tsx"),
    route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
    route("unsubscribe", "routes/unsubscribe.tsx"),
    route("unauthorised-access", "routes/unauthorised-access.tsx"),
    // Members: signing in and the account page (docs/members.md).
    route("account", "routes/account.tsx"),
    route("account/sign-in", "routes/account.sign-in.tsx"),
    route("account/sign-in/code", "routes/account.sign-in-code.tsx"),
    route("account/sign-in/verify", "routes/account.sign-in-verify.tsx"),
    route("account/email", "routes/account.email.tsx"),
    route("account/delete", "routes/account.delete.tsx"),
    route(":id/:category/:url", "routes/post.tsx"),
    route(":slug", "routes/page.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
