/**
 * Writes the records a format reader produced (./records.ts), whatever the
 * format. Each record's source id is kept in `import_records` (./ledger.server.ts):
 * a record found there is skipped ("already imported"), so importing the same
 * file again creates nothing twice, and an import cut off by a crash resumes
 * by running again. The caller wraps each batch of records in one transaction.
 *
 * - Authors and subscribers: ./write-people.server.ts.
 * - Guest contributors and co-authored bylines: ./write-bylines.server.ts.
 * - Categories and tags: ./write-terms.server.ts.
 * - Posts and comments: ./write-posts.server.ts.
 * - Pages, media and settings: ./write-site.server.ts.
 *
 * Titles and names reach the records and the report as text: the character
 * references a source writes (`&laquo;`, `&#8217;`) are decoded (./entities.ts).
 */
import type { Db } from "~/platform/db.server";
import { decodeEntities } from "./entities";
import { ImportLedger, type WriterOptions } from "./ledger.server";
import type { SourceRecord } from "./records";
import { BylineWriter } from "./write-bylines.server";
import { PeopleWriter } from "./write-people.server";
import { PostWriter } from "./write-posts.server";
import { SiteWriter } from "./write-site.server";
import { TermWriter } from "./write-terms.server";

type Handlers = { [R in SourceRecord as R["type"]]: (value: R["value"]) => unknown };

export class ImportWriter {
  private readonly posts: PostWriter;
  private readonly handlers: Handlers;

  constructor(db: Db, options: WriterOptions) {
    const ledger = new ImportLedger(db, options);
    const people = new PeopleWriter(ledger);
    const terms = new TermWriter(ledger);
    const site = new SiteWriter(ledger, people);
    const bylines = new BylineWriter(ledger, people);
    this.posts = new PostWriter(ledger, people, terms, bylines);
    this.handlers = {
      author: (a) => {
        people.authorsListed += 1;
        return people.author(a);
      },
      guest: (g) => bylines.guest(g),
      term: (t) => terms.term(t),
      post: (p) => this.posts.post(p),
      page: (p) => site.page(p),
      comment: (c) => this.posts.comment(c),
      media: (m) => site.mediaItem(m),
      subscriber: (s) => people.subscriber(s),
      settings: (values) => site.settings(values),
      skip: ({ kind, sourceId, title, reason }) =>
        ledger.note("skipped", kind, sourceId, decodeEntities(title), reason),
    };
  }

  /** Scheduled posts written: the scheduler is woken once the job ends. */
  get scheduled() {
    return this.posts.scheduled;
  }

  write(record: SourceRecord) {
    (this.handlers[record.type] as (value: SourceRecord["value"]) => unknown)(record.value);
  }
}
