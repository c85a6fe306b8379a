import {
  createCookie,
  data,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { FlashNotice } from "~/components/admin/toasts";
import { Byline } from "~/components/byline";
import { ChipList } from "~/components/chip-list";
import { CommentsSection } from "~/components/comments";
import { EmbedLoader } from "~/components/embed-loader";
import { Lightbox } from "~/components/lightbox";
import { MembersOnlyBox } from "~/components/members-only-box";
import { NewsletterForm } from "~/components/newsletter-form";
import { LikeButton, ShareLinks, useVisitBeacon } from "~/components/post-actions";
import { IMAGE_SIZES, ResponsiveImage } from "~/components/responsive-image";
import { SocialCard } from "~/components/social-card";
import { can } from "~/domain/access/capabilities";
import { readableContent } from "~/domain/access/reading.server";
import { mayTouchStoredPost } from "~/domain/bylines/membership.server";
import { bylinePeople } from "~/domain/bylines/people.server";
import { approvedCount, publicComments } from "~/domain/comments/comments.server";
import { memberView } from "~/domain/comments/member-comments.server";
import { commentsOpen } from "~/domain/comments/submit.server";
import { renderContent } from "~/domain/content/pipeline.server";
import { embedSourcesFor } from "~/domain/embeds/policy.server";
import { isDomainError } from "~/domain/errors.server";
import { likeAsReader } from "~/domain/members/data.server";
import { getMember } from "~/domain/members/session.server";
import { parsePostId } from "~/domain/posts/ids";
import { getPostById, getPublishedPost, getReadAlso } from "~/domain/posts/reading.server";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";
import { getSettings, getSiteInfo } from "~/domain/site/settings.server";
import { mentionMarks } from "~/domain/webmention/display.server";
import { clientAddressContext, useNonce } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { bufferView } from "~/platform/view-buffer.server";
import { prepareContentImages } from "~/utils/content-images";
import { absoluteUrl, publisherLogo, rootSeo, seoMeta, socialImagePath } from "~/utils/seo";
import { sitePath } from "~/utils/slug";
import { getOptionalUser } from "~/web/auth.server";
import { ownCommentIds, postCommentForm } from "~/web/comments.server";
import { countOrSlot } from "~/web/count-slots.server";
import { embedSourcesContext } from "~/web/embed-policy.server";
import { readForm } from "~/web/forms.server";
import { postMemberCommentForm } from "~/web/member-comments.server";
import { notFoundOrRedirect } from "~/web/redirects.server";
import { viewerOf } from "~/web/viewer.server";
import { isCountableRequest } from "~/web/visits.server";
import type { Route } from "./+types/post";

/** The posts this browser liked without JavaScript (with it, localStorage `likedPosts`). */
const likedCookie = createCookie("liked_posts", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});
const MAX_LIKED_REMEMBERED = 200;
/** The Webmention endpoint (app/routes/webmention.ts). */
const WEBMENTION_PATH = "/webmention";

async function likedIds(request: Request): Promise<number[]> {
  const value = await likedCookie.parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((n): n is number => Number.isInteger(n)) : [];
}

/** The published post, else a 301 for an imported old address of this shape (`/2010/10/slug`), else 404. */
function findPost(params: Route.LoaderArgs["params"], request: Request) {
  const id = parsePostId(params.id);
  const post = id === undefined ? undefined : getPublishedPost(getDb(), id);
  if (!post) throw notFoundOrRedirect(request);
  return post;
}

/**
 * A draft or post in review, for staff who may see it (docs/behaviour.md §reading):
 * Administrators and Editors any, Authors and Contributors their own (by author id).
 */
async function findPreview(params: Route.LoaderArgs["params"], request: Request) {
  const id = parsePostId(params.id);
  if (id === undefined) return undefined;
  const user = await getOptionalUser(request);
  if (!user || !can(user.role, "writePosts")) return undefined;
  const post = getPostById(getDb(), id);
  if (!post || post.status === "trash") return undefined;
  return mayTouchStoredPost(getDb(), user, post) ? post : undefined;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const preview = await findPreview(params, request);
  const post = preview ?? findPost(params, request);
  // The segments come decoded; stored URLs carry slugs in other scripts encoded.
  const requested = sitePath(params.id, params.category, params.url);
  if (requested !== post.url) throw redirect(post.url, 301);
  const db = getDb();
  // What this reader may read of the body; the rest is never in the page or its data
  // (docs/members.md "Members-only posts").
  const viewer = await viewerOf(request, db);
  const readable = readableContent(viewer, post);
  // Staff previews count no view.
  const counted = post.status === "published" && !preview && isCountableRequest(request);
  const views = counted ? post.views + bufferView(db, post.id) : post.views;
  const publicUrl = readEnv().publicUrl;
  const site = getSiteInfo(db);
  const settings = getSettings(db);
  const member = viewer.kind === "member" ? memberView(db, viewer.member, post.id) : null;
  const comments = publicComments(db, post.id, [
    ...(await ownCommentIds(request)),
    ...(member?.comments.map((c) => c.id) ?? []),
  ]);
  const open = commentsOpen(post, settings);
  const query = new URL(request.url).searchParams;
  const replyId = Number(query.get("replyto"));
  const replyTarget = comments.find((c) => c.id === replyId && c.approved);
  // The page's policy allows its embeds' frames and scripts (docs/decisions/233-embed-csp.md).
  context.set(embedSourcesContext, embedSourcesFor(db, readable.html));
  return {
    comments,
    mentions: mentionMarks(
      db,
      comments.map((c) => c.id),
    ),
    commentCount: approvedCount(db, post.id),
    commentsOpen: open.open,
    commentsClosedReason: open.open ? null : open.reason,
    replyTo: replyTarget ? { id: replyTarget.id, name: replyTarget.name } : null,
    member,
    editing: member?.comments.find((c) => c.id === Number(query.get("edit")) && c.editable)?.id,
    access: {
      complete: readable.complete,
      visibility: post.visibility,
      signIn: settings.membersEnabled,
      signup: settings.membersEnabled && settings.membersSignup !== "nobody",
    },
    post: {
      ...post,
      // In a page the cache keeps, marked places it fills with the current counts.
      likes: countOrSlot(context, "likes", post.likes),
      shares: countOrSlot(context, "shares", post.shares),
      sharesNoun: countOrSlot(context, "sharesNoun", post.shares === 1 ? "share" : "shares"),
      views,
      content: prepareContentImages(
        renderContent(sanitizePostHtml(readable.html), { target: "page", db, publicUrl }),
        {
          lazy: site.lazyLoading,
          cdn: site.cdnUrl,
        },
      ),
    },
    preview: post.status !== "published",
    readAlso: getReadAlso(db, post),
    liked: (await likedIds(request)).includes(post.id),
    absoluteUrl: absoluteUrl(publicUrl, post.url),
    siteUrl: publicUrl,
    photoUrl: post.photo ? absoluteUrl(publicUrl, socialImagePath(post.photo)) : null,
    // Every Author as a Person, other roles as contributors (docs/behaviour.md §bylines).
    people: bylinePeople(publicUrl, post.contributors, {
      "@type": "Person",
      name: post.user.name,
      ...(post.user.slug ? { url: absoluteUrl(publicUrl, `/author/${post.user.slug}`) } : {}),
    }),
    logoUrl: absoluteUrl(publicUrl, publisherLogo(getSiteInfo(db).logo)),
  };
}

/**
 * The like form without JavaScript: +1 once per browser, then back to the post (303).
 * The comment form: app/web/comments.server.ts.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readForm(request).catch((error) => {
    throw isDomainError(error) ? data(error.message, { status: error.status }) : error;
  });
  if (form.fields.intent?.startsWith("comment")) {
    const post = findPost(params, request);
    const member = getMember(request);
    if (member) {
      return postMemberCommentForm(post, member, context.get(clientAddressContext), form.fields);
    }
    if (form.fields.intent !== "comment")
      throw data("Sign in to change your comment", { status: 403 });
    return postCommentForm(request, post, context.get(clientAddressContext), form.fields);
  }
  if (form.fields.intent !== "like") throw data("Unknown action", { status: 400 });
  const post = findPost(params, request);
  const liked = await likedIds(request);
  if (!liked.includes(post.id)) {
    try {
      const db = getDb();
      likeAsReader(db, post.id, getMember(request, db));
    } catch (error) {
      if (isDomainError(error)) throw data(error.message, { status: error.status });
      throw error;
    }
  }
  const next = [...liked.filter((id) => id !== post.id), post.id].slice(-MAX_LIKED_REMEMBERED);
  return redirect(`${post.url}#like`, {
    status: 303,
    headers: { "Set-Cookie": await likedCookie.serialize(next) },
  });
}

/** A like, share or signup through the JSON calls must not reload the post (and count a view). */
export function shouldRevalidate({
  formAction,
  currentUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction && formAction !== currentUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/** Where other sites send Webmentions (docs/federation.md "Webmention"): in the page and its headers. */
export const links: Route.LinksFunction = () => [{ rel: "webmention", href: WEBMENTION_PATH }];

export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const out = new Headers(parentHeaders);
  out.append("Link", `<${WEBMENTION_PATH}>; rel="webmention"`);
  return out;
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const post = loaderData?.post;
  const tags = seoMeta(rootSeo(matches), {
    title: post?.title ?? "Page Not Found",
    description: post?.summary,
    path: post?.url ?? "/",
    image: post?.photo,
    imageAlt: post?.photo ? post.title : undefined,
    type: "article",
    noindex: !post || loaderData?.preview,
    oembed: true,
    keywords: post
      ? [post.category?.name, ...post.tags.map((t) => t.name)].filter(Boolean).join(", ")
      : undefined,
  });
  if (post) {
    tags.push(
      { property: "article:published_time", content: new Date(post.timestamp).toISOString() },
      // One per author, in byline order.
      ...(loaderData?.people.author ?? []).map((p) => ({
        property: "article:author",
        content: p.name,
      })),
    );
    if (post.category) tags.push({ property: "article:section", content: post.category.name });
  }
  return tags;
};

export default function PostPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { post, readAlso, liked } = loaderData;
  const nonce = useNonce();
  useVisitBeacon(post.id);
  const site = (
    matches[0]?.loaderData as
      | { site?: { siteName?: string; social?: { url: string }[]; logo?: string } }
      | undefined
  )?.site;
  const siteName = site?.siteName ?? "Inkwell";
  const jsonLd = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: post.title,
    description: post.summary,
    image: loaderData.photoUrl ? [loaderData.photoUrl] : undefined,
    datePublished: new Date(post.timestamp).toISOString(),
    dateModified: new Date(
      Math.max(new Date(post.updatedAt).getTime(), new Date(post.timestamp).getTime()),
    ).toISOString(),
    author: loaderData.people.author,
    contributor: loaderData.people.contributor,
    publisher: {
      "@type": "Organization",
      name: siteName,
      url: loaderData.siteUrl,
      logo: { "@type": "ImageObject", url: loaderData.logoUrl },
      sameAs: site?.social?.length ? site.social.map((s) => s.url) : undefined,
    },
    articleSection: post.category?.name,
    keywords: post.tags.map((t) => t.name).join(", ") || undefined,
    mainEntityOfPage: loaderData.absoluteUrl,
  }).replace(/</g, "\\u003c");

  return (
    <article className="container article">
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
      <header className="article-header">
        {/* After Preview in Edit Post without JavaScript: "Draft saved successfully!" */}
        <FlashNotice />
        {loaderData.preview ? (
          <p className="preview-banner" role="note">
            Preview: this post is {post.status} and not public.
          </p>
        ) : null}
        {post.category ? (
          <Link to={`/category/${post.category.slug}`} className="category-label">
            {post.category.name}
          </Link>
        ) : null}
        <h1 className="article-title">{post.title}</h1>
        <Byline
          name={post.user.name}
          photo={post.user.photo}
          slug={post.user.slug}
          byline={post.byline}
          full
          date={post.timestamp}
          avatarSize={36}
        />
        <div className="article-actions">
          <LikeButton key={post.id} postId={post.id} likes={post.likes} liked={liked} />
          <ShareLinks
            key={`share-${post.id}`}
            postId={post.id}
            shares={post.shares}
            sharesNoun={String(post.sharesNoun)}
            absoluteUrl={loaderData.absoluteUrl}
            title={post.title}
            photo={loaderData.photoUrl}
          />
        </div>
      </header>
      {post.photo ? (
        <ResponsiveImage
          className="article-hero"
          src={post.photo}
          image={post.image}
          alt={post.title}
          sizes={IMAGE_SIZES.hero}
          lead
          fallbackSize={[1200, 675]}
        />
      ) : null}
      {loaderData.access.complete ? null : <p className="article-summary">{post.summary}</p>}
      {/* Sanitized with the allowlist of sanitize.server.ts; a teaser only for who may not read it all. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.content }} />
      {loaderData.access.complete ? null : (
        <MembersOnlyBox
          signIn={loaderData.access.signIn}
          signup={loaderData.access.signup}
          returnTo={post.url}
        />
      )}
      <Lightbox />
      <EmbedLoader html={post.content} />
      {post.tags.length > 0 ? (
        <ChipList
          label="Tags"
          items={post.tags.map((t) => ({ key: t.slug, to: `/tag/${t.slug}`, text: `#${t.name}` }))}
        />
      ) : null}
      {readAlso ? (
        <p className="read-also">
          <strong>Read also:</strong> <Link to={readAlso.url}>{readAlso.title}</Link>
        </p>
      ) : null}
      {post.socialCard ? (
        <SocialCard postId={post.id} siteName={siteName} card={post.socialCard} />
      ) : null}
      {loaderData.preview ? null : (
        <CommentsSection
          postUrl={post.url}
          comments={loaderData.comments}
          count={loaderData.commentCount}
          open={loaderData.commentsOpen}
          closedReason={loaderData.commentsClosedReason}
          replyTo={loaderData.replyTo}
          member={loaderData.member}
          editing={loaderData.editing ?? null}
          result={actionData && typeof actionData === "object" ? actionData : null}
          mentions={loaderData.mentions}
        />
      )}
      <NewsletterForm />
    </article>
  );
}
