import { describe, expect, it } from "vitest";
import { mayOpen, screenFor } from "~/domain/access/admin-screens";
import { can } from "~/domain/access/capabilities";

describe("permissions (docs/behaviour.md §access)", () => {
  it("keeps site management to Administrators", () => {
    expect(can("Administrator", "manageSite")).toBe(true);
    for (const role of ["Editor", "Author", "Contributor", "Subscriber"] as const) {
      expect(can(role, "manageSite")).toBe(false);
    }
    expect(can(null, "writePosts")).toBe(false);
  });

  it("lets Contributors write but not publish or delete, and see only their own posts", () => {
    expect(can("Contributor", "writePosts")).toBe(true);
    expect(can("Contributor", "publishPosts")).toBe(false);
    expect(can("Contributor", "deletePosts")).toBe(false);
    expect(can("Author", "seeAllPosts")).toBe(false);
    expect(can("Editor", "seeAllPosts")).toBe(true);
    expect(can("Subscriber", "writePosts")).toBe(false);
  });

  it("gives only Administrators media deletion, and mail to Administrators and Editors", () => {
    expect(can("Administrator", "deleteMedia")).toBe(true);
    expect(can("Editor", "deleteMedia")).toBe(false);
    expect(can("Editor", "manageMail")).toBe(true);
    expect(can("Author", "manageMail")).toBe(false);
  });

  it("keeps the Administrator-only paths to Administrators, and not their look-alikes", () => {
    const adminOnly = (path: string) =>
      mayOpen("Administrator", screenFor(path)) && !mayOpen("Editor", screenFor(path));
    for (const path of [
      "/admin/users",
      "/admin/users/",
      "/admin/users/add",
      "/admin/dashboard",
      "/admin/pages/add",
      "/admin/settings",
      "/admin/analytics",
      "/admin/comments",
      "/admin/Settings",
      "/admin/dashboard/anything",
      "/admin/%73ettings",
    ]) {
      expect(adminOnly(path), path).toBe(true);
    }
    for (const path of [
      "/admin/users/profile",
      "/admin/posts",
      "/admin/settingsx",
      "/admin/media/library",
      "/admin/users/anything",
    ]) {
      expect(adminOnly(path), path).toBe(false);
    }
  });
});
