/**
 * The back office without JavaScript (docs/behaviour.md §backoffice, §access): every screen renders,
 * every form works with plain posts and redirects, every outcome shows in the
 * page, and the role gate sends each role where docs/behaviour.md §access says.
 */
import {
  ADMIN_ONLY_PATHS,
  addUserThroughScreen,
  E2E_ADMIN,
  expect,
  PNG_FILE,
  type Role,
  roleUser,
  STAFF_PASSWORD,
  signInWithForm,
  signOut,
  test,
} from "./fixtures";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the JavaScript-off journey");

let base = "";
const ROLES: Role[] = ["Editor", "Author", "Contributor", "Subscriber"];
/** Added through the Add User screen, one per role. */
const ADDED_USERS = ROLES.map((role) => ({
  role,
  name: `Added ${role}`,
  email: `added-${role.toLowerCase()}@example.com`,
  password: STAFF_PASSWORD,
}));

test.beforeAll(({ server }) => {
  base = server.url;
});

test("a signed-out visit to any admin path lands on login, which signs in and goes back there", async ({
  page,
}) => {
  // Every admin path, including one no screen answers yet, asks for a session first.
  for (const path of [
    ...ADMIN_ONLY_PATHS,
    "/admin/posts",
    "/admin/users/profile",
    "/admin/media/library",
  ]) {
    await page.goto(base + path);
    await expect(page).toHaveURL(`${base}/admin/login?redirectTo=${encodeURIComponent(path)}`);
  }
  await page.goto(`${base}/admin/login`);
  await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page.getByRole("alert")).toHaveCSS("color", "rgb(179, 38, 30)");

  await page.goto(`${base}/admin/dashboard`);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
  await expect(page.getByRole("status")).toHaveText("Signed in successfully");

  await page.goto(`${base}/admin/login`);
  await expect(page).toHaveURL(`${base}/admin/posts`);
  await expect(page.getByRole("heading", { name: "All Posts" })).toBeVisible();
});

test("every Administrator screen renders its content", async ({ page, signInAs }) => {
  await signInAs("Administrator");

  await page.goto(`${base}/admin/dashboard`);
  await expect(page).toHaveTitle("Dashboard | Inkwell");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard – Inkwell");
  for (const card of ["Total Posts", "Total Users", "Total Subscribers"]) {
    await expect(page.getByRole("heading", { name: card })).toBeVisible();
  }
  // The subscribers card counts Active ones only, and says so.
  await expect(page.getByText("Active subscribers", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "View more: Total Users" })).toHaveAttribute(
    "href",
    "/admin/users",
  );
  for (const h of [
    "Statistics",
    "Recent Posts",
    "Recent Subscribers",
    "Active Bloggers",
    "Attention All Admins",
  ]) {
    await expect(page.getByRole("heading", { name: h })).toBeVisible();
  }
  await expect(page.locator(".stat-card").first()).toContainText(/\d+ Posts/);
  await expect(page.locator("#recent-subscribers ~ ul time").first()).toContainText(/ago$/);

  // Dismiss without JavaScript: a cookie keeps it dismissed.
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
  await expect(page.getByRole("heading", { name: "Attention All Admins" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Attention All Admins" })).toHaveCount(0);

  await page.goto(`${base}/admin/analytics`);
  for (const card of [
    "Total Views",
    "Avg Time on Page",
    "Bounce Rate",
    "Total Comments",
    "Shares",
    "Top-Performing Posts",
  ]) {
    await expect(page.getByRole("heading", { name: card })).toBeVisible();
  }
  await expect(page.locator(".stat-card").nth(1)).toContainText(/\d+m \d+s/);

  await page.goto(`${base}/admin/users`);
  await expect(page.getByRole("heading", { name: "All Users" })).toBeVisible();
  for (const tab of ["All", "Administrator", "Editor", "Author", "Contributor", "Subscriber"]) {
    await expect(page.getByRole("link", { name: new RegExp(`^${tab} \\(\\d+\\)$`) })).toBeVisible();
  }
  await page.getByRole("link", { name: /^Editor \(/ }).click();
  await expect(page).toHaveURL(/role=Editor/);
  await expect(page.locator("tbody tr td:nth-child(3)").first()).toHaveText("Editor");

  await page.goto(`${base}/admin/settings`);
  await expect(page).toHaveTitle("Settings | Inkwell");
  for (const legend of [
    "General Settings",
    "SEO Settings",
    "Comment Settings",
    "Notification Settings",
    "Post Settings",
    "Performance & Caching",
    "Security Settings",
  ]) {
    await expect(page.getByRole("group", { name: legend })).toBeVisible();
  }
  for (const label of [
    "Site Name",
    "Logo",
    "Favicon",
    "Meta Tags",
    "Default Category",
    "Max Image Size (MB)",
    "Enable Two-Factor Authentication (2FA)",
    "Use CDN",
  ]) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }

  for (const [path, heading] of [
    ["/admin/pages", "Pages"],
    ["/admin/pages/add", "Add New Page"],
    ["/admin/comments", "Comments"],
  ]) {
    await page.goto(base + path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // Real screens now (docs/behaviour.md §pages, §comments): no sample rows.
    await expect(page.getByText("sample data", { exact: false })).toHaveCount(0);
  }

  await page.goto(`${base}/admin/media/library-nope`);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Back office" })).toBeAttached();
});

test("the sidebar shows the user and groups that open without JavaScript; the drawer opens and closes below 640px", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto(`${base}/admin/dashboard`);
  const sidebar = page.getByRole("complementary", { name: "Back office" });
  await expect(sidebar).toContainText("Site Administrator");
  await expect(sidebar).toContainText("(Administrator)");
  const mail = sidebar.locator("details", { hasText: "Mail" });
  await expect(mail.getByRole("link", { name: "Send Newsletter" })).toBeHidden();
  await mail.locator("summary").click();
  await expect(mail.getByRole("link", { name: "Send Newsletter" })).toBeVisible();
  await expect(sidebar).toHaveCSS("width", "256px");

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(sidebar).toBeHidden();
  await page.getByRole("link", { name: "Open menu" }).click();
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole("link", { name: "Close menu" }).click();
  await expect(sidebar).toBeHidden();
  await page.getByRole("link", { name: "Open menu" }).click();
  await expect(sidebar).toBeVisible();
  await page.mouse.click(360, 500); // the backdrop, outside the drawer
  await expect(sidebar).toBeHidden();
});

test("add users (one per role), and a duplicate email is refused with a clear message", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  for (const user of ADDED_USERS) {
    await addUserThroughScreen(page, base, user);
    await expect(page.getByRole("status")).toHaveText("User added successfully!");
  }
  await page.goto(`${base}/admin/users/add`);
  await page.getByLabel("Email").fill(ADDED_USERS[0]?.email ?? "");
  await page.getByLabel("Name").fill("Someone Else");
  await page.getByLabel("Password", { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel("Photo").setInputFiles(PNG_FILE);
  await page.getByRole("button", { name: "Add User" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Error adding user: A user with this email already exists",
  );
  await expect(page.getByLabel("Name")).toHaveValue("Someone Else");
});

for (const user of ROLES.map(roleUser)) {
  test(`the ${user.role} sees their menu and is sent to /unauthorised-access from each forbidden path`, async ({
    page,
    signInAs,
  }) => {
    await signInAs(user);
    // Where the login sends each role: posts, or the profile for a Subscriber.
    await page.goto(`${base}/admin/login`);
    await expect(page).toHaveURL(
      user.role === "Subscriber" ? /\/admin\/users\/profile$/ : /\/admin\/posts$/,
    );
    const sidebar = page.getByRole("complementary", { name: "Back office" });
    await expect(sidebar).toContainText(`(${user.role})`);
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(sidebar.getByRole("link", { name: "Settings" })).toHaveCount(0);
    await expect(sidebar.getByRole("link", { name: "All Users" })).toHaveCount(0);
    await expect(
      sidebar.getByRole("link", { name: "My Profile", includeHidden: true }),
    ).toHaveCount(1);
    const mail = user.role === "Editor" ? 1 : 0;
    await expect(
      sidebar.getByRole("link", { name: "Send Newsletter", includeHidden: true }),
    ).toHaveCount(mail);
    const media = ["Editor", "Author"].includes(user.role) ? 1 : 0;
    await expect(sidebar.getByRole("link", { name: "Library", includeHidden: true })).toHaveCount(
      media,
    );
    const taxonomy = ["Editor", "Author"].includes(user.role) ? 1 : 0;
    await expect(
      sidebar.getByRole("link", { name: "Categories", includeHidden: true }),
    ).toHaveCount(taxonomy);
    for (const path of ADMIN_ONLY_PATHS) {
      await page.goto(base + path);
      await expect(page, path).toHaveURL(`${base}/unauthorised-access`);
      await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    }
  });
}

test("edit the profile and change the password, then sign in with the new one", async ({
  page,
  signInAs,
}) => {
  const author = {
    email: "profile-author@example.com",
    name: "Profile Author",
    password: STAFF_PASSWORD,
    role: "Author",
  };
  await signInAs(author);
  await page.goto(`${base}/admin/users/profile`);
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
  await expect(page.locator(".profile-facts")).toContainText(author.email);
  await expect(page.locator(".profile-facts")).toContainText("Joined");

  await page.getByRole("link", { name: "Edit Profile" }).click();
  await page.getByLabel("Full Name").fill("");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill in all fields");
  await page.getByLabel("Full Name").fill("Renamed Author");
  await page.getByLabel("Photo").setInputFiles(PNG_FILE);
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByRole("status")).toHaveText("User updated successfully!");
  await expect(page.locator(".profile-facts")).toContainText("Renamed Author");
  await expect(page.locator(".profile-card img.avatar")).toHaveAttribute(
    "src",
    /^\/uploads\/users\//,
  );

  await page.getByRole("link", { name: "Change Password" }).click();
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill in all fields");
  await page.getByLabel("New Password").fill("Another-pass-456!");
  await page.getByLabel("Confirm Password").fill("Another-pass-457!");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
  await page.getByLabel("New Password").fill("Another-pass-456!");
  await page.getByLabel("Confirm Password").fill("Another-pass-456!");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("status")).toHaveText("Password updated successfully!");

  await signOut(page, base);
  await signInWithForm(page, base, author.email, "Another-pass-456!");
  await expect(page).toHaveURL(`${base}/admin/posts`);
});

test("save settings: the public site takes the new name, logo and favicon; then sign out", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto(`${base}/admin/settings`);
  await page.getByLabel("Site Name").fill("The Daily Ink");
  await page.getByLabel("Meta Tags").fill("ink, daily, news");
  await page.getByLabel("Logo").setInputFiles(PNG_FILE);
  await page.getByLabel("Favicon").setInputFiles({ ...PNG_FILE, name: "brand-icon.png" });
  await page.getByLabel("Use CDN").check();
  await page.getByLabel("Max Image Size (MB)").fill("9");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("status")).toHaveText("Settings updated successfully");
  await expect(page).toHaveTitle("Settings | The Daily Ink");
  await expect(page.locator("#logo-name")).toContainText("brand-logo.png");
  await expect(page.locator("#favicon-name")).toContainText("brand-icon.png");
  await expect(page.getByLabel("Use CDN")).toBeChecked();
  await expect(page.getByLabel("Max Image Size (MB)")).toHaveValue("9");

  await page.getByLabel("Max Image Size (MB)").fill("0");
  await page
    .getByRole("button", { name: "Save Settings" })
    .evaluate((b) => b.closest("form")?.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Error updating settings: Max image size must be at least 1 MB",
  );

  await page.goto(`${base}/`);
  await expect(page).toHaveTitle("The Daily Ink");
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute(
    "content",
    "ink, daily, news",
  );
  await expect(page.getByRole("banner").locator(".brand img")).toHaveAttribute(
    "src",
    /^\/uploads\/settings\/.+\.png$/,
  );
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
    "href",
    /^\/uploads\/settings\/.+\.png$/,
  );

  await signOut(page, base);
  await page.goto(`${base}/admin/settings`);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
});
