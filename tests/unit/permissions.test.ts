import { describe, expect, it } from "vitest";
import { can, isAdministratorOnlyPath } from "~/domain/access/capabilities";

describe("permissions (SPEC §6)", () => {
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

  it("knows the Administrator-only paths, and not their look-alikes", () => {
    for (const path of [
      "/admin/users",
      "/admin/users/",
      "/admin/users/add",
      "/admin/dashboard",
      "/admin/pages/add",
      "/admin/settings",
      "/admin/analytics",
      "/admin/comments",
    ]) {
      expect(isAdministratorOnlyPath(path), path).toBe(true);
    }
    for (const path of [
      "/admin/users/profile",
      "/admin/posts",
      "/admin/settingsx",
      "/admin/media/library",
    ]) {
      expect(isAdministratorOnlyPath(path), path).toBe(false);
    }
  });
});
