/** `GET /llms.txt` (llmstxt.org): the site for language models (docs/integrations.md "Markdown and llms.txt"). */
import { llmsTxt } from "~/domain/posts/llms-txt.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { llmsTxtResponse } from "~/web/machine-responses.server";
import type { Route } from "./+types/llms-txt";

export function loader({ request }: Route.LoaderArgs) {
  return llmsTxtResponse(request, llmsTxt(getDb(), readEnv().publicUrl));
}
