/**
 * The gallery the galleries specs publish (docs/behaviour.md §galleries): its stored form, as a
 * writer types it into the plain field, and what the page must show of it.
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export const GALLERY_IMAGES = [
  {
    src: "/demo/images/ballot-box.jpg",
    alt: "A ballot box",
    caption: "Polls open.",
    credit: "Ann Lee",
  },
  {
    src: "/demo/images/chart-up.jpg",
    alt: "A rising chart",
    caption: "Markets rise.",
    credit: "Bo Chen",
  },
  {
    src: "/demo/images/envelope.jpg",
    alt: "An envelope",
    caption: "Mail arrives.",
    credit: "Cy Dee",
  },
];

export const GALLERY_HTML =
  '<p>Three pictures from the day.</p><figure class="ik-gallery" data-columns="3"><ul class="ik-gallery-grid">' +
  GALLERY_IMAGES.map(
    (image) =>
      `<li><figure class="ik-image"><img src="${image.src}" alt="${image.alt}" width="1200" height="800">` +
      `<figcaption><span class="ik-caption">${image.caption}</span> <span class="ik-credit">${image.credit}</span></figcaption></figure></li>`,
  ).join("") +
  "</ul><figcaption>A day in pictures.</figcaption></figure>";

/** The published gallery as the page shows it: the grid, full-size links, captions and credits. */
export async function expectGallery(page: Page) {
  const gallery = page.locator(".prose figure.ik-gallery");
  await expect(gallery).toHaveAttribute("data-columns", "3");
  const items = gallery.locator("ul.ik-gallery-grid > li");
  await expect(items).toHaveCount(GALLERY_IMAGES.length);
  for (const [i, image] of GALLERY_IMAGES.entries()) {
    const item = items.nth(i);
    const link = item.getByRole("link", { name: image.alt });
    await expect(link).toHaveAttribute("href", image.src);
    await expect(item.locator(".ik-caption")).toHaveText(image.caption);
    await expect(item.locator(".ik-credit")).toHaveText(`Photo: ${image.credit}`);
  }
  await expect(gallery.locator(":scope > figcaption")).toHaveText("A day in pictures.");
}

/** How many columns the grid lays out. */
export function gridColumns(page: Page): Promise<number> {
  return page
    .locator(".prose .ik-gallery-grid")
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length);
}
