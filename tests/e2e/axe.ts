/**
 * axe-core over the page as it is (WCAG 2.1 A and AA rules): the serious and critical violations,
 * each with its rule and up to five targets. An empty list passes. `exclude` leaves out regions
 * axe cannot check, such as a sandboxed frame where no script runs (axe would wait in it forever).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export async function seriousViolations(page: Page, options: { exclude?: string[] } = {}) {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of options.exclude ?? []) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
}
