/**
 * A cluster worker for tests/integration/metrics-cluster.test.ts: counts REQUESTS home requests,
 * then answers "scrape" with what `metricsText()` gives (the whole cluster's, through the primary).
 */
import { httpRequests } from "~/platform/metrics.server";
import { metricsText, startMetrics } from "~/platform/metrics-scrape.server";

startMetrics();
httpRequests.inc({ route: "home", status: "200" }, Number(process.env.REQUESTS ?? 0));
process.on("message", (message) => {
  if (message !== "scrape") return;
  void metricsText().then((text) => process.send?.({ scraped: text }));
});
process.send?.("ready");
