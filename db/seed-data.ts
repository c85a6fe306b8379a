// Demo content for Inkwell. Pure data: no imports.
// Post bodies are HTML as produced by the rich-text editor and are limited to the
// sanitizer allowlist (p, h2, h3, strong, em, u, s, a[href], ul, ol, li,
// blockquote, pre, code, hr, br). All links point at example.com / example.org.

export type DemoRole = "Administrator" | "Editor" | "Author" | "Contributor" | "Subscriber";
export type DemoAudience = "News" | "Music" | "Promotions";
export type DemoSubscriberStatus = "Active" | "Inactive" | "Unsubscribed";

type DemoSocialCard = { name: string; description: string; image: string; blur: number };

type DemoPost = {
  title: string;
  category: string;
  tags: string[];
  summary: string;
  content: string;
  photo: string;
  authorEmail: string;
  status: "published" | "draft";
  hoursAgo: number;
  views: number;
  likes: number;
  shares: number;
  socialCard: null | DemoSocialCard;
};

// ---------------------------------------------------------------------------
// Small HTML helpers (output only allowlisted tags, no attributes but a[href])
// ---------------------------------------------------------------------------

function escapeCode(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function p(text: string): string {
  return `<p>${text}</p>`;
}

function h2(text: string): string {
  return `<h2>${text}</h2>`;
}

function h3(text: string): string {
  return `<h3>${text}</h3>`;
}

function ul(items: string[]): string {
  return `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;
}

function ol(items: string[]): string {
  return `<ol>${items.map((item) => `<li>${item}</li>`).join("")}</ol>`;
}

function quote(text: string): string {
  return `<blockquote>${text}</blockquote>`;
}

/** Preformatted code block; the raw text is HTML-escaped here. */
function code(raw: string): string {
  return `<pre><code>${escapeCode(raw)}</code></pre>`;
}

function a(href: string, text: string): string {
  return `<a href="${href}">${text}</a>`;
}

const hr = "<hr>";

function body(...blocks: string[]): string {
  return blocks.join("\n");
}

function img(name: string): string {
  return `/demo/images/${name}.svg`;
}

// ---------------------------------------------------------------------------
// Categories and tags
// ---------------------------------------------------------------------------

export const demoCategories: { name: string; description: string }[] = [
  {
    name: "Freshly Pressed",
    description:
      "Our editors' picks from across the newsroom: the features, explainers and reported stories we think deserve a second read.",
  },
  {
    name: "Newsletters",
    description:
      "Every edition of our email briefings, archived in one place. Catch up on the morning ledger, the weekly crypto wrap and more.",
  },
  {
    name: "Sponsored",
    description:
      "Content paid for by our partners and produced separately from the newsroom. Sponsored stories are always clearly labelled.",
  },
  {
    name: "Crypto",
    description:
      "Coverage of Bitcoin, Ethereum and digital assets, from market moves and network upgrades to the regulators trying to keep up.",
  },
  {
    name: "Business",
    description:
      "Companies, deals and the people running them. Earnings, startups, mergers and the forces reshaping how work gets done.",
  },
  {
    name: "World",
    description:
      "Reporting from capitals, coastlines and polling stations around the globe, with the context you need to follow what happens next.",
  },
  {
    name: "Money",
    description:
      "Practical, jargon-free advice on budgeting, saving, borrowing and investing, so your paycheck works a little harder for you.",
  },
];

export const demoTags: { name: string; description: string }[] = [
  {
    name: "Bitcoin",
    description:
      "The original cryptocurrency: price action, mining, custody and the politics of the protocol.",
  },
  {
    name: "Ethereum",
    description:
      "Smart contracts, network upgrades, fees and the layer 2 networks built on top of Ethereum.",
  },
  {
    name: "Markets",
    description:
      "Stocks, bonds, commodities and the moods that move them from the opening bell to the close.",
  },
  {
    name: "Startups",
    description:
      "Young companies, the founders building them and the investors deciding who gets funded.",
  },
  {
    name: "Regulation",
    description:
      "Rules, rulemakers and enforcement actions shaping finance, technology and digital assets.",
  },
  {
    name: "Personal Finance",
    description: "Budgets, savings, debt and taxes, explained for people with better things to do.",
  },
  {
    name: "Climate",
    description:
      "The energy transition, extreme weather and what a warming planet means for economies.",
  },
  {
    name: "Elections",
    description:
      "Campaigns, turnout and results from local councils to national votes around the world.",
  },
  {
    name: "AI",
    description:
      "Artificial intelligence in business and daily life, beyond the hype and the headlines.",
  },
  {
    name: "Remote Work",
    description: "Distributed teams, hybrid offices and the tools and habits that make them work.",
  },
  {
    name: "Real Estate",
    description: "Housing markets, mortgages, rents and the commercial property shake-up.",
  },
  {
    name: "Interest Rates",
    description:
      "Central bank decisions and how borrowing costs ripple through loans, savings and markets.",
  },
];

// ---------------------------------------------------------------------------
// Staff users (the Administrator is created by the app itself)
// ---------------------------------------------------------------------------

const MAYA = "maya.okafor@inkwell.test";
const TOMAS = "tomas.lindqvist@inkwell.test";
const PRIYA = "priya.raman@inkwell.test";
const JONAH = "jonah.whitfield@inkwell.test";
const LENA = "lena.brandt@inkwell.test";
const SAM = "sam.castillo@inkwell.test";
const ADMIN = "admin";

export const demoUsers: { name: string; email: string; role: DemoRole; photo: string }[] = [
  { name: "Maya Okafor", email: MAYA, role: "Editor", photo: "/demo/avatars/maya-okafor.svg" },
  {
    name: "Tomas Lindqvist",
    email: TOMAS,
    role: "Editor",
    photo: "/demo/avatars/tomas-lindqvist.svg",
  },
  { name: "Priya Raman", email: PRIYA, role: "Author", photo: "/demo/avatars/priya-raman.svg" },
  {
    name: "Jonah Whitfield",
    email: JONAH,
    role: "Author",
    photo: "/demo/avatars/jonah-whitfield.svg",
  },
  { name: "Lena Brandt", email: LENA, role: "Contributor", photo: "/demo/avatars/lena-brandt.svg" },
  { name: "Sam Castillo", email: SAM, role: "Subscriber", photo: "/demo/avatars/sam-castillo.svg" },
];

// ---------------------------------------------------------------------------
// Posts
// ---------------------------------------------------------------------------

export const demoPosts: DemoPost[] = [
  // ----------------------------------------------------------------- Freshly Pressed
  {
    title: "The Quiet Return of the Neighborhood Print Shop",
    category: "Freshly Pressed",
    tags: ["Startups"],
    summary:
      "Risograph studios and tiny letterpress shops are reopening on main streets, and their owners say the spreadsheets finally add up.",
    photo: img("newspaper"),
    authorEmail: MAYA,
    status: "published",
    hoursAgo: 5,
    views: 1284,
    likes: 163,
    shares: 41,
    socialCard: {
      name: "Why a new generation of printers is betting on paper, ink and foot traffic",
      description:
        "Small print studios are reopening on main streets. We visited four of them to see how the numbers work.",
      image: img("newspaper"),
      blur: 2,
    },
    content: body(
      p(
        `On a gray Tuesday morning, the front window of Second Proof Press is fogged from the inside. Behind it, two risograph machines hum through a run of 600 gig posters while co-owner Nadia Ferreira trims a stack of zines by hand. Three years ago this storefront was a shuttered phone repair shop. Today it has a waiting list.`,
      ),
      p(
        `Second Proof is one of a growing number of small print studios opening in neighborhoods that lost their copy shops a decade ago. Their owners are mostly in their twenties and thirties, and most of them came from design jobs that moved entirely onto screens. What they are selling, they say, is not just paper. It is the experience of holding something that was made nearby.`,
      ),
      h2("Why now?"),
      p(
        `Used equipment is cheap. A refurbished risograph that cost tens of thousands new can be found for a fraction of that, and the soy-based inks are forgiving enough for beginners. Rents on side streets have softened as chain retailers pulled back. And local businesses, tired of paying for ads nobody sees, are ordering flyers and menus again.`,
      ),
      ul([
        `<strong>Low startup costs:</strong> most studios we spoke to opened for less than the price of a used car.`,
        `<strong>Diverse revenue:</strong> workshops, memberships and custom jobs smooth out slow months.`,
        `<strong>Community demand:</strong> bands, bakeries and campaigns all need something printed.`,
      ]),
      quote(
        `"People come in for a poster and leave having signed up for a Saturday class. The shop is the marketing," Ferreira said.`,
      ),
      p(
        `The model has limits. Margins on single jobs are thin, and a broken drum can wipe out a month of profit. Several owners told us that workshops, not printing, are what keep the lights on. Others have started selling memberships that give local artists access to the machines after hours.`,
      ),
      p(
        `Still, the trend looks durable. A directory maintained by volunteers, which you can browse at ${a("https://example.org/print-studios", "the community print studio map")}, now lists more than 200 independent shops, up from about 80 five years ago. If you run one and want to be included in our follow-up, write to ${a("mailto:tips@inkwell.test", "tips@inkwell.test")}.`,
      ),
    ),
  },
  {
    title: "What a Year of Four-Day Weeks Taught a 40-Person Agency",
    category: "Freshly Pressed",
    tags: ["Remote Work"],
    summary: "Fewer meetings, stricter calendars and one unexpected problem: Fridays got lonely.",
    photo: img("laptop"),
    authorEmail: PRIYA,
    status: "published",
    hoursAgo: 30,
    views: 2210,
    likes: 318,
    shares: 96,
    socialCard: null,
    content: body(
      p(
        `When Fieldnote Studio told its 40 employees that Fridays would be off for a year, nobody, including the founders, was sure it would last until summer. The design agency had tight client deadlines and a habit of late-night revisions. Twelve months later, the trial has become permanent, and the firm has published its internal numbers.`,
      ),
      p(
        `Revenue rose 9 percent over the trial year. Voluntary turnover fell from seven departures to two. Client satisfaction scores were flat, which the leadership team counts as a win. The harder lessons, they say, were about habits rather than hours.`,
      ),
      h2("What had to change"),
      ol([
        `Recurring meetings were cut to 25 minutes by default, and every one needed a written agenda.`,
        `Teams set "quiet blocks" on Tuesday and Thursday mornings when chat notifications stayed off.`,
        `Client contracts were rewritten to state response times in business days rather than hours.`,
        `One person per team rotated onto a light Friday on-call schedule for genuine emergencies.`,
      ]),
      p(
        `The on-call rota turned out to be the most controversial piece. Some staff felt it quietly reintroduced the fifth day. Managers eventually capped it at one Friday per person per quarter and paid it as overtime.`,
      ),
      quote(
        `"The four-day week did not create time. It exposed how much of our time was being spent on coordination we didn't need," said operations lead Aaron Mbeki.`,
      ),
      h2("The unexpected downside"),
      p(
        `Several employees said the hardest part was not the workload but the loneliness of Thursday evenings, when everyone disappeared at once. The studio now hosts an optional Thursday lunch, and attendance is higher than at any all-hands meeting it has ever held.`,
      ),
      p(
        `Fieldnote has shared its policy documents and meeting templates at ${a("https://example.com/fieldnote/four-day-week", "example.com/fieldnote/four-day-week")} for other small firms considering a similar trial. Its advice to anyone starting out: measure before you begin, or you will never know whether it worked.`,
      ),
    ),
  },
  {
    title: "The Repair Cafe Where Nothing Gets Thrown Away",
    category: "Freshly Pressed",
    tags: ["Climate"],
    summary:
      "Once a month, a church hall fills with broken toasters, torn jackets and volunteers who refuse to give up on them.",
    photo: img("handshake"),
    authorEmail: MAYA,
    status: "published",
    hoursAgo: 120,
    views: 1540,
    likes: 221,
    shares: 63,
    socialCard: null,
    content: body(
      p(
        `On the first Saturday of every month, the hall behind St. Aidan's fills up by ten in the morning. People arrive carrying lamps with frayed cords, jeans with split seams, a vacuum cleaner that smells faintly of smoke. They take a number, pour a cup of tea and wait for one of two dozen volunteers to call them over.`,
      ),
      p(
        `The Riverside Repair Cafe has been running for six years. Its volunteers, among them retired electricians, two tailors, a bicycle mechanic and a teenager who is very good with phones, fix whatever they can for free. The only rule is that the owner has to sit and watch, and ideally learn.`,
      ),
      h2("What comes through the door"),
      ul([
        `Small kitchen appliances, mostly kettles and toasters with a single failed part.`,
        `Clothing that needs a zip, a patch or a new button.`,
        `Bicycles, lamps, radios and the occasional grandfather clock.`,
      ]),
      p(
        `The cafe keeps a log of every item. Last year, volunteers saw 1,140 things and fixed about two-thirds of them. By their own rough estimate, that kept more than three tonnes of goods out of the landfill.`,
      ),
      quote(
        `"Most things aren't broken. They're just missing a fuse or a screw, and nobody ever showed their owner how to look," said volunteer coordinator Elspeth Marlow.`,
      ),
      p(
        `Not everything can be saved. Some appliances are glued shut or use parts that manufacturers no longer sell, a frustration that has turned several volunteers into vocal supporters of right-to-repair laws. When a repair fails, the team explains why, so that the owner can make a better choice the next time they shop.`,
      ),
      p(
        `Similar cafes now run in hundreds of towns. You can find one near you, or learn how to start your own, through the volunteer network at ${a("https://example.org/repair-cafes", "example.org/repair-cafes")}.`,
      ),
    ),
  },
  {
    title: "Inside the Night Shift at a Wind Farm Control Room",
    category: "Freshly Pressed",
    tags: ["Climate"],
    summary:
      "Three technicians, 112 turbines and a storm rolling in off the coast. We spent a night watching the grid breathe.",
    photo: img("wind-turbines"),
    authorEmail: JONAH,
    status: "published",
    hoursAgo: 260,
    views: 3905,
    likes: 512,
    shares: 140,
    socialCard: null,
    content: body(
      p(
        `At 11:40 p.m., the wall of screens in the Saltmarsh Wind control room glows mostly green. Each square represents one of 112 turbines spread across a ridge forty minutes away. Shift supervisor Ines Calder keeps one eye on the wind forecast and another on a kettle that has been boiling, she says, since roughly 2019.`,
      ),
      p(
        `Control rooms like this one rarely make the news, but they are where the energy transition happens minute by minute. Operators decide when to curtail output because the grid cannot absorb it, when to feather blades ahead of a gust front and when to send a crew up a tower at dawn.`,
      ),
      h2("A storm on the radar"),
      p(
        `Just after midnight, the forecast shifts. Gusts are expected to exceed the turbines' cut-out speed within two hours. The team starts a well-rehearsed routine, staggering shutdowns so the grid operator sees a gradual ramp rather than a cliff.`,
      ),
      ul([
        `Confirm the latest forecast with the regional grid operator.`,
        `Reduce output on the most exposed ridge-line turbines first.`,
        `Log every manual intervention for the morning maintenance crew.`,
        `Watch vibration sensors for anything that looks unusual.`,
      ]),
      quote(
        `"Most nights are boring, and boring is the goal. The interesting nights are the ones you train for," Calder said as the first row of squares turned amber.`,
      ),
      p(
        `By 3 a.m., two-thirds of the farm is idle and the storm is roaring overhead. Nothing breaks. At 5:15, as the front passes, the turbines come back online in sequence, and the screens slowly return to green.`,
      ),
      h3("What the night showed"),
      p(
        `Wind is often described as intermittent, as if it simply switches off. What we saw was closer to a dance between forecasts, software and people making judgment calls in the dark. You can read the operator's public curtailment data at ${a("https://example.org/saltmarsh/curtailment", "example.org/saltmarsh/curtailment")}.`,
      ),
    ),
  },
  {
    title: "What Happened When a Town Lost Its Last Bank Branch",
    category: "Freshly Pressed",
    tags: ["Personal Finance"],
    summary:
      "Eighteen months after the branch closed, businesses in Marrow Creek are still working out where to put their cash.",
    photo: img("piggy-bank"),
    authorEmail: PRIYA,
    status: "published",
    hoursAgo: 620,
    views: 3460,
    likes: 402,
    shares: 151,
    socialCard: null,
    content: body(
      p(
        `When the last bank branch in Marrow Creek closed its doors, the notice taped to the glass was two paragraphs long. It thanked customers for their loyalty and pointed them to an app and a branch forty minutes away. For the town's 3,200 residents, many of them retirees and farmers, the change was bigger than the notice suggested.`,
      ),
      p(
        `Branch closures have accelerated as more customers bank on their phones. Banks say the math is simple: fewer people walk in, and buildings are expensive to run. But the customers who still rely on a branch are often the ones with the fewest alternatives.`,
      ),
      h2("Who was left behind"),
      ul([
        `Shop owners who take cash and need somewhere safe to deposit it every evening.`,
        `Older residents who prefer to speak to a person about their pensions and savings.`,
        `People with patchy mobile signal, which in Marrow Creek includes most farms outside town.`,
      ]),
      p(
        `The hardware store now sends an employee on a ninety-minute round trip twice a week to deposit takings. The cafe installed a card reader and stopped accepting cash altogether, which upset some regulars.`,
      ),
      quote(
        `"Nobody here is against technology. We just didn't get a vote on how fast it arrived," said cafe owner Delia Haraway.`,
      ),
      h2("A partial fix"),
      p(
        `Last spring, a regional credit union began sending a mobile branch, a converted van with a teller and a cash machine, to the town square every Tuesday. The post office also expanded its basic banking services, letting customers of several banks deposit cash and check balances at the counter.`,
      ),
      p(
        `Residents say the arrangement helps, but it is not the same as a branch open five days a week. A national campaign tracking closures and shared banking hubs maintains a map at ${a("https://example.com/bank-branch-map", "example.com/bank-branch-map")}.`,
      ),
    ),
  },
  {
    title: "How We Fact-Check a Chart Before It Goes Live",
    category: "Freshly Pressed",
    tags: ["Markets"],
    summary:
      "A look behind the scenes at the five questions our data desk asks of every chart we publish.",
    photo: img("chart-up"),
    authorEmail: ADMIN,
    status: "published",
    hoursAgo: 1200,
    views: 1750,
    likes: 201,
    shares: 58,
    socialCard: null,
    content: body(
      p(
        `Readers trust charts more than they trust sentences. That is exactly why charts are dangerous. A truncated axis or a cherry-picked start date can tell a story the data does not support, and most people will never notice. At Inkwell, every chart goes through the same checklist before it is published.`,
      ),
      h2("The five questions"),
      ol([
        `<strong>Where did the numbers come from?</strong> We link the original source, not a summary of it.`,
        `<strong>Does the axis start at zero?</strong> If not, we say why in the caption.`,
        `<strong>Is the time range fair?</strong> We test whether a different start date changes the story.`,
        `<strong>Are we comparing like with like?</strong> Nominal versus inflation-adjusted values trips up everyone.`,
        `<strong>Could a second person rebuild it?</strong> Every chart ships with its script or spreadsheet.`,
      ]),
      p(
        `The last question is the one that catches the most mistakes. When a second editor has to reproduce a figure from scratch, small errors surface quickly: a column copied twice, a missing month, a percentage calculated on the wrong base.`,
      ),
      h2("A small script does a lot of work"),
      p(
        `For market charts, our data desk keeps a short script that recalculates percentage changes directly from the raw closing prices rather than trusting the numbers in a press release.`,
      ),
      code(`import pandas as pd

prices = pd.read_csv("closes.csv", parse_dates=["date"])
prices = prices.sort_values("date")
prices["pct_change"] = prices["close"].pct_change() * 100

# Flag any day-over-day move larger than 8% for a human to review
suspicious = prices[prices["pct_change"].abs() > 8]
print(suspicious[["date", "close", "pct_change"]])`),
      p(
        `Anything the script flags is checked by hand against a second source. Most of the time the move is real. Occasionally it is a stock split or a data vendor's typo, and catching those is the whole point.`,
      ),
      quote(`A chart is an argument. Our job is to make sure it is an honest one.`),
      p(
        `If you ever spot an error in one of our charts, please tell us at ${a("mailto:corrections@inkwell.test", "corrections@inkwell.test")}. We publish every correction on ${a("https://example.com/inkwell/corrections", "our corrections page")}.`,
      ),
    ),
  },
  {
    title: "The Librarians Teaching Seniors to Spot AI Voice Scams",
    category: "Freshly Pressed",
    tags: ["AI", "Personal Finance"],
    summary:
      "A weekly library class plays cloned voices to retirees, then teaches them to ask for a code word no scammer knows.",
    photo: img("megaphone"),
    authorEmail: LENA,
    status: "published",
    hoursAgo: 1600,
    views: 5170,
    likes: 713,
    shares: 298,
    socialCard: null,
    content: body(
      p(
        `The recording starts with a young man's voice, shaky and urgent. He says he has been in a car accident, that he is at the police station and that he needs money for bail right away. Please don't tell Mom. In the front row of the Elmwood Public Library's community room, a woman in her seventies shakes her head. It sounds exactly like her grandson.`,
      ),
      p(
        `It is not. The voice was cloned in minutes by librarian Theo Baptiste from a short clip in a public video, with the family's permission, to show how convincing these scams have become. His weekly class, which regulars call Scam School, has a waiting list three months long.`,
      ),
      h2("The lesson plan"),
      ol([
        `Hear real examples of cloned voices, fake bank calls and urgent text messages.`,
        `Learn the pressure tactics: secrecy, urgency and unusual payment methods like gift cards.`,
        `Agree on a family code word that a real relative would know and a scammer would not.`,
        `Practice hanging up and calling back on a number you already trust.`,
      ]),
      p(
        `The code word exercise is the most popular part of the class. Participants leave with a card to fill in with their families, and many come back the following week to report that their grandchildren thought the idea was either brilliant or hilarious.`,
      ),
      quote(
        `"We don't try to make people afraid of their phones. We try to give them permission to hang up," Baptiste said.`,
      ),
      p(
        `Fraud reports involving cloned voices have risen sharply, according to consumer protection agencies, and older adults lose more per incident than any other age group. Libraries are well placed to help, Baptiste argues, because they are trusted, free and already used to teaching digital skills.`,
      ),
      p(
        `The library has published its slides and handouts for other branches to reuse at ${a("https://example.org/elmwood-library/scam-school", "example.org/elmwood-library/scam-school")}.`,
      ),
    ),
  },
  {
    title: "The Small-Town Bakery That Runs on a Spreadsheet",
    category: "Freshly Pressed",
    tags: ["Personal Finance", "Startups"],
    summary:
      "Rosalind Achebe tracks every loaf, egg and electricity bill in one shared workbook. It turned a money-losing hobby into a business that pays her a salary.",
    photo: img("laptop"),
    authorEmail: LENA,
    status: "published",
    hoursAgo: 2100,
    views: 4620,
    likes: 689,
    shares: 233,
    socialCard: null,
    content: body(
      p(
        `Rosalind Achebe opened Morning Crumb in a former hardware store with two ovens, a secondhand mixer and no idea whether she was making money. The bread sold out every day. Her bank balance went down anyway. Eighteen months in, she sat down with a laptop and a pot of coffee and built the spreadsheet that saved her business.`,
      ),
      p(
        `The workbook is not sophisticated. It has one tab for ingredients, one for recipes, one for daily sales and one for fixed costs like rent and insurance. What matters, Achebe says, is that she fills it in every single day, even when she is exhausted.`,
      ),
      h2("The formula that changed everything"),
      p(
        `The key insight was calculating the true cost of each product, including a share of the rent and the electricity the ovens burn. Her sourdough, it turned out, was losing money on every loaf.`,
      ),
      code(`=SUMPRODUCT(Recipes!C2:C12, Ingredients!D2:D12) + (FixedCosts!B8 / Sales!E2)`),
      p(
        `The first part adds up the ingredient cost for one batch. The second spreads the month's fixed costs across the number of items sold. When she compared the result to her prices, the answer was obvious: sourdough needed to cost more, and the elaborate fruit tarts needed to go.`,
      ),
      ul([
        `Raised sourdough from 5 to 7 dollars, with a short note at the counter explaining why.`,
        `Dropped three low-margin pastries that took an hour of labor each.`,
        `Started a weekly bread subscription that customers pay for in advance.`,
      ]),
      quote(
        `"Nobody complained about the price. Two people asked why it took me so long," Achebe said, laughing.`,
      ),
      p(
        `Within six months Morning Crumb was paying Achebe a modest salary for the first time. She now teaches a free evening class for other small food businesses at the town library. Her template is available at ${a("https://example.org/morning-crumb/template", "example.org/morning-crumb/template")}, and she insists the hard part is not the formulas. It is opening the file every day.`,
      ),
    ),
  },
  {
    title: "Our Readers Asked: Is It Still Worth Learning to Code?",
    category: "Freshly Pressed",
    tags: ["AI", "Remote Work"],
    summary:
      "With AI assistants writing more software every month, hundreds of readers asked whether coding is still a skill worth learning. We asked working developers.",
    photo: img("ai-chip"),
    authorEmail: TOMAS,
    status: "published",
    hoursAgo: 3400,
    views: 8930,
    likes: 1104,
    shares: 402,
    socialCard: null,
    content: body(
      p(
        `It is the question that filled our inbox more than any other this spring. A nurse thinking about a career change, a retired accountant, a high school junior and a dozen parents all wanted to know the same thing: if software can now write software, is learning to code a waste of time?`,
      ),
      p(
        `We put the question to eleven working developers, two hiring managers and a computer science teacher. Their answers were more nuanced, and more encouraging, than the headlines suggest.`,
      ),
      h2("What the developers told us"),
      ul([
        `AI tools are very good at producing plausible code and much worse at knowing whether it is correct.`,
        `Reading and debugging code has become more important, not less.`,
        `Small automation skills pay off in almost every job, not just engineering ones.`,
        `Entry-level hiring is tighter, so portfolios and real projects matter more than certificates.`,
      ]),
      quote(
        `"The assistant writes the first draft. I am the editor. You cannot edit something you do not understand," said backend engineer Olu Adeyemi.`,
      ),
      h2("Start smaller than you think"),
      p(
        `Several developers suggested that beginners skip the grand plan and automate one annoying task instead. Renaming a folder of photos, cleaning up a messy spreadsheet or checking a website for changes are all good first projects. Here is the kind of five-line script one teacher gives her students on day one:`,
      ),
      code(`from pathlib import Path

for i, photo in enumerate(sorted(Path("holiday").glob("*.jpg")), start=1):
    photo.rename(photo.with_name(f"holiday-{i:03}.jpg"))
    print("renamed", photo.name)`),
      p(
        `The point is not the script itself. It is the moment you realize a computer will do exactly what you say, no more and no less, and that you can check its work.`,
      ),
      p(
        `So, is it worth learning? Our panel's verdict was a qualified yes: learn enough to read, question and fix code, even if you never write it for a living. We have collected their recommended free courses at ${a("https://example.org/learn-to-code-2024", "example.org/learn-to-code-2024")}.`,
      ),
    ),
  },
  {
    title: "Forty Years on the Same Eight-Mile Ferry Crossing",
    category: "Freshly Pressed",
    tags: ["Climate"],
    summary:
      "Captain Ruth Ellery has piloted the island ferry across the same stretch of gray water for four decades. She has watched the boats, the weather and her passengers change.",
    photo: img("globe"),
    authorEmail: TOMAS,
    status: "published",
    hoursAgo: 4700,
    views: 7290,
    likes: 944,
    shares: 367,
    socialCard: null,
    content: body(
      p(
        `Ruth Ellery first took the wheel of the Harrow Island ferry the spring she turned twenty-three, when the boat still burned diesel you could smell from the parking lot and the crossing took fifty minutes on a good day. Four decades and roughly 30,000 crossings later, she is retiring next month from the same eight-mile route.`,
      ),
      p(
        `In that time, the ferry has been replaced twice. The current vessel runs on batteries charged overnight at the mainland dock, and it crosses in thirty-five minutes. Ellery is the only captain on the route who has worked all three boats.`,
      ),
      h2("What has changed"),
      ul([
        `<strong>Storms:</strong> she cancels more sailings for high winds than she did in the 1980s, and the winter gales arrive earlier.`,
        `<strong>Passengers:</strong> fewer fishermen, more commuters and weekend visitors with bicycles.`,
        `<strong>The boat:</strong> quieter, cleaner and, she admits, easier to handle in a crosswind.`,
      ]),
      quote(
        `"The water looks the same every morning. It never is. You learn to read it like a face," Ellery said from the wheelhouse on a calm October crossing.`,
      ),
      p(
        `Islanders talk about her with a mixture of affection and awe. She has ferried ambulances in the middle of the night, taken wedding parties across in the rain and, on one occasion, turned back to pick up a dog that had jumped overboard chasing a gull. The dog, she notes, was fine.`,
      ),
      p(
        `The switch to an electric ferry was controversial at first. Some residents worried about range in bad weather. Ellery was among the skeptics and is now among its defenders, pointing to the fuel savings that kept ticket prices flat for three years.`,
      ),
      p(
        `Her last crossing is scheduled for the final Sunday of the month, and the island council has invited everyone to ride along. Details and a short documentary about the route are at ${a("https://example.com/harrow-ferry/farewell", "example.com/harrow-ferry/farewell")}.`,
      ),
    ),
  },
  {
    title: "A Weekend With the Volunteers Who Count Every Ballot Twice",
    category: "Freshly Pressed",
    tags: ["Elections"],
    summary:
      "In a county gymnasium lined with folding tables, about ninety volunteers spend two days recounting paper ballots by hand. Most of them have done it for years.",
    photo: img("ballot-box"),
    authorEmail: MAYA,
    status: "published",
    hoursAgo: 5200,
    views: 6120,
    likes: 870,
    shares: 310,
    socialCard: null,
    content: body(
      p(
        `The gymnasium at Cedar Falls Middle School smells of floor polish and coffee. Along each folding table, pairs of volunteers sit facing each other with a sealed bag of ballots between them. One reads each vote aloud. The other makes a tally mark. Then they switch roles and do it again.`,
      ),
      p(
        `This is the post-election audit, a routine check that the machine count matches the paper. It happens after every election in the county, whether the result is close or not, and it is almost entirely run by volunteers from every political party.`,
      ),
      h2("How the audit works"),
      ol([
        `Officials randomly select precincts in a public drawing, using ten-sided dice.`,
        `Sealed ballot bags are brought in with their chain-of-custody logs.`,
        `Each bag is hand-counted twice by different bipartisan pairs.`,
        `The totals are compared to the machine results and any gap is investigated.`,
      ]),
      p(
        `The dice are not a gimmick. Election staff say they are more transparent than software: anyone watching can see that nobody chose which precincts to check.`,
      ),
      quote(
        `"I have done this for fourteen years. I have never seen a difference bigger than two ballots, and every time we found out why," said volunteer Harold Brisbane, 78.`,
      ),
      p(
        `The small discrepancies usually come from ballots where a voter circled a name instead of filling the oval, which a machine reads differently from a human. Those ballots are set aside and reviewed by a panel.`,
      ),
      p(
        `By Sunday afternoon, this year's audit was finished. The hand count matched the machine count in every sampled precinct, within one vote. The full results are posted on ${a("https://example.org/cedar-county/audit", "the county elections site")}. The volunteers packed up the tables, stacked the chairs and, almost without exception, signed up for next time.`,
      ),
    ),
  },
  {
    title: "Why Everyone Suddenly Wants a Heat Pump",
    category: "Freshly Pressed",
    tags: ["Climate", "Real Estate"],
    summary:
      "Installers are booked for months. We explain what heat pumps do, what they cost and who should wait.",
    photo: img("house"),
    authorEmail: JONAH,
    status: "published",
    hoursAgo: 7800,
    views: 12480,
    likes: 1530,
    shares: 612,
    socialCard: null,
    content: body(
      p(
        `Five years ago, heat pumps were a niche product discussed mostly by engineers and enthusiasts. Today, installers in many regions say they are booked three to four months out. Rebates, high gas prices and a string of hot summers have turned a quiet technology into a dinner-party topic.`,
      ),
      h2("What a heat pump actually does"),
      p(
        `A heat pump moves heat instead of creating it. In winter it pulls warmth out of the outside air, even cold air, and pumps it indoors. In summer it runs in reverse and works as an air conditioner. Because it moves heat rather than burning fuel, a good unit can deliver three units of heat for every unit of electricity it uses.`,
      ),
      h2("Who benefits most"),
      ul([
        `Homes currently heated with oil, propane or electric baseboard heaters.`,
        `Households that also need air conditioning and are replacing an old unit.`,
        `Well-insulated homes in climates with mild to moderately cold winters.`,
      ]),
      p(
        `Homes with drafty windows and little insulation may see smaller savings, and installers often recommend sealing and insulating first. Very old houses with radiators can still use heat pumps, but the system design becomes more complicated and more expensive.`,
      ),
      quote(
        `"The best heat pump in the world will struggle in a house that leaks like a sieve. Start with the attic," said installer Grace Whitcombe.`,
      ),
      p(
        `Costs vary widely, from a few thousand dollars for a single ductless unit to well over fifteen thousand for a whole-home system. Many regions now offer rebates or tax credits that can cover a significant share, and buyers should ask for at least three quotes.`,
      ),
      p(
        `For a realistic estimate of running costs in your area, the nonprofit calculator at ${a("https://example.org/heat-pump-calculator", "example.org/heat-pump-calculator")} compares your current bills with projected heat pump costs using local energy prices.`,
      ),
    ),
  },
  // ----------------------------------------------------------------- Newsletters
  {
    title: "The Morning Ledger: Rate Cut Bets, Chip Earnings and a Quiet Bond Market",
    category: "Newsletters",
    tags: ["Interest Rates", "Markets"],
    summary:
      "Traders lean into a September cut, a chipmaker beats estimates, and Treasuries barely move.",
    photo: img("envelope"),
    authorEmail: TOMAS,
    status: "published",
    hoursAgo: 10,
    views: 980,
    likes: 74,
    shares: 12,
    socialCard: null,
    content: body(
      p(
        `Good morning. Futures are slightly higher ahead of the open, oil is steady and the dollar is a touch weaker against the yen. Here is what you need to know before your first meeting.`,
      ),
      h2("Rate cut bets firm up"),
      p(
        `Pricing in futures markets now implies roughly a 70 percent chance that the central bank trims its benchmark rate in September, up from about half a week ago. The shift followed softer-than-expected wage data on Friday and comments from two policymakers who said inflation was "moving in the right direction." Not everyone is convinced.`,
      ),
      quote(
        `"The market has priced three cuts before and gotten one. I would not redecorate the house just yet," said rates strategist Helen Osei.`,
      ),
      h2("What else we're watching"),
      ul([
        `<strong>Chips:</strong> Corvane reported revenue well ahead of forecasts after the close, lifting shares 6 percent in late trading.`,
        `<strong>Bonds:</strong> The 10-year yield ended the session almost exactly where it started, a rare quiet day.`,
        `<strong>Retail:</strong> Hollis and Main reports on Thursday, with store closures expected to dominate the call.`,
        `<strong>Housing:</strong> Mortgage applications rose for the third straight week.`,
      ]),
      p(
        `The quiet in the bond market is worth pausing on. Volatility in Treasuries has dropped to its lowest level in more than a year, which some analysts read as confidence and others as complacency. Either way, it has made life easier for companies looking to borrow, and corporate bond issuance is running well ahead of last year's pace.`,
      ),
      h2("One number"),
      p(
        `<strong>4.2 million:</strong> the number of people who started a new job last month after quitting their old one, the lowest figure in three years. Fewer people are switching jobs, which usually means smaller raises ahead.`,
      ),
      p(
        `That's it for today. Read the full chip earnings story at ${a("https://example.com/inkwell/corvane-earnings", "example.com/inkwell/corvane-earnings")}, and reply to this email with anything you want us to dig into. We read every message.`,
      ),
    ),
  },
  {
    title: "The Weekly Block: Ethereum Fees Slide as Layer 2 Traffic Hits a Record",
    category: "Newsletters",
    tags: ["Ethereum", "Bitcoin"],
    summary:
      "Average Ethereum transaction fees fell to their lowest level this year as rollups handled more activity than ever, while Bitcoin spent the week stuck in a narrow range.",
    photo: img("crypto-blocks"),
    authorEmail: PRIYA,
    status: "published",
    hoursAgo: 50,
    views: 3140,
    likes: 402,
    shares: 119,
    socialCard: {
      name: "The Weekly Block: rollups set a record and fees fall to a yearly low on Ethereum",
      description:
        "Layer 2 networks handled more transactions than ever this week. Here is what it means for fees and for Bitcoin's sideways market.",
      image: img("crypto-blocks"),
      blur: 4,
    },
    content: body(
      p(
        `Welcome back to The Weekly Block, your Friday digest of what moved in crypto and why it matters. This week belonged to the layer 2 networks, which quietly processed more transactions than at any point in their history.`,
      ),
      h2("Fees fall as rollups fill up"),
      p(
        `Layer 2 rollups bundle many transactions together and settle them on Ethereum in a single batch. Combined daily activity across the largest rollups passed 14 million transactions on Wednesday, according to public dashboards. Meanwhile, the average fee on Ethereum's main network dropped to its lowest level since January.`,
      ),
      p(
        `For readers who want to check the numbers themselves, most Ethereum nodes will tell you the current base fee with a single JSON-RPC call:`,
      ),
      code(`curl -s https://example.com/eth-rpc \\
  -H "Content-Type: application/json" \\
  -d '{"jsonrpc":"2.0","method":"eth_gasPrice","params":[],"id":1}'

# => {"jsonrpc":"2.0","id":1,"result":"0x3b9aca00"}   (1 gwei)`),
      quote(
        `"Cheap fees are great for users and awkward for anyone whose business model depended on expensive ones," said analyst Mirela Costa.`,
      ),
      h2("Bitcoin goes nowhere, loudly"),
      p(
        `Bitcoin spent the week within a 4 percent band, despite a flood of commentary predicting a breakout in both directions. Spot fund flows were roughly flat, and funding rates on derivatives exchanges stayed near neutral.`,
      ),
      ul([
        `Largest daily gain: 1.8 percent, on Tuesday.`,
        `Largest daily loss: 2.1 percent, on Thursday.`,
        `Net spot fund flows: slightly positive for the week.`,
      ]),
      p(
        `Lower fees are not entirely good news for Ethereum's own economics. A portion of every fee is burned, permanently removing ETH from circulation, and with fees this low the burn has slowed, meaning the total supply of ETH has been growing slightly again. Some holders see that as a problem; developers argue that cheap, widely used networks matter more in the long run.`,
      ),
      p(
        `Next week we will look at the draft stablecoin rules published by regulators, which could matter far more than any chart pattern. Until then, you can find our full archive at ${a("https://example.com/inkwell/weekly-block", "example.com/inkwell/weekly-block")}.`,
      ),
    ),
  },
  {
    title: "Money Notes: Five Things to Check Before Your Insurance Renews",
    category: "Newsletters",
    tags: ["Personal Finance"],
    summary: "Premiums are rising almost everywhere. A 20-minute review can claw some of it back.",
    photo: img("piggy-bank"),
    authorEmail: LENA,
    status: "published",
    hoursAgo: 400,
    views: 2650,
    likes: 297,
    shares: 88,
    socialCard: null,
    content: body(
      p(
        `Hello, and welcome to Money Notes. If your home or car insurance renewal letter arrived recently and made you wince, you are not alone. Premiums have climbed sharply in many regions, driven by repair costs, extreme weather and higher reinsurance prices. The good news is that a short review can often save real money.`,
      ),
      h2("Your 20-minute checklist"),
      ol([
        `<strong>Compare last year's price with this year's.</strong> Insurers count on people not noticing.`,
        `<strong>Check your deductible.</strong> Raising it can lower your premium, if you have savings to cover it.`,
        `<strong>Remove coverage you no longer need.</strong> Rental car cover on a car you rarely drive, for example.`,
        `<strong>Ask about discounts.</strong> Bundling, alarms, low mileage and paying annually all matter.`,
        `<strong>Get two other quotes.</strong> Even if you stay, a competing quote gives you leverage.`,
      ]),
      p(
        `The single biggest mistake we hear about is letting a policy roll over automatically for years. Loyalty is rarely rewarded. In some markets, regulators have banned charging existing customers more than new ones, but that protection is far from universal.`,
      ),
      quote(
        `"I called to cancel and they found a discount they had apparently forgotten to mention for three years," one reader, Denise from Ohio, wrote to us.`,
      ),
      h2("When not to cut"),
      p(
        `Not every saving is worth it. Liability coverage protects you if you injure someone or damage their property, and the difference in cost between minimum and generous limits is often small. Flood coverage is usually separate from home insurance, and it is worth checking whether you need it even if you have never flooded before.`,
      ),
      p(
        `Finally, read the exclusions. A cheaper policy that excludes the thing most likely to happen to you is not a bargain.`,
      ),
      p(
        `Have a question for a future edition? Reply to this email or write to ${a("mailto:money@inkwell.test", "money@inkwell.test")}. Past editions are at ${a("https://example.com/inkwell/money-notes", "example.com/inkwell/money-notes")}.`,
      ),
    ),
  },
  {
    title: "The Dispatch: Election Season Opens Across Three Continents",
    category: "Newsletters",
    tags: ["Elections"],
    summary:
      "Campaigns kick off in Veloria, Kestrel Islands and Norvania. Here's your guide to the races.",
    photo: img("globe"),
    authorEmail: MAYA,
    status: "published",
    hoursAgo: 900,
    views: 2980,
    likes: 256,
    shares: 77,
    socialCard: null,
    content: body(
      p(
        `This is The Dispatch, our weekly tour of the world's biggest stories. This edition is all about ballots: over the next ten weeks, voters in three countries on three continents will choose new governments, and each race carries implications well beyond its borders.`,
      ),
      h2("Veloria: a test for the coalition"),
      p(
        `Veloria's governing coalition has held together for six years on a promise of infrastructure spending. Polls now show the two junior partners falling below the threshold needed to win seats, which could leave the main governing party without allies. Turnout among young voters, historically low, will be decisive.`,
      ),
      h2("Kestrel Islands: a referendum in disguise"),
      p(
        `On paper, the Kestrel Islands vote is a parliamentary election. In practice, it has become a referendum on a proposed deep-water port that would bring jobs and cruise ships, and threaten the reefs the islands depend on for fishing and tourism.`,
      ),
      quote(
        `"Every candidate is asked about the port before they are asked their name," said local journalist Amara Toussaint.`,
      ),
      h2("Norvania: the economy, again"),
      p(
        `In Norvania, inflation has fallen but prices have not, and the opposition is campaigning almost exclusively on grocery bills. The incumbent president is running on a record of lower unemployment.`,
      ),
      ul([
        `Veloria votes in four weeks.`,
        `The Kestrel Islands vote in seven weeks.`,
        `Norvania holds its first round in ten weeks, with a runoff two weeks later if needed.`,
      ]),
      p(
        `Between them, the three races will decide the future of a major infrastructure program, a coral reef and the economic policy of one of the largest economies in its region. Markets are watching Norvania most closely, where the opposition has promised price controls on staple foods.`,
      ),
      p(
        `We will have correspondents in all three countries. Our interactive election calendar, with polling averages updated daily, is at ${a("https://example.com/inkwell/election-calendar", "example.com/inkwell/election-calendar")}. See you next week.`,
      ),
    ),
  },
  {
    title: "Founders' Friday: Seed Rounds Shrink, but Revenue Is Back in Fashion",
    category: "Newsletters",
    tags: ["Startups"],
    summary:
      "Seed rounds are smaller, investors want to see paying customers earlier, and founders are learning to love profitability. Plus: three pitches that impressed us.",
    photo: img("handshake"),
    authorEmail: JONAH,
    status: "published",
    hoursAgo: 1700,
    views: 1890,
    likes: 214,
    shares: 65,
    socialCard: null,
    content: body(
      p(
        `Happy Friday, founders. This week we talked to six early-stage investors about what has changed in their inboxes over the past year. The short version: rounds are smaller, diligence is slower and the word "revenue" has made a dramatic comeback.`,
      ),
      h2("The numbers"),
      p(
        `The median seed round among the funds we spoke to fell by roughly a fifth compared with two years ago. Time from first meeting to signed term sheet has stretched from about three weeks to more than two months. Several investors said they now expect to see paying customers, not just waitlists, before writing a first check.`,
      ),
      quote(
        `"A year ago, a great story could carry a seed round. Now a great story with twelve paying customers carries a seed round," said partner Ravi Duncan of Lattice Ventures.`,
      ),
      h2("What's working for founders"),
      ul([
        `Charging early, even a small amount, to prove that people will pay.`,
        `Raising smaller rounds from more angels rather than waiting for one lead.`,
        `Sharing monthly updates with prospective investors before asking for money.`,
        `Treating 24 months of runway as the minimum, not the goal.`,
      ]),
      h2("Three pitches we liked"),
      p(
        `<strong>Ledgerleaf</strong> automates bookkeeping for independent pharmacies. <strong>Quayside</strong> helps small ports schedule cargo handling. <strong>Thimble</strong> rents industrial sewing machines by the hour to small fashion brands. None of them is glamorous. All of them have revenue.`,
      ),
      p(
        `The mood is not gloomy, exactly. Several investors said the founders they are meeting now are more disciplined and more creative than those they met at the peak. Fewer companies will be funded, but those that are may be sturdier.`,
      ),
      p(
        `Got a pitch, or a story about your fundraising? Send it to ${a("mailto:founders@inkwell.test", "founders@inkwell.test")}. Browse past editions at ${a("https://example.com/inkwell/founders-friday", "example.com/inkwell/founders-friday")}.`,
      ),
    ),
  },
  {
    title: "The Remote Desk: Offices Are Emptier on Fridays Than Ever",
    category: "Newsletters",
    tags: ["Remote Work"],
    summary: "Badge data shows Fridays are the new Sundays. Also: the return of the team offsite.",
    photo: img("envelope"),
    authorEmail: ADMIN,
    status: "published",
    hoursAgo: 2900,
    views: 2210,
    likes: 245,
    shares: 70,
    socialCard: null,
    content: body(
      p(
        `Welcome to The Remote Desk, our monthly newsletter about how and where we work. This month, the data is in, and it confirms what anyone who has visited a downtown sandwich shop on a Friday already suspected.`,
      ),
      h2("Friday is the new Sunday"),
      p(
        `Badge swipe data from a sample of office buildings shows average occupancy peaking on Tuesdays and Wednesdays at a little over 60 percent of pre-pandemic levels. On Fridays, it falls to about 35 percent. Mondays are only slightly better. The hybrid week, in practice, has become a three-day week in the office.`,
      ),
      quote(
        `"Companies mandated three days and employees picked the same three days. Now there are not enough meeting rooms on Tuesday and the lights are off on Friday," said workplace consultant Daria Novak.`,
      ),
      h2("The offsite comeback"),
      p(
        `Fully remote companies are spending more on getting people together, not less. Several told us that twice-yearly offsites have replaced the office as the place where culture gets built. Budgets for these gatherings have roughly doubled since 2021.`,
      ),
      ul([
        `Keep the agenda light: the value is in unstructured time.`,
        `Pick locations that are easy to reach for the majority of the team.`,
        `Write down decisions made in person so remote colleagues are not left out.`,
      ]),
      h2("Reader question"),
      p(
        `<em>"My manager says I need to be online from 9 to 5 even though my team spans four time zones. Is that normal?"</em> Increasingly, no. Many distributed teams now set a few hours of core overlap and let people arrange the rest of their day around it. If you have this conversation, come with a proposal rather than a complaint.`,
      ),
      p(
        `Send us your questions at ${a("mailto:remote@inkwell.test", "remote@inkwell.test")}, and find the full badge-data methodology at ${a("https://example.org/office-occupancy", "example.org/office-occupancy")}.`,
      ),
    ),
  },
  {
    title: "The Climate Brief: A Record Month for Grid Batteries",
    category: "Newsletters",
    tags: ["Climate"],
    summary:
      "Utility-scale batteries supplied more evening power than ever last month, shaving the peak and sparing gas plants. Here's why the shift happened so quickly.",
    photo: img("wind-turbines"),
    authorEmail: PRIYA,
    status: "published",
    hoursAgo: 4500,
    views: 2430,
    likes: 288,
    shares: 101,
    socialCard: null,
    content: body(
      p(
        `This is The Climate Brief, our fortnightly look at the energy transition. Our lead item may sound dry, but it is one of the most important trends in power markets right now: big batteries have gone from curiosity to workhorse.`,
      ),
      h2("Batteries take the evening shift"),
      p(
        `In the grid region we track most closely, utility-scale batteries supplied a record share of electricity during the early evening peak last month, when solar output falls and demand rises as people come home. On several days, batteries were the single largest source of power for about an hour.`,
      ),
      p(
        `The economics are simple. Batteries charge in the middle of the day, when solar power is abundant and cheap, and discharge a few hours later, when prices spike. Falling battery costs have made that trade profitable at a scale few expected five years ago.`,
      ),
      quote(
        `"We used to plan around the duck curve. Now the batteries are eating the duck," joked grid analyst Tomasz Wilk.`,
      ),
      h2("Still to solve"),
      ul([
        `Most grid batteries store four hours of energy, not enough for multi-day winter lulls.`,
        `Connection queues mean finished projects can wait years to plug in.`,
        `Fire safety and recycling rules are still catching up with deployment.`,
      ]),
      p(
        `Longer-duration technologies, from iron-air batteries to pumped hydro, are being tested, but none has yet reached the scale of lithium-ion. For now, four-hour batteries are doing the heavy lifting on the evening peak.`,
      ),
      h2("Also worth reading"),
      p(
        `Analysts expect battery capacity on the grid to roughly double again over the next two years.`,
      ),
      p(
        `Our reporter spent a night in a wind farm control room during a storm. And the grid operator's monthly report, with all the charts, is at ${a("https://example.org/grid/monthly-report", "example.org/grid/monthly-report")}. Until next time.`,
      ),
    ),
  },
  {
    title: "Inkwell Weekly: The Stories Our Readers Couldn't Stop Sharing This Year",
    category: "Newsletters",
    tags: ["AI", "Markets"],
    summary:
      "From heat pumps to hand recounts, a look back at the year's most-read Inkwell stories.",
    photo: img("newspaper"),
    authorEmail: TOMAS,
    status: "published",
    hoursAgo: 8600,
    views: 5310,
    likes: 590,
    shares: 204,
    socialCard: null,
    content: body(
      p(
        `Every December, we look back at the stories you read, shared and argued about the most. This year's list surprised us. Some of our biggest investigations barely made the top twenty, while a practical explainer about home heating spent weeks at the top.`,
      ),
      h2("The top five"),
      ol([
        `<strong>Why Everyone Suddenly Wants a Heat Pump.</strong> Our most-read story of the year, by a wide margin.`,
        `<strong>Is It Still Worth Learning to Code?</strong> Your questions about AI and careers, answered by working developers.`,
        `<strong>Index funds versus stock picking.</strong> Ten years of data, and a lot of angry emails.`,
        `<strong>The volunteers who count every ballot twice.</strong> A quiet story about trust that traveled far.`,
        `<strong>The small-town bakery that runs on a spreadsheet.</strong> Still being shared by accountants everywhere.`,
      ]),
      p(
        `What ties these together? Each one answered a question people were already asking, and none of them required knowing the news from the day before. That is a lesson we are taking into next year's planning.`,
      ),
      quote(
        `"The stories that travel furthest are the ones that make a reader feel a little more capable," said our managing editor, Maya Okafor.`,
      ),
      h2("What we got wrong"),
      p(
        `We also want to be honest about what did not work. Our live coverage of quarterly earnings drew few readers, and several of you wrote to say it felt like noise. We are scaling it back next year in favor of fewer, deeper pieces on the markets and AI companies you care about.`,
      ),
      h2("Thank you"),
      p(
        `Inkwell is supported by subscribers. If one of these stories helped you, the best way to say thanks is to forward this email to a friend. The full list of the year's top fifty is at ${a("https://example.com/inkwell/year-in-review", "example.com/inkwell/year-in-review")}.`,
      ),
    ),
  },
  // ----------------------------------------------------------------- Sponsored
  {
    title: "Sponsored: How Northwind Bank Is Rethinking the Savings Account",
    category: "Sponsored",
    tags: ["Personal Finance", "Interest Rates"],
    summary:
      "Paid content from Northwind Bank on round-ups, savings goals and rates that don't hide in fine print.",
    photo: img("piggy-bank"),
    authorEmail: ADMIN,
    status: "published",
    hoursAgo: 20,
    views: 640,
    likes: 38,
    shares: 6,
    socialCard: null,
    content: body(
      p(
        `<em><strong>Sponsored content.</strong> This article was paid for and provided by Northwind Bank. It was not written or edited by the Inkwell newsroom.</em>`,
      ),
      p(
        `For most people, a savings account is an afterthought: a place money goes to sit quietly, earning very little. At Northwind Bank, we think savings should feel more like a plan and less like a parking lot. Over the past year we have rebuilt our savings account around three ideas that came directly from customer interviews.`,
      ),
      h2("1. Goals you can see"),
      p(
        `Customers can split one account into up to ten named goals, from "new tires" to "trip to see Grandma," each with its own target and progress bar. Our research found that people who name their savings goals withdraw from them less often.`,
      ),
      h2("2. Round-ups that add up"),
      p(
        `Every card purchase can be rounded up to the nearest dollar, with the difference moved into a goal automatically. It sounds small, but the average customer using round-ups saves a meaningful amount over a year without noticing.`,
      ),
      h2("3. A rate without fine print"),
      p(
        `When interest rates change, we tell customers by email before the new rate takes effect, and we show both the old and new rate side by side in the app. No introductory teaser rates that quietly expire after three months.`,
      ),
      ul([
        `No monthly fees and no minimum balance.`,
        `Up to ten named savings goals per account.`,
        `Advance notice of every rate change.`,
      ]),
      quote(
        `"Customers told us they didn't mind a rate going down nearly as much as they minded finding out by accident," said Northwind's head of savings, Clara Mendes.`,
      ),
      p(
        `Whatever bank you choose, check your savings rate at least twice a year and compare it with alternatives. To learn more about Northwind's savings account, visit ${a("https://example.com/northwind/savings", "example.com/northwind/savings")}.`,
      ),
      p(
        `<em>Northwind Bank is a fictional sponsor used for demonstration. Deposit products are subject to terms and conditions.</em>`,
      ),
    ),
  },
  {
    title: "Sponsored: Harbor Ledger Explains Self-Custody for First-Time Bitcoin Buyers",
    category: "Sponsored",
    tags: ["Bitcoin"],
    summary:
      "Paid content from Harbor Ledger, a hardware wallet maker, on what it really means to hold your own keys and how to back up a recovery phrase safely.",
    photo: img("crypto-blocks"),
    authorEmail: ADMIN,
    status: "published",
    hoursAgo: 140,
    views: 1120,
    likes: 96,
    shares: 18,
    socialCard: {
      name: "Sponsored by Harbor Ledger: a first-timer's guide to holding your own Bitcoin keys safely and calmly",
      description:
        "Paid partner content. Harbor Ledger explains seed phrases, backups and the mistakes first-time self-custody users make.",
      image: img("crypto-blocks"),
      blur: 6,
    },
    content: body(
      p(
        `<em><strong>Sponsored content.</strong> This guide was produced by Harbor Ledger, which makes hardware wallets. Inkwell's newsroom was not involved in its creation.</em>`,
      ),
      p(
        `"Not your keys, not your coins" is one of the oldest sayings in Bitcoin. It means that if an exchange holds your Bitcoin for you, you are trusting that exchange to give it back. Self-custody means holding the keys yourself. It is empowering, and it comes with responsibility.`,
      ),
      h2("What you are actually protecting"),
      p(
        `A hardware wallet generates a private key and never lets it leave the device. What you back up is a recovery phrase, usually 12 or 24 words, that can recreate the key if the device is lost. Anyone who has those words can take your funds. No help desk can reverse that.`,
      ),
      h2("A safe setup, step by step"),
      ol([
        `Buy the device directly from the manufacturer, never secondhand.`,
        `Generate the recovery phrase on the device itself, offline.`,
        `Write the words on paper or stamp them into metal. Never photograph them.`,
        `Store the backup somewhere separate from the device.`,
        `Send a small test amount first and practice a recovery before moving larger sums.`,
      ]),
      p(
        `Advanced users can verify that a wallet software download has not been tampered with by checking its published signature. On most systems that looks something like this:`,
      ),
      code(`$ gpg --verify harbor-wallet-2.4.1.tar.gz.asc harbor-wallet-2.4.1.tar.gz
gpg: Good signature from "Harbor Ledger Releases <releases@example.com>"`),
      quote(
        `"The most common loss we hear about isn't hacking. It's a recovery phrase kept in a notes app that got synced somewhere it shouldn't," said Harbor Ledger's security lead, Ivo Marsh.`,
      ),
      p(
        `Self-custody is not for everyone, and keeping a small amount on a reputable exchange can be reasonable. Learn more at ${a("https://example.com/harbor-ledger/learn", "example.com/harbor-ledger/learn")}.`,
      ),
      p(
        `<em>Harbor Ledger is a fictional sponsor. Cryptocurrencies are volatile and you can lose money.</em>`,
      ),
    ),
  },
  {
    title: "Sponsored: Five Ways Small Teams Use Tallyloop to Close the Books Faster",
    category: "Sponsored",
    tags: ["Startups", "Remote Work"],
    summary:
      "Paid content from Tallyloop: how distributed finance teams cut month-end close from ten days to three.",
    photo: img("megaphone"),
    authorEmail: LENA,
    status: "published",
    hoursAgo: 600,
    views: 870,
    likes: 52,
    shares: 9,
    socialCard: null,
    content: body(
      p(
        `<em><strong>Sponsored content.</strong> This article is provided by Tallyloop, an accounting software company. It was not produced by Inkwell journalists.</em>`,
      ),
      p(
        `For a small company, the end of the month can feel like an emergency that happens twelve times a year. Receipts are missing, bank feeds do not match and somebody is always on vacation. We asked Tallyloop customers running fully remote finance teams how they got their close down to a few days.`,
      ),
      h2("1. Reconcile every day, not every month"),
      p(
        `Teams that match transactions daily spend minutes on it rather than days at month-end. Tallyloop's daily digest flags anything unmatched each morning.`,
      ),
      h2("2. Snap receipts at the moment of purchase"),
      p(
        `Missing receipts are the biggest cause of delays. Customers who require a photo within 24 hours of a card purchase report far fewer loose ends.`,
      ),
      h2("3. Use a shared close checklist"),
      p(
        `A written checklist, with an owner for every line, means nobody is waiting on somebody who did not know they were responsible.`,
      ),
      h2("4. Automate the boring formulas"),
      p(
        `Many teams still keep a variance check in a spreadsheet alongside their accounting software. A simple formula flags any expense line that moved more than 15 percent from the previous month:`,
      ),
      code(`=IF(ABS(C2-B2)/MAX(B2,1) > 0.15, "Review", "OK")`),
      h2("5. Close asynchronously"),
      p(
        `Distributed teams use recorded walkthroughs instead of long calls, so colleagues in other time zones can review the numbers on their own schedule.`,
      ),
      ul([
        `Daily reconciliation`,
        `Receipt capture within 24 hours`,
        `Shared checklist with owners`,
        `Automated variance checks`,
        `Async reviews`,
      ]),
      quote(
        `"We went from ten days to three, and nobody works late on the first of the month anymore," said Tallyloop customer Jun Park, controller at a 30-person design firm.`,
      ),
      p(
        `Learn more or start a free trial at ${a("https://example.com/tallyloop", "example.com/tallyloop")}. <em>Tallyloop is a fictional sponsor used for demonstration purposes.</em>`,
      ),
    ),
  },
  {
    title: "Sponsored: Brightfield Energy on What Community Solar Means for Renters",
    category: "Sponsored",
    tags: ["Climate", "Real Estate"],
    summary:
      "Paid content: Brightfield Energy explains how renters can subscribe to a local solar farm without a roof.",
    photo: img("wind-turbines"),
    authorEmail: ADMIN,
    status: "published",
    hoursAgo: 1300,
    views: 1030,
    likes: 71,
    shares: 15,
    socialCard: null,
    content: body(
      p(
        `<em><strong>Sponsored content.</strong> Paid for and written by Brightfield Energy. The Inkwell newsroom had no role in this article.</em>`,
      ),
      p(
        `If you rent your home, rooftop solar probably feels out of reach. You do not own the roof, you might move in two years and your landlord has other priorities. Community solar was designed for exactly this situation.`,
      ),
      h2("How community solar works"),
      p(
        `A community solar farm is a medium-sized solar installation, often built on a field or a warehouse roof, that sells subscriptions to local households. Each subscriber is credited for a share of the power the farm produces. Those credits appear on your regular electricity bill, typically lowering it by a modest amount each month.`,
      ),
      ul([
        `No panels on your home and no installation.`,
        `No upfront cost for most subscriptions.`,
        `You keep your existing utility; the credits appear on your bill.`,
        `Subscriptions can usually move with you within the same utility area.`,
      ]),
      h2("What to look for"),
      p(
        `Not all community solar offers are the same. Look for a guaranteed discount relative to your utility rate, clear cancellation terms and no fee for leaving. Be cautious of contracts longer than a few years, especially if you expect to move.`,
      ),
      quote(
        `"Our most common question is, 'What's the catch?' The honest answer is that savings are modest. But they're real, and they come with cleaner power," said Brightfield's customer director, Leah Okonkwo.`,
      ),
      p(
        `Community solar is not available in every region. Where it is, it is one of the simplest ways for renters to support local clean energy.`,
      ),
      p(
        `Check availability in your area at ${a("https://example.com/brightfield/community-solar", "example.com/brightfield/community-solar")}. <em>Brightfield Energy is a fictional sponsor. Savings depend on your utility and location.</em>`,
      ),
    ),
  },
  {
    title: "Sponsored: Keystone Homes' Guide to Reading a Mortgage Estimate",
    category: "Sponsored",
    tags: ["Real Estate", "Interest Rates"],
    summary:
      "Paid content from Keystone Homes: a line-by-line walkthrough of the loan estimate form, including the fees buyers most often overlook and the ones they can negotiate.",
    photo: img("house"),
    authorEmail: LENA,
    status: "published",
    hoursAgo: 2300,
    views: 1490,
    likes: 110,
    shares: 24,
    socialCard: null,
    content: body(
      p(
        `<em><strong>Sponsored content.</strong> This article was created by Keystone Homes, a home builder and mortgage broker. It was not reviewed by Inkwell's editors.</em>`,
      ),
      p(
        `Within three business days of applying for a mortgage, your lender must send you a loan estimate. It is only three pages long, but it contains nearly everything you need to compare offers. Here is how our loan officers suggest reading it.`,
      ),
      h2("Page one: the big numbers"),
      p(
        `Start with the interest rate, the monthly principal and interest payment and whether the rate is locked. Then look at "estimated cash to close," the amount you will need to bring on closing day, including your down payment.`,
      ),
      h2("Page two: the fees"),
      p(
        `This is where offers really differ. Section A lists the lender's own charges, such as origination fees and points. These are the most negotiable. Sections B and C list third-party services like appraisals and title insurance. You can shop for the services in section C.`,
      ),
      ol([
        `Compare section A across lenders first.`,
        `Ask whether any points are optional.`,
        `Shop for title services in section C.`,
        `Check that property taxes and insurance in section G look realistic.`,
      ]),
      h2("Page three: the comparisons"),
      p(
        `The annual percentage rate, or APR, folds most fees into a single figure, making it easier to compare offers with different rate and fee combinations. The "in 5 years" box shows how much you will have paid, and how much principal you will have paid off, in the first five years.`,
      ),
      quote(
        `"Buyers compare interest rates to the second decimal and then ignore two thousand dollars of fees on page two," said Keystone loan officer Marcus Bell.`,
      ),
      p(
        `Request estimates from at least three lenders on the same day so that rates are comparable. Download our annotated sample at ${a("https://example.com/keystone/loan-estimate", "example.com/keystone/loan-estimate")}. <em>Keystone Homes is a fictional sponsor.</em>`,
      ),
    ),
  },
  {
    title: "Sponsored: Atlas Cloud on Running AI Workloads Without Surprise Bills",
    category: "Sponsored",
    tags: ["AI"],
    summary:
      "Paid content from Atlas Cloud: budgets, quotas and shutdown schedules for teams experimenting with AI.",
    photo: img("ai-chip"),
    authorEmail: ADMIN,
    status: "published",
    hoursAgo: 3600,
    views: 1380,
    likes: 104,
    shares: 21,
    socialCard: null,
    content: body(
      p(
        `<em><strong>Sponsored content.</strong> This article was written by Atlas Cloud, a cloud computing provider. Inkwell journalists were not involved.</em>`,
      ),
      p(
        `Every month, our support team hears from a startup that left a GPU instance running over a long weekend. Training and serving AI models can be expensive, and costs grow quietly. The good news is that a few guardrails prevent almost all surprise bills.`,
      ),
      h2("Set a budget before you start"),
      p(
        `Budgets with alerts at 50, 80 and 100 percent of your monthly limit give you time to react. On Atlas Cloud, you can create one from the command line in seconds:`,
      ),
      code(`atlas budgets create \\
  --name "ml-experiments" \\
  --amount 2000 --currency USD \\
  --alert-at 50,80,100 \\
  --notify ml-team@example.com`),
      h2("Schedule shutdowns"),
      p(
        `Development instances rarely need to run at night. Automatic stop schedules, paired with tags that identify who owns each machine, cut idle time dramatically.`,
      ),
      ul([
        `Tag every instance with an owner and a project.`,
        `Stop development machines outside working hours by default.`,
        `Use spot or preemptible capacity for training jobs that can checkpoint.`,
        `Review the ten most expensive resources every week.`,
      ]),
      h2("Right-size your models"),
      p(
        `Not every task needs the largest model. Teams often find that a smaller model, fine-tuned on their own data, matches the quality of a much bigger one at a fraction of the serving cost.`,
      ),
      quote(
        `"The cheapest GPU hour is the one you didn't need," said Atlas Cloud's head of customer engineering, Priti Shah.`,
      ),
      p(
        `Finally, make costs visible to the people who create them. Teams that see a weekly breakdown of their own spending, rather than a single company-wide invoice, tend to clean up unused resources without being asked. A short dashboard shared in a team channel is often more effective than any policy document.`,
      ),
      p(
        `Read our full cost-control guide at ${a("https://example.com/atlas-cloud/ai-costs", "example.com/atlas-cloud/ai-costs")}. <em>Atlas Cloud is a fictional sponsor used for demonstration.</em>`,
      ),
    ),
  },
  {
    title: "Sponsored: Meridian Travel Card's Field Guide to Spending Abroad",
    category: "Sponsored",
    tags: ["Personal Finance"],
    summary:
      "Paid content: Meridian Travel Card on exchange rates, ATM fees and the one question to always answer 'no' to.",
    photo: img("megaphone"),
    authorEmail: ADMIN,
    status: "published",
    hoursAgo: 5600,
    views: 1760,
    likes: 133,
    shares: 30,
    socialCard: null,
    content: body(
      p(
        `<em><strong>Sponsored content.</strong> This guide was provided by Meridian Travel Card. It is advertising and was not produced by Inkwell's newsroom.</em>`,
      ),
      p(
        `You have booked the flights, found the hotel and planned the museums. Then you get home and discover that your card statement is full of small fees you never agreed to. Spending abroad does not have to be expensive if you know where the costs hide.`,
      ),
      h2("The three fees to watch"),
      ol([
        `<strong>Foreign transaction fees:</strong> many cards charge around 3 percent on every purchase abroad.`,
        `<strong>ATM fees:</strong> both your bank and the local machine may charge you for each withdrawal.`,
        `<strong>Dynamic currency conversion:</strong> the offer to pay in your home currency, at a worse rate.`,
      ]),
      h2("Always pay in the local currency"),
      p(
        `When a card terminal or ATM asks whether you would like to be charged in your home currency, the answer is almost always no. The rate offered is typically several percent worse than the one your card network would use. Choose the local currency, every time.`,
      ),
      quote(
        `"If a machine is offering to do you a favor, it's usually doing itself one," said Meridian's travel product lead, Tomas Arriaga.`,
      ),
      h2("Before you go"),
      ul([
        `Check whether your card charges foreign transaction fees.`,
        `Carry two cards on different networks, kept in separate places.`,
        `Withdraw larger amounts less often to minimize per-transaction ATM fees.`,
        `Save your card issuer's international phone number offline.`,
      ]),
      p(
        `Finally, let your card issuer know where you are traveling if it asks for that information, and turn on transaction alerts so you see every charge as it happens.`,
      ),
      p(
        `Meridian Travel Card charges no foreign transaction fees and reimburses a set number of ATM fees each month. Compare its features at ${a("https://example.com/meridian/travel", "example.com/meridian/travel")}. <em>Meridian Travel Card is a fictional sponsor. Terms apply.</em>`,
      ),
    ),
  },
  {
    title: "Sponsored: Why Lumen Analytics Thinks Every Newsroom Needs a Data Desk",
    category: "Sponsored",
    tags: ["AI", "Markets"],
    summary:
      "Paid content from Lumen Analytics on how small newsrooms are using shared data tools to find stories in public records, market filings and their own audience numbers.",
    photo: img("megaphone"),
    authorEmail: LENA,
    status: "published",
    hoursAgo: 8200,
    views: 920,
    likes: 61,
    shares: 11,
    socialCard: null,
    content: body(
      p(
        `<em><strong>Sponsored content.</strong> This article was paid for by Lumen Analytics, a data platform company. Inkwell's editorial team did not write or edit it.</em>`,
      ),
      p(
        `Ten years ago, a data desk was a luxury reserved for the largest newsrooms. Today, public records, market filings and audience analytics are available to anyone, and the tools to analyze them are cheaper than ever. At Lumen Analytics, we work with dozens of small and regional newsrooms. Here is what we have learned.`,
      ),
      h2("Stories hide in spreadsheets"),
      p(
        `Some of the most impactful local stories of recent years started with a spreadsheet: restaurant inspection scores, school bus delays, property tax appeals. Reporters who can sort, filter and join datasets find stories their competitors miss.`,
      ),
      h2("Start with three skills"),
      ul([
        `Cleaning messy data, such as inconsistent names and dates.`,
        `Joining two datasets on a shared field.`,
        `Making a simple, honest chart.`,
      ]),
      h2("Use AI carefully"),
      p(
        `AI tools can speed up tedious tasks like extracting tables from PDFs or categorizing thousands of records. But every figure that ends up in a published story must be checked by a human against the original source.`,
      ),
      quote(
        `"AI makes a good research assistant and a terrible fact-checker," said Lumen's newsroom partnerships lead, Harriet Yoon.`,
      ),
      p(
        `Audience data deserves the same rigor. Knowing which stories readers finish, not just click, helps editors invest in the journalism that matters to their community.`,
      ),
      p(
        `Building a data desk does not require a large team. Several of our partner newsrooms started with one reporter who spent a few hours a week learning the tools, then shared templates and checklists with colleagues. Within a year, data-driven stories had become part of the normal workflow rather than special projects.`,
      ),
      p(
        `Lumen offers discounted plans for independent newsrooms. Learn more at ${a("https://example.com/lumen/newsrooms", "example.com/lumen/newsrooms")}. <em>Lumen Analytics is a fictional sponsor used for demonstration purposes.</em>`,
      ),
    ),
  },
  // ----------------------------------------------------------------- Crypto
  {
    title: "Bitcoin Climbs Past a Key Level as Spot Fund Inflows Resume",
    category: "Crypto",
    tags: ["Bitcoin", "Markets"],
    summary:
      "The largest cryptocurrency rose 5 percent in a day as spot funds logged their biggest inflows in a month.",
    photo: img("crypto-blocks"),
    authorEmail: PRIYA,
    status: "published",
    hoursAgo: 3,
    views: 2410,
    likes: 188,
    shares: 52,
    socialCard: {
      name: "Bitcoin breaks out as spot fund inflows return",
      description:
        "Bitcoin rose 5 percent in a day as spot funds saw their biggest inflows in a month. What's driving the move and what could stall it.",
      image: img("chart-up"),
      blur: 0,
    },
    content: body(
      p(
        `Bitcoin rose about 5 percent on Monday, pushing above a price level that had capped rallies three times in the past two months. The move came as spot Bitcoin funds recorded their largest single day of net inflows in roughly a month, according to issuer disclosures compiled by Inkwell.`,
      ),
      p(
        `Traders had been watching the level closely. Each previous attempt to break through it had been met with heavy selling, and options markets had shown a concentration of bets at that price. Monday's break triggered a wave of short liquidations on derivatives exchanges, amplifying the rally.`,
      ),
      h2("What's driving the move"),
      ul([
        `<strong>Fund flows:</strong> spot funds took in their biggest daily inflow in a month.`,
        `<strong>Rates:</strong> rising expectations of a rate cut have lifted risk assets broadly.`,
        `<strong>Positioning:</strong> a crowded short trade unwound quickly once the level broke.`,
      ]),
      quote(
        `"This is the first time in weeks that spot buying, not leverage, is leading the move. That matters for whether it sticks," said Jae-won Park, head of research at digital asset fund Tidewater Capital.`,
      ),
      h2("What could stall it"),
      p(
        `Not everyone is convinced. On-chain data shows that some long-term holders used the rally to sell, and trading volumes on spot exchanges, while higher, remain below their spring peaks. A stronger-than-expected inflation report later this week could also dent hopes of a rate cut and weigh on crypto along with other risk assets.`,
      ),
      p(
        `Ether rose about 3 percent alongside Bitcoin, while smaller tokens were mixed. Crypto-related stocks, including miners and exchange operators, rose in early trading.`,
      ),
      p(
        `Inkwell tracks daily spot fund flows on ${a("https://example.com/inkwell/crypto-flows", "our crypto flows dashboard")}. As always, crypto prices are volatile, and past performance says little about what comes next.`,
      ),
    ),
  },
  {
    title: "Layer 2 Networks Race to Cut Withdrawal Times From Days to Minutes",
    category: "Crypto",
    tags: ["Ethereum"],
    summary:
      "Rollups have long made users wait a week to move funds back to Ethereum. New proof systems aim to cut that to an hour.",
    photo: img("crypto-blocks"),
    authorEmail: PRIYA,
    status: "published",
    hoursAgo: 44,
    views: 1730,
    likes: 142,
    shares: 37,
    socialCard: null,
    content: body(
      p(
        `For most people who use Ethereum's layer 2 networks, the slowest part of the experience is leaving. Moving funds from a popular rollup back to the main Ethereum chain can take seven days, a delay built in so that anyone can challenge a fraudulent transaction before it becomes final. Third-party bridges offer faster exits, but they charge a fee and add another company to trust.`,
      ),
      p(
        `That waiting period is now under pressure. Three of the largest rollups said this week that they are testing systems that use cryptographic proofs, rather than a challenge window, to show that their transactions are valid. If the tests go well, withdrawals could settle in about an hour.`,
      ),
      h2("Why the week-long wait exists"),
      p(
        `Optimistic rollups, as the older design is known, assume transactions are honest unless someone proves otherwise. The seven-day window gives watchers time to spot a problem and submit evidence. Zero-knowledge rollups skip that step by posting a mathematical proof with each batch, but generating those proofs has historically been slow and expensive. Three things have changed:`,
      ),
      ul([
        `<strong>Cheaper hardware:</strong> proof generation that once needed racks of servers now runs on a handful of graphics cards.`,
        `<strong>Shared provers:</strong> several rollups are pooling their proving work to spread the cost.`,
        `<strong>Hybrid designs:</strong> some networks plan to keep the challenge window as a backup while proofs mature.`,
      ]),
      quote(
        `"Users never understood why their money was stuck for a week. Now we finally have the tools to stop asking them to wait," said Mirela Vasquez, a researcher at rollup developer Quarry Labs.`,
      ),
      p(
        `There are risks. Proof systems are complex software, and a bug in one could let an attacker withdraw funds that do not exist. Security researchers have urged teams to run multiple independent provers and to keep emergency pause switches in place until the code has been tested in the wild.`,
      ),
      p(
        `For ordinary users, nothing changes yet. The faster withdrawals are running only on test networks, and the teams have not committed to mainnet dates. Inkwell keeps a running comparison of rollup withdrawal times and fees at ${a("https://example.com/inkwell/rollup-tracker", "our layer 2 tracker")}.`,
      ),
    ),
  },
  {
    title: "Ethereum Developers Set a Date for the Next Network Upgrade",
    category: "Crypto",
    tags: ["Ethereum"],
    summary:
      "Core developers agreed on a mainnet activation window after two smooth test network launches.",
    photo: img("crypto-blocks"),
    authorEmail: JONAH,
    status: "published",
    hoursAgo: 70,
    views: 1960,
    likes: 173,
    shares: 44,
    socialCard: null,
    content: body(
      p(
        `Ethereum's core developers have agreed on a target date for the network's next major upgrade, following successful launches on two test networks over the past month. The decision was made on a public developer call on Thursday and will be confirmed once client teams publish their final releases.`,
      ),
      p(
        `The upgrade bundles several changes aimed at making the network cheaper for layer 2 rollups to use and simplifying the experience for people who stake ETH. It also includes a number of smaller fixes that developers described as housekeeping.`,
      ),
      h2("What's in the upgrade"),
      ul([
        `More room in each block for the data that rollups post to Ethereum, which should lower their costs.`,
        `Higher limits on how much ETH a single validator can stake, reducing the number of validators large operators need to run.`,
        `Changes that make smart contract wallets easier to use with existing accounts.`,
      ]),
      quote(
        `"Both testnets went through without a single client bug that affected consensus. That's about as good as it gets," said client developer Anika Sorensen during the call.`,
      ),
      h2("What node operators need to do"),
      p(
        `Anyone running an Ethereum node will need to upgrade both their execution and consensus clients before the activation date. Operators can check which version they are running with a standard API call:`,
      ),
      code(`curl -s http://localhost:5052/eth/v1/node/version
# {"data":{"version":"Lodestar/v1.21.0/linux-x64"}}`),
      p(
        `Developers urged operators not to wait until the last week. In previous upgrades, a small share of validators that failed to update stopped earning rewards and, in some cases, missed their duties for several hours.`,
      ),
      p(
        `For ordinary users holding ETH on an exchange or in a wallet, no action is needed. Beware of anyone claiming that you must "migrate" or "upgrade" your tokens: that is a common scam during network upgrades. The full upgrade specification is published at ${a("https://example.org/ethereum/upgrade-spec", "example.org/ethereum/upgrade-spec")}.`,
      ),
    ),
  },
  {
    title: "Regulators Publish a Draft Rulebook for Stablecoin Issuers",
    category: "Crypto",
    tags: ["Regulation", "Bitcoin"],
    summary:
      "The proposed rules would require full reserves held in cash and short-term government debt, monthly audits and a redemption promise within one business day.",
    photo: img("newspaper"),
    authorEmail: MAYA,
    status: "published",
    hoursAgo: 150,
    views: 2870,
    likes: 231,
    shares: 97,
    socialCard: null,
    content: body(
      p(
        `Financial regulators on Wednesday published a long-awaited draft framework for stablecoin issuers, the companies that mint digital tokens designed to hold a steady value against a currency like the dollar. The proposal is open for public comment for 90 days.`,
      ),
      p(
        `Stablecoins are used widely in crypto trading and increasingly for cross-border payments. Their combined value has grown sharply, and regulators have warned that a run on a large issuer could spill over into traditional markets.`,
      ),
      h2("The key requirements"),
      ol([
        `Reserves must equal at least 100 percent of tokens in circulation.`,
        `Reserves may be held only in cash, insured deposits and short-term government debt.`,
        `Issuers must publish monthly reserve reports reviewed by an independent auditor.`,
        `Holders must be able to redeem tokens at face value within one business day.`,
      ]),
      quote(
        `"A token that promises to be worth a dollar should be backed by something that is reliably worth a dollar. That's the whole idea," a senior official said at a briefing.`,
      ),
      h2("Industry reaction"),
      p(
        `Larger issuers, several of which already publish reserve reports, broadly welcomed the proposal. Smaller firms warned that audit costs and capital requirements could push them out of the market. Consumer advocates said the draft did not go far enough in protecting holders if an issuer went bankrupt.`,
      ),
      p(
        `The draft also asks for comment on whether algorithmic stablecoins, which try to hold their value through software rather than reserves, should be banned outright. Bitcoin itself is not covered by the proposal, although exchanges that list both would be affected indirectly.`,
      ),
      p(
        `The full proposal and instructions for submitting comments are posted at ${a("https://example.org/regulators/stablecoin-draft", "example.org/regulators/stablecoin-draft")}. Inkwell will publish a plain-language guide to the rules next week.`,
      ),
    ),
  },
  {
    title: "Hardware Wallet Makers Report a Rush of First-Time Buyers",
    category: "Crypto",
    tags: ["Bitcoin", "Personal Finance"],
    summary:
      "Sales of signing devices have jumped. Here is how to set one up without making the classic beginner mistakes.",
    photo: img("laptop"),
    authorEmail: LENA,
    status: "published",
    hoursAgo: 410,
    views: 4380,
    likes: 466,
    shares: 139,
    socialCard: null,
    content: body(
      p(
        `Three manufacturers of hardware wallets, the small devices that keep the keys controlling cryptocurrency offline, say orders more than doubled over the past quarter. Most of the new buyers, they say, have never owned one before and are moving coins off exchanges for the first time.`,
      ),
      p(
        `The timing is not a coincidence. A string of withdrawal freezes and a high-profile exchange bankruptcy have reminded holders of an old saying in the Bitcoin world: not your keys, not your coins. Support teams at the manufacturers say they now field more questions about setup than about shipping.`,
      ),
      h2("The mistakes support teams see most"),
      ol([
        `Typing the recovery phrase into a phone or computer, which defeats the purpose of the device.`,
        `Buying a secondhand or discounted wallet from an online marketplace, where tampered units circulate.`,
        `Skipping the test: never sending a small amount out and back before moving larger sums.`,
        `Storing the only copy of the recovery phrase in the same drawer as the device.`,
      ]),
      p(
        `Manufacturers also recommend checking that the firmware file you install is the one the company actually published. On most desktop systems that takes a single command, and the result should match the checksum printed on the maker's website:`,
      ),
      code(`$ sha256sum ridgeline-firmware-3.2.0.bin
3cb132c4c33ce6a3fc767095465e0e536f1d995472f1ddabbb27a1bfe5248244  ridgeline-firmware-3.2.0.bin`),
      quote(
        `"A hardware wallet moves the risk from a company's servers to your kitchen table. That is a trade many people want, but it is still a trade," said security consultant Bettina Holm.`,
      ),
      p(
        `That last point matters. Exchanges can be hacked or go bust, but they also offer password resets. A lost recovery phrase cannot be reset by anyone, and researchers estimate that millions of bitcoins are already stranded in wallets whose owners lost access.`,
      ),
      p(
        `If you are buying a device for the first time, order it directly from the manufacturer and read our step-by-step setup checklist at ${a("https://example.org/hardware-wallet-checklist", "example.org/hardware-wallet-checklist")} before you unbox it.`,
      ),
    ),
  },
  {
    title: "A Beginner's Guide to Reading a Blockchain Explorer",
    category: "Crypto",
    tags: ["Bitcoin", "Ethereum"],
    summary:
      "Hashes, confirmations and gas: what all those numbers on a block explorer actually mean.",
    photo: img("laptop"),
    authorEmail: LENA,
    status: "published",
    hoursAgo: 800,
    views: 5220,
    likes: 604,
    shares: 188,
    socialCard: null,
    content: body(
      p(
        `Sooner or later, anyone who sends cryptocurrency ends up staring at a block explorer: a website that displays every transaction on a public blockchain. The first visit can be bewildering. Here is a field guide to what you are looking at.`,
      ),
      h2("The transaction page"),
      p(
        `Every transaction has a unique identifier called a hash, a long string of letters and numbers. Paste it into an explorer's search box and you will see who sent it, who received it, how much was moved and what fee was paid.`,
      ),
      ul([
        `<strong>Status:</strong> pending, confirmed or failed.`,
        `<strong>Confirmations:</strong> how many blocks have been added since yours. More confirmations means more certainty.`,
        `<strong>Fee:</strong> what you paid the network to include the transaction.`,
        `<strong>Inputs and outputs:</strong> on Bitcoin, where the coins came from and where they went.`,
      ]),
      h2("Bitcoin versus Ethereum"),
      p(
        `Bitcoin explorers show inputs and outputs, because Bitcoin tracks coins as discrete chunks. Ethereum explorers show accounts and balances, along with "gas," which measures how much computation a transaction used. A failed Ethereum transaction still costs a fee, which surprises many newcomers.`,
      ),
      h3("For the curious: querying it yourself"),
      p(
        `Most explorers offer an API. A request for a Bitcoin transaction returns structured data like this abbreviated example:`,
      ),
      code(`{
  "txid": "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b",
  "status": { "confirmed": true, "block_height": 842117 },
  "fee": 2840,
  "vout": [
    { "value": 150000, "address": "bc1q...example" }
  ]
}`),
      quote(`An explorer is a window, not a wallet. It can show you everything and move nothing.`),
      p(
        `If a transaction seems stuck, the explorer is also the first place to look. A pending Bitcoin transaction with a fee far below what recent blocks have accepted may take hours or days to confirm, while an Ethereum transaction with a gas price that is too low will sit in limbo until it is replaced or dropped.`,
      ),
      p(
        `One privacy note: because blockchains are public, anyone who knows your address can see its history. Consider using a fresh address for each payment you receive. Our glossary of common explorer terms lives at ${a("https://example.com/inkwell/crypto-glossary", "example.com/inkwell/crypto-glossary")}.`,
      ),
    ),
  },
  {
    title: "Crypto Tax Season: The Cost Basis Question Most Holders Get Wrong",
    category: "Crypto",
    tags: ["Regulation", "Personal Finance", "Bitcoin"],
    summary:
      "Every sale, swap and coffee bought with crypto can be a taxable event. Getting the cost basis right is the hard part.",
    photo: img("piggy-bank"),
    authorEmail: MAYA,
    status: "published",
    hoursAgo: 1150,
    views: 5610,
    likes: 498,
    shares: 214,
    socialCard: null,
    content: body(
      p(
        `Tax preparers say the same conversation happens every spring. A client bought some Bitcoin years ago, traded part of it for Ether, spent a little on a gift card and now has no idea what they owe. The trouble is rarely the tax rate. It is working out the cost basis: what each coin cost when it was acquired.`,
      ),
      p(
        `In many countries, swapping one token for another counts as selling the first one, even if no dollars ever touch a bank account. That means a holder who made dozens of small trades may have dozens of taxable events to report, each with its own gain or loss.`,
      ),
      h2("Which coins did you sell?"),
      p(
        `When you own coins bought at different prices, the method used to match sales to purchases changes your bill. The most common default is first in, first out, which assumes the oldest coins are sold first. A simple calculation looks like this:`,
      ),
      code(`lots = [(0.5, 20000), (0.3, 42000)]   # (amount in BTC, price paid per BTC)
sold, price = 0.6, 60000

basis, remaining = 0, sold
for amount, cost in lots:             # oldest lot first
    used = min(amount, remaining)
    basis += used * cost
    remaining -= used

gain = sold * price - basis           # 36000 - 14200 = 21800`),
      p(
        `Some jurisdictions allow other methods, such as choosing specific lots, which can lower the taxable gain in a given year. Switching methods without records to back it up, however, is an easy way to attract questions from the tax office.`,
      ),
      ul([
        `Export your full transaction history from every exchange, including closed accounts.`,
        `Record the value in your home currency at the moment of each trade.`,
        `Keep wallet addresses and transaction hashes for transfers between your own accounts.`,
      ]),
      quote(
        `"Nobody gets in trouble for a rounding error. People get in trouble because they have no records at all," said tax adviser Oluwaseun Adebayo.`,
      ),
      p(
        `Regulators are also closing gaps. New reporting rules will soon require exchanges to send customer transaction data directly to tax authorities. Inkwell's guide to the forms, with worked examples, is at ${a("https://example.com/inkwell/crypto-taxes", "example.com/inkwell/crypto-taxes")}. This article is general information, not tax advice.`,
      ),
    ),
  },
  {
    title: "Miners Move Toward Stranded Gas and Curtailed Wind Power",
    category: "Crypto",
    tags: ["Bitcoin", "Climate"],
    summary:
      "Bitcoin miners are chasing the cheapest electricity on Earth: power nobody else can use.",
    photo: img("wind-turbines"),
    authorEmail: JONAH,
    status: "published",
    hoursAgo: 1900,
    views: 3380,
    likes: 297,
    shares: 121,
    socialCard: null,
    content: body(
      p(
        `In a windswept corner of the plains, a row of shipping containers sits beside a wind farm, each one packed with Bitcoin mining machines. When the grid cannot absorb all the power the turbines produce, the containers switch on. When demand rises, they switch off.`,
      ),
      p(
        `This arrangement, once a curiosity, is becoming a meaningful part of the mining industry. Faced with thinner margins after the last halving, miners are hunting for the cheapest electricity they can find, and increasingly that means power that would otherwise be wasted.`,
      ),
      h2("Two kinds of stranded energy"),
      ul([
        `<strong>Curtailed renewables:</strong> wind and solar output that exceeds what the grid can take at a given moment.`,
        `<strong>Flared gas:</strong> natural gas released at oil wells that is burned off because there is no pipeline to carry it.`,
      ]),
      p(
        `Using flared gas to generate electricity for mining does not eliminate emissions, but it can reduce methane, a potent greenhouse gas, by combusting it more completely. Critics argue that it also gives oil producers a new revenue stream and little reason to build pipelines.`,
      ),
      quote(
        `"Flexible load is useful to a grid with lots of wind. Whether it should be Bitcoin miners or hydrogen plants or batteries is a separate argument," said energy economist Farah Lindgren.`,
      ),
      h2("The skeptics' case"),
      p(
        `Environmental groups caution that only a fraction of global mining uses stranded power, and that many miners still connect to fossil-heavy grids. They also warn that miners can lock in long-term power contracts that crowd out other users.`,
      ),
      p(
        `The data is patchy. Independent estimates of mining's energy mix vary widely, and few miners disclose their sources in detail. A research group is trying to change that with a voluntary reporting standard, documented at ${a("https://example.org/mining-energy-standard", "example.org/mining-energy-standard")}.`,
      ),
    ),
  },
  {
    title: "Why Bitcoin Fees Spiked Tenfold Over a Quiet Weekend",
    category: "Crypto",
    tags: ["Bitcoin", "Markets"],
    summary:
      "A wave of token experiments clogged the network while prices barely moved, and small payments got very expensive.",
    photo: img("chart-up"),
    authorEmail: JONAH,
    status: "published",
    hoursAgo: 2450,
    views: 3270,
    likes: 261,
    shares: 84,
    socialCard: null,
    content: body(
      p(
        `Bitcoin's price barely moved last weekend. Its transaction fees told a different story. Between Friday evening and Sunday afternoon, the average fee to get a payment into the next block rose roughly tenfold, and the queue of unconfirmed transactions grew to its longest in more than a year.`,
      ),
      p(
        `The cause was not a market panic but a burst of experimental activity. A popular new protocol for creating tokens on top of Bitcoin launched a free minting event, and thousands of users rushed to claim a share. Each claim required a transaction, and each transaction competed for limited space in blocks that arrive about every ten minutes.`,
      ),
      h2("Who felt it"),
      ul([
        `People sending small payments, where a fixed fee suddenly became a large share of the amount.`,
        `Exchanges, several of which temporarily raised their withdrawal charges.`,
        `Lightning network users opening or closing channels, which requires an on-chain transaction.`,
      ]),
      quote(
        `"Block space is an auction. Most days nobody notices because there aren't many bidders. This weekend there were a lot," said Rafael Duarte, an analyst at research firm Blockcount.`,
      ),
      p(
        `Miners were the clear winners. Fees made up more than a third of their revenue on Saturday, an unusual share that some analysts see as a preview of the network's long-term economics, since the fixed block reward keeps shrinking with each halving.`,
      ),
      h2("How to avoid overpaying"),
      p(
        `Most modern wallets let users choose a lower fee and wait longer for confirmation. For payments that are not urgent, setting a low fee and letting the transaction sit for a few hours is often enough. Some wallets also support a feature that lets you raise the fee later if a payment gets stuck.`,
      ),
      p(
        `By Monday morning, fees had fallen back toward normal levels. Our live chart of median fees and the size of the waiting queue is at ${a("https://example.com/inkwell/bitcoin-fees", "example.com/inkwell/bitcoin-fees")}.`,
      ),
    ),
  },
  {
    title: "Why a Mid-Sized Exchange Paused Withdrawals for 36 Hours",
    category: "Crypto",
    tags: ["Regulation", "Markets"],
    summary:
      "A software migration went wrong, customers panicked and regulators called. Inside the 36 hours that tested trust in Kestrel Exchange, and what it says about oversight.",
    photo: img("chart-up"),
    authorEmail: PRIYA,
    status: "published",
    hoursAgo: 3100,
    views: 6740,
    likes: 512,
    shares: 276,
    socialCard: null,
    content: body(
      p(
        `At 2:14 a.m. on a Saturday, Kestrel Exchange posted a brief message on its status page: withdrawals were "temporarily paused for maintenance." By breakfast, the message had been shared tens of thousands of times, and the exchange's customer support queue had grown to more than 40,000 tickets.`,
      ),
      p(
        `Withdrawals resumed 36 hours later. No customer funds were lost, according to the company and an independent review published this week. But the episode offers a detailed look at how quickly trust can evaporate in crypto markets, and at gaps in how exchanges are supervised.`,
      ),
      h2("What went wrong"),
      p(
        `According to the review, Kestrel was migrating its internal ledger to a new database. A step in the migration failed silently, leaving some account balances out of sync. Engineers paused withdrawals to avoid paying out incorrect amounts while they reconciled the records.`,
      ),
      h2("Timeline"),
      ol([
        `Saturday, 2:14 a.m.: withdrawals paused, with a one-line notice.`,
        `Saturday, 9:00 a.m.: social media rumors of insolvency spread.`,
        `Saturday, noon: regulator contacts the company.`,
        `Sunday, 2:30 p.m.: withdrawals resume in stages.`,
      ]),
      quote(
        `"The technical problem took six hours to fix. The communication problem took the other thirty," the review concluded.`,
      ),
      p(
        `The exchange's token prices and trading volumes fell sharply over the weekend, and competing platforms reported a surge in new sign-ups. Kestrel says most customers who withdrew have since returned a portion of their funds.`,
      ),
      p(
        `Kestrel has since changed its procedures. Future migrations will be run in stages over several weeks, and the company has committed to posting updates on its status page at least every two hours during any incident that affects customer funds.`,
      ),
      p(
        `Regulators said the incident highlighted the need for mandatory operational resilience standards, similar to those imposed on banks. The full independent review can be read at ${a("https://example.org/kestrel/incident-review", "example.org/kestrel/incident-review")}.`,
      ),
    ),
  },
  {
    title: "A Central Bank Tests Settling Bond Trades on a Shared Ledger",
    category: "Crypto",
    tags: ["Regulation", "Interest Rates"],
    summary:
      "A six-month pilot moved real government bonds and central bank money on a private blockchain. Settlement fell from two days to seconds, but officials are in no hurry.",
    photo: img("skyline"),
    authorEmail: TOMAS,
    status: "published",
    hoursAgo: 3750,
    views: 2690,
    likes: 204,
    shares: 71,
    socialCard: null,
    content: body(
      p(
        `For six months, a group of eight commercial banks and a national central bank quietly ran an experiment with real money. Instead of settling government bond trades through the usual chain of custodians and clearing houses, they recorded both the bonds and the cash on a shared, permissioned ledger that only the participants could access.`,
      ),
      p(
        `The results, published this week, were striking. Trades that normally take two business days to settle were completed in seconds, and the banks needed to post far less collateral to cover the risk of a counterparty failing in the meantime.`,
      ),
      h2("Not the crypto you know"),
      p(
        `The ledger borrows ideas from public blockchains like Ethereum, including smart contracts that release cash only when the bond arrives. But there is no token anyone can buy, no mining and no anonymity. Every participant is a regulated bank, and the central bank can see every transaction.`,
      ),
      ol([
        `Bonds and cash were issued as digital records on the ledger.`,
        `A smart contract locked both sides of each trade.`,
        `Settlement happened only when both legs were present, removing the risk of one side defaulting.`,
      ]),
      quote(
        `"We have shown it works. We have not shown it is worth rebuilding the plumbing of the bond market for," the central bank's head of payments said at a press conference.`,
      ),
      p(
        `That caution reflects the size of the task. Existing settlement systems are slow but extremely reliable, and moving the bond market onto new infrastructure would require changes to laws, accounting rules and the systems of hundreds of institutions. Some participants also noted that instant settlement removes a buffer that traders currently use to line up cash.`,
      ),
      p(
        `The central bank said it would run a second phase next year that adds foreign currency trades. The full pilot report is available at ${a("https://example.org/central-bank/ledger-pilot", "example.org/central-bank/ledger-pilot")}.`,
      ),
    ),
  },
  {
    title: "Staking Providers Face New Rules on Disclosing Risks and Fees",
    category: "Crypto",
    tags: ["Ethereum", "Regulation"],
    summary:
      "Services that stake ETH for customers must now spell out lockup periods, penalties and their cut of the rewards.",
    photo: img("newspaper"),
    authorEmail: ADMIN,
    status: "published",
    hoursAgo: 5450,
    views: 1880,
    likes: 139,
    shares: 46,
    socialCard: null,
    content: body(
      p(
        `Companies that stake cryptocurrency on behalf of their customers will have to publish plain-language disclosures about fees, lockup periods and the risk of losing funds, under guidance issued on Tuesday by financial regulators. The rules take effect in six months.`,
      ),
      p(
        `Staking is how networks like Ethereum are secured. Holders lock up tokens to help validate transactions and earn rewards in return. Because running a validator takes technical skill and reliable hardware, many people hand the job to an exchange or a specialist provider, which keeps a share of the rewards.`,
      ),
      h2("What providers must disclose"),
      ul([
        `<strong>Fees:</strong> the percentage of rewards the provider keeps, shown before a customer commits.`,
        `<strong>Lockups:</strong> how long it can take to get staked tokens back, including network exit queues.`,
        `<strong>Penalties:</strong> the losses a network can impose if a validator misbehaves or goes offline, and who bears them.`,
        `<strong>Custody:</strong> whether customer tokens are held separately from the provider's own.`,
      ]),
      p(
        `Regulators said a review of advertising had found providers promoting headline reward rates without mentioning fees, and in some cases implying that staked funds could be withdrawn instantly. During busy periods, the real wait can stretch to several weeks.`,
      ),
      quote(
        `"A reward rate is not a savings rate. Customers deserve to know what can go wrong before they lock anything up," said a spokesperson for the regulator.`,
      ),
      p(
        `Industry groups broadly welcomed the guidance, saying it would give legitimate providers a clear rulebook and make it easier to compare services. Some smaller firms warned that the cost of compliance could push them to exit the market or merge with larger competitors.`,
      ),
      p(
        `Customers who already stake through a provider should expect updated terms by email in the coming months. The guidance and a sample disclosure form are published at ${a("https://example.org/regulators/staking-guidance", "example.org/regulators/staking-guidance")}.`,
      ),
    ),
  },
  {
    title: "Tokenized Treasury Funds Quietly Pass a Milestone",
    category: "Crypto",
    tags: ["Ethereum", "Interest Rates"],
    summary:
      "Funds that put government bonds on a blockchain are growing fast, fueled by high short-term yields.",
    photo: img("chart-up"),
    authorEmail: TOMAS,
    status: "published",
    hoursAgo: 6000,
    views: 2140,
    likes: 170,
    shares: 58,
    socialCard: null,
    content: body(
      p(
        `Without much fanfare, funds that hold short-term government bonds and represent their shares as tokens on a blockchain have grown past a notable milestone in combined assets. Most of them run on Ethereum or networks compatible with it.`,
      ),
      p(
        `The appeal is straightforward. With short-term interest rates well above zero, crypto firms and traders holding large amounts of stablecoins, which typically pay nothing, have a strong incentive to move idle cash into something that earns a yield, without leaving the blockchain.`,
      ),
      h2("How the yield works"),
      p(
        `A tokenized Treasury fund earns the same interest as the bonds it holds, minus a management fee. Investors can estimate their net annual yield with a simple formula:`,
      ),
      code(`net_yield = treasury_yield - management_fee

# Example: 5.1% bill yield, 0.15% fee
net_yield = 0.051 - 0.0015   # = 0.0495, or 4.95% per year`),
      p(
        `Because the fund's shares are tokens, they can be transferred around the clock and, in some cases, used as collateral in crypto lending protocols. That is where most of the growth has come from.`,
      ),
      ul([
        `Most funds are available only to verified, often institutional, investors.`,
        `Transfers are typically restricted to pre-approved wallet addresses.`,
        `Redemptions into dollars still run on traditional banking hours.`,
      ]),
      quote(
        `"It's the most boring product in crypto, and that's exactly why it's working," said asset manager Delphine Roux.`,
      ),
      h2("What happens when rates fall"),
      p(
        `Regulators have so far taken a cautious but permissive approach, treating the tokens as securities and requiring the funds to follow the same rules as their traditional equivalents. Some officials have praised the transparency of recording ownership on a public ledger, while others worry about what happens if a lending protocol holding the tokens fails.`,
      ),
      p(
        `The growth depends heavily on rates. If central banks cut aggressively, the gap between holding stablecoins and holding tokenized bonds narrows, and some of the appeal fades. Fund managers say the infrastructure will remain useful regardless. An industry tracker of tokenized fund assets is maintained at ${a("https://example.org/tokenized-funds", "example.org/tokenized-funds")}.`,
      ),
    ),
  },
  {
    title: "What the Halving Actually Changed for Small Mining Pools",
    category: "Crypto",
    tags: ["Bitcoin"],
    summary:
      "The block reward was cut in half overnight. Six months later, we checked in with the operators of four small mining pools to see who survived and how they adapted.",
    photo: img("ai-chip"),
    authorEmail: JONAH,
    status: "published",
    hoursAgo: 9400,
    views: 4010,
    likes: 355,
    shares: 102,
    socialCard: null,
    content: body(
      p(
        `Every four years or so, the number of new bitcoins awarded to miners for each block is cut in half. The event, known as the halving, is written into Bitcoin's code. For large industrial miners with cheap power, it is a squeeze. For small mining pools, it can be an existential threat.`,
      ),
      p(
        `Six months after the most recent halving, we spoke with the operators of four small pools, each controlling well under one percent of the network's computing power, to understand what actually changed.`,
      ),
      h2("The math got harder"),
      p(
        `A miner's revenue depends on their share of the network's total hash rate, the block reward and transaction fees. Operators use a back-of-the-envelope calculation like this:`,
      ),
      code(`daily_btc = (my_hashrate / network_hashrate) * blocks_per_day * (block_reward + avg_fees)

# 144 blocks per day; block reward fell from 6.25 to 3.125 BTC`),
      p(
        `Halving the block reward roughly halves revenue unless the price or fees rise to compensate. Older machines that were barely profitable before became unprofitable overnight.`,
      ),
      h2("How they adapted"),
      ul([
        `Two pools retired their oldest machines and sold them to miners with cheaper electricity.`,
        `One merged with a larger pool to reduce the variance of its payouts.`,
        `One began selling the waste heat from its machines to a nearby greenhouse.`,
      ]),
      quote(
        `"The halving doesn't kill you on the day. It kills you three months later, when your power bill arrives," said pool operator Kwame Asante.`,
      ),
      p(
        `Transaction fees provided some relief. During periods of heavy network use, fees made up a noticeably larger share of miners' income than before the halving. But fees are unpredictable, and none of the operators we spoke to were willing to plan around them.`,
      ),
      p(
        `All four operators said the biggest factor in their survival was not the price of Bitcoin but the price of electricity. The greenhouse arrangement, documented at ${a("https://example.org/heat-reuse-mining", "example.org/heat-reuse-mining")}, is now being studied by other small operators.`,
      ),
    ),
  },
  // ----------------------------------------------------------------- Business
  {
    title: "Chipmaker Corvane Raises Forecast on Data Center Demand",
    category: "Business",
    tags: ["AI", "Markets"],
    summary:
      "Corvane lifted its full-year outlook as cloud providers keep ordering AI accelerators faster than it can ship them.",
    photo: img("ai-chip"),
    authorEmail: TOMAS,
    status: "published",
    hoursAgo: 8,
    views: 1570,
    likes: 121,
    shares: 33,
    socialCard: {
      name: "Corvane raises its forecast again on AI chip demand",
      description:
        "The chipmaker says data center orders are outrunning supply. Shares rose 6 percent after hours.",
      image: img("ai-chip"),
      blur: 3,
    },
    content: body(
      p(
        `Corvane Semiconductor raised its full-year revenue forecast on Tuesday for the second time this year, saying demand from cloud computing companies for its AI accelerator chips continues to outstrip its ability to produce them. Shares rose about 6 percent in after-hours trading.`,
      ),
      p(
        `Revenue for the quarter rose 38 percent from a year earlier, ahead of analysts' average estimate. The company's data center division, which sells chips used to train and run AI models, accounted for nearly two-thirds of sales, up from less than half two years ago.`,
      ),
      h2("Supply is the constraint"),
      p(
        `Chief executive Lorraine Vasquez said on a call with analysts that Corvane had secured additional manufacturing capacity from its foundry partner for next year but that shortages of advanced packaging would limit shipments for at least two more quarters.`,
      ),
      quote(
        `"Every chip we can build is spoken for. The question our customers ask is not whether they want more, but when," Vasquez said.`,
      ),
      h2("The numbers"),
      ul([
        `Quarterly revenue up 38 percent year over year.`,
        `Data center revenue up 61 percent.`,
        `Gross margin of 58 percent, up two percentage points.`,
        `Full-year revenue guidance raised by about 7 percent.`,
      ]),
      p(
        `Not all of Corvane's business is booming. Sales of chips for personal computers and cars fell compared with last year, and the company said it expects those markets to remain soft. Some analysts questioned whether cloud spending can keep growing at this pace, pointing to the enormous sums customers are committing to data centers with uncertain returns.`,
      ),
      p(
        `"At some point, customers will need to show their shareholders that all these chips are making money," said analyst Benjamin Hart of Greyfield Research. For now, that point appears to be some way off. Corvane's full results are posted at ${a("https://example.com/corvane/investors", "example.com/corvane/investors")}.`,
      ),
    ),
  },
  {
    title: "Retail Chain Hollis and Main to Close 40 Stores, Expand Online",
    category: "Business",
    tags: ["Markets"],
    summary:
      "The department store chain will shut about a fifth of its locations and invest in same-day delivery.",
    photo: img("skyline"),
    authorEmail: MAYA,
    status: "published",
    hoursAgo: 220,
    views: 2290,
    likes: 144,
    shares: 47,
    socialCard: null,
    content: body(
      p(
        `Hollis and Main, the 90-year-old department store chain, said on Thursday that it would close 40 of its roughly 200 stores over the next 18 months and redirect the savings into its online business, including a same-day delivery service in its largest markets.`,
      ),
      p(
        `The closures will affect about 3,200 employees. The company said it would offer transfers to nearby locations where possible and severance to those who cannot be placed. Most of the stores being closed are in shopping malls where foot traffic has declined steadily for a decade.`,
      ),
      h2("A shift years in the making"),
      p(
        `Online sales now make up about 35 percent of Hollis and Main's revenue, compared with 12 percent five years ago. The company has been experimenting with using its remaining stores as small warehouses, fulfilling online orders from the back room.`,
      ),
      quote(
        `"Our customers have already decided how they want to shop. We are catching up with them," chief executive Sandra Kowalczyk said in a statement.`,
      ),
      h2("What changes for shoppers"),
      ul([
        `Same-day delivery in eight metro areas by next spring.`,
        `Free returns to any remaining store for online purchases.`,
        `A smaller store format, about half the size, to be tested in two cities.`,
      ]),
      p(
        `Investors greeted the plan cautiously. Shares rose 3 percent in morning trading before giving up most of those gains. Analysts noted that similar plans at rival chains have had mixed results, and that online retail comes with its own costs, including shipping, returns and fierce competition.`,
      ),
      p(
        `Landlords of the affected malls now face the challenge of filling large vacant spaces. Several have begun converting former department stores into gyms, medical offices and apartments. A list of the affected locations is available at ${a("https://example.com/hollis-main/store-changes", "example.com/hollis-main/store-changes")}.`,
      ),
    ),
  },
  {
    title: "Startup Fundraising Rebounds in the Second Quarter, With Caveats",
    category: "Business",
    tags: ["Startups"],
    summary:
      "Venture funding rose for the first time in six quarters, but a handful of giant AI deals account for most of the increase, and early-stage founders say little has changed for them.",
    photo: img("handshake"),
    authorEmail: PRIYA,
    status: "published",
    hoursAgo: 1000,
    views: 2860,
    likes: 219,
    shares: 73,
    socialCard: null,
    content: body(
      p(
        `Global venture capital investment rose in the second quarter for the first time in six quarters, according to data compiled by a private market research firm. At first glance, it looks like the long startup funding drought is ending. A closer look suggests a more complicated picture.`,
      ),
      h2("A few big checks"),
      p(
        `Five funding rounds, all for companies developing AI models or the infrastructure to run them, accounted for more than 40 percent of the total dollars invested. Excluding those deals, venture investment was roughly flat compared with the previous quarter.`,
      ),
      ul([
        `Total deal count fell for the seventh straight quarter.`,
        `Median seed round size was unchanged.`,
        `Late-stage rounds outside AI remained scarce.`,
        `Down rounds, which value a company below its previous round, made up about a fifth of deals.`,
      ]),
      quote(
        `"The headline number is being carried by a few enormous bets. For the typical founder, it still feels like winter," said Nadia Haddad, a partner at early-stage fund Openfield.`,
      ),
      h2("Signs of thaw"),
      p(
        `There are some positive signals. Several investors said they were seeing more competition for the best early-stage companies, a sign of rising confidence. Exits, the sales and stock listings that return cash to investors, ticked up as well, which could eventually free up more money for new funds.`,
      ),
      p(
        `Founders, for their part, have adjusted. Many are raising smaller rounds, cutting costs earlier and prioritizing revenue over rapid growth. Some have turned to alternatives such as revenue-based financing or grants.`,
      ),
      p(
        `Geographically, the rebound was concentrated in a handful of hubs, while investment in smaller startup ecosystems continued to decline.`,
      ),
      p(
        `The full quarterly report is available at ${a("https://example.org/venture-report-q2", "example.org/venture-report-q2")}. Our Founders' Friday newsletter covers early-stage fundraising every week.`,
      ),
    ),
  },
  {
    title: "Office Landlords Turn to Conversions as Leases Expire",
    category: "Business",
    tags: ["Real Estate", "Remote Work"],
    summary:
      "With hybrid work here to stay, owners of older office towers are turning floors into apartments, labs and schools.",
    photo: img("skyline"),
    authorEmail: JONAH,
    status: "published",
    hoursAgo: 2700,
    views: 3440,
    likes: 262,
    shares: 95,
    socialCard: null,
    content: body(
      p(
        `A wave of office leases signed before the pandemic is coming up for renewal, and many tenants are choosing to take less space, or none at all. For owners of older office buildings, the question is no longer whether to reinvent their properties but how.`,
      ),
      p(
        `Vacancy rates in many downtowns remain near record highs. Newer buildings with modern amenities are faring relatively well, as companies trade down in size but up in quality. It is the older, mid-sized towers that are struggling most.`,
      ),
      h2("What buildings are becoming"),
      ul([
        `<strong>Apartments:</strong> the most talked-about option, but also the most complex.`,
        `<strong>Laboratories:</strong> popular near universities and hospitals.`,
        `<strong>Schools and clinics:</strong> often suited to lower floors with street access.`,
        `<strong>Hotels:</strong> viable in tourist-heavy neighborhoods.`,
      ]),
      h2("Why conversions are hard"),
      p(
        `Office buildings are typically deep, with large floors far from windows. Apartments need natural light, plumbing in every unit and different fire exits. Engineers say only a minority of office buildings are good candidates for residential conversion without major structural work.`,
      ),
      quote(
        `"Everyone wants to turn offices into housing until they see the plumbing bill," said architect Beatriz Almeida, who has worked on four conversions.`,
      ),
      p(
        `Some cities are offering tax breaks and faster permitting to encourage conversions, hoping to bring life back to downtowns that empty out after 5 p.m. Early projects suggest that even a few hundred new residents can support cafes, grocery stores and gyms that also benefit remaining office workers.`,
      ),
      p(
        `Lenders are watching closely. Many office loans are coming due at much higher interest rates than when they were issued, and some owners may choose to hand the keys back to lenders rather than invest in a conversion. A city-by-city tracker of conversion projects is at ${a("https://example.org/office-conversions", "example.org/office-conversions")}.`,
      ),
    ),
  },
  {
    title: "A Logistics Firm Bets on Electric Trucks for Its City Routes",
    category: "Business",
    tags: ["Climate"],
    summary:
      "Parcelway will convert half of its urban delivery fleet to electric vans and trucks within four years.",
    photo: img("skyline"),
    authorEmail: LENA,
    status: "published",
    hoursAgo: 4200,
    views: 1680,
    likes: 128,
    shares: 39,
    socialCard: null,
    content: body(
      p(
        `Parcelway, one of the country's largest regional delivery companies, said on Monday that it would convert half of its urban delivery fleet to electric vehicles within four years, in a deal worth several hundred million dollars with two vehicle manufacturers.`,
      ),
      p(
        `The company operates about 9,000 vans and medium-duty trucks. City routes, which involve short distances, frequent stops and a return to the depot each night, are considered the easiest to electrify, because vehicles can charge overnight and rarely need more range than a single battery provides.`,
      ),
      h2("The business case"),
      p(
        `Electric vans cost more to buy than diesel ones, but Parcelway expects to recoup the difference through lower fuel and maintenance costs within about five years. Electric motors have far fewer moving parts, and regenerative braking extends the life of brake pads on stop-and-go routes.`,
      ),
      ul([
        `About 4,500 vehicles to be converted by the end of the program.`,
        `Charging installed at 60 depots, starting with the largest.`,
        `Diesel vehicles retained for long-distance and rural routes for now.`,
      ]),
      quote(
        `"We're not doing this because it's fashionable. We ran the numbers on a pilot of 200 vans for two years, and the numbers worked," chief operating officer Femi Adeyinka said.`,
      ),
      h2("The hard part: the grid"),
      p(
        `The biggest obstacle is not the vehicles but the electricity. Upgrading a large depot to charge hundreds of vans overnight can require new substations, and utility connection timelines can stretch for years. Parcelway said it is installing batteries at some depots to smooth demand.`,
      ),
      p(
        `Drivers' unions said they broadly support the move but want training and assurances on cab heating in winter. Parcelway has published its fleet transition plan at ${a("https://example.com/parcelway/fleet-plan", "example.com/parcelway/fleet-plan")}.`,
      ),
    ),
  },
  {
    title: "New Merger Rules Could Slow Big Tech Acquisitions",
    category: "Business",
    tags: ["Regulation", "AI"],
    summary:
      "Competition regulators want more notice of deals, including small acquisitions of AI startups that currently fall below reporting thresholds, and longer reviews when they do.",
    photo: img("handshake"),
    authorEmail: ADMIN,
    status: "published",
    hoursAgo: 7000,
    views: 2550,
    likes: 176,
    shares: 64,
    socialCard: null,
    content: body(
      p(
        `Competition regulators have proposed a significant overhaul of merger review rules that would require large technology companies to notify authorities of far more deals, including small acquisitions that currently escape scrutiny because of their size.`,
      ),
      p(
        `Under current rules, deals below a certain value need not be reported in advance. Critics say this has allowed large platforms to buy promising startups, particularly in AI, before they grow into competitors. The proposal would require companies designated as dominant platforms to report every acquisition, regardless of price.`,
      ),
      h2("Key changes"),
      ol([
        `Mandatory notification of all acquisitions by designated platforms.`,
        `Longer review periods for deals involving data or AI capabilities.`,
        `New scrutiny of "acqui-hires," where a company hires a startup's staff and licenses its technology instead of buying it.`,
        `Higher penalties for failing to notify.`,
      ]),
      quote(
        `"Some of the most consequential deals of the past decade never crossed a regulator's desk. That is a gap we intend to close," the competition authority's chair said in a statement.`,
      ),
      h2("The pushback"),
      p(
        `Industry groups warned that the rules would slow down deals that benefit consumers and make it harder for startup founders and early investors to sell their companies. Some venture capitalists argued that the possibility of being acquired is one reason they invest in startups at all.`,
      ),
      p(
        `Legal scholars are divided on whether the rules would survive a court challenge, particularly the provisions on acqui-hires, which are not acquisitions in the traditional sense.`,
      ),
      p(
        `The proposal comes as regulators in several other jurisdictions consider similar measures, raising the prospect of a patchwork of rules that companies will have to navigate for any global deal.`,
      ),
      p(
        `The proposal is open for comment for 60 days. The full text is posted at ${a("https://example.org/competition/merger-proposal", "example.org/competition/merger-proposal")}.`,
      ),
    ),
  },
  // ----------------------------------------------------------------- World
  {
    title: "Coastal Cities Sign a Pact on Flood Defenses at Regional Summit",
    category: "World",
    tags: ["Climate"],
    summary:
      "Mayors of 23 port cities agreed to share flood data and pool money for sea walls and wetlands.",
    photo: img("globe"),
    authorEmail: MAYA,
    status: "published",
    hoursAgo: 15,
    views: 1340,
    likes: 97,
    shares: 29,
    socialCard: null,
    content: body(
      p(
        `Mayors from 23 coastal cities signed an agreement on Saturday to share flood forecasting data, coordinate construction standards and create a joint fund for coastal defenses, at the close of a three-day regional summit in the port city of Larvik Bay.`,
      ),
      p(
        `The pact is not legally binding, and the fund's initial size is modest. But officials described it as the first time cities in the region had agreed to plan together rather than compete for national funding.`,
      ),
      h2("What the cities agreed"),
      ul([
        `Share real-time tide and storm surge data through a common platform.`,
        `Adopt shared minimum elevation standards for new waterfront construction.`,
        `Contribute to a fund for sea walls, wetlands restoration and drainage upgrades.`,
        `Hold joint emergency drills every two years.`,
      ]),
      quote(
        `"The water does not check which city it is flooding. It was absurd that our forecasting systems could not talk to each other," said Larvik Bay mayor Sofia Haldane.`,
      ),
      h2("Nature as infrastructure"),
      p(
        `A notable share of the fund is earmarked for restoring salt marshes and mangroves, which absorb wave energy and can be cheaper to maintain than concrete barriers. Several cities presented data showing that restored wetlands had reduced flooding in nearby neighborhoods during recent storms.`,
      ),
      p(
        `Not everyone was satisfied. Activists outside the summit said the commitments fell far short of the scale of the threat, and several smaller cities said they could not afford to contribute to the fund without national support.`,
      ),
      p(
        `Insurers were among the most enthusiastic observers. Several said that common construction standards and shared data could eventually make coverage more affordable in flood-prone neighborhoods, where premiums have soared in recent years.`,
      ),
      p(
        `National governments are expected to respond at a ministerial meeting next month. The text of the agreement is published at ${a("https://example.org/coastal-cities-pact", "example.org/coastal-cities-pact")}.`,
      ),
    ),
  },
  {
    title: "Voters in Three Nations Head to the Polls This Weekend",
    category: "World",
    tags: ["Elections"],
    summary:
      "Veloria, the Kestrel Islands and Norvania all vote on Sunday. Here is what is at stake in each race, who is leading the polls and when to expect the first results.",
    photo: img("ballot-box"),
    authorEmail: TOMAS,
    status: "published",
    hoursAgo: 100,
    views: 3020,
    likes: 215,
    shares: 84,
    socialCard: null,
    content: body(
      p(
        `By coincidence of the calendar, voters in three countries on three continents will go to the polls on Sunday. Each election has its own story, but together they offer a snapshot of the issues dominating politics this year: prices, infrastructure and the environment.`,
      ),
      h2("Veloria"),
      p(
        `The governing coalition is fighting to hold its majority after six years in power. Final polls show the main governing party and the opposition roughly tied, with the coalition's junior partners at risk of falling below the five percent threshold for entering parliament. Polls close at 8 p.m. local time, and exit polls are expected shortly after.`,
      ),
      h2("Kestrel Islands"),
      p(
        `The islands' parliamentary election has become a proxy vote on a proposed deep-water port. Candidates opposing the port have gained ground in recent weeks, according to the only independent poll. Results may take several days because ballots from outer islands are transported by boat.`,
      ),
      h2("Norvania"),
      p(
        `The incumbent president leads in polls but is unlikely to win the 50 percent needed to avoid a runoff. The cost of living has dominated the campaign.`,
      ),
      quote(
        `"Every voter I meet tells me the price of eggs. Not one has asked me about foreign policy," one opposition candidate told reporters at a final rally.`,
      ),
      ul([
        `Veloria: results expected Sunday night.`,
        `Kestrel Islands: results expected by Wednesday.`,
        `Norvania: first-round results Monday; runoff in two weeks if needed.`,
      ]),
      p(
        `Election observers from regional organizations will be present in all three countries. In Veloria and Norvania, observers said preparations had gone smoothly, while in the Kestrel Islands they noted concerns about the late delivery of ballot papers to some of the smaller islands, which election officials say has since been resolved.`,
      ),
      p(
        `Inkwell will have live coverage from all three countries. Follow along at ${a("https://example.com/inkwell/elections-live", "example.com/inkwell/elections-live")}.`,
      ),
    ),
  },
  {
    title: "Grain Shipments Resume Through a Key Strait After Talks",
    category: "World",
    tags: ["Markets"],
    summary:
      "Wheat prices fell 4 percent as the first convoy in three weeks passed through the Serrin Strait.",
    photo: img("globe"),
    authorEmail: JONAH,
    status: "published",
    hoursAgo: 1500,
    views: 2280,
    likes: 150,
    shares: 56,
    socialCard: null,
    content: body(
      p(
        `The first convoy of grain ships in three weeks passed through the Serrin Strait on Tuesday, after negotiators reached a temporary agreement to guarantee safe passage for commercial vessels. Wheat futures fell about 4 percent on the news.`,
      ),
      p(
        `The strait is one of the world's busiest routes for grain shipments, and the halt had left dozens of loaded vessels waiting at anchor while buyers scrambled to find alternative supplies. Importing countries that rely heavily on grain from the region had warned of rising bread prices.`,
      ),
      h2("The terms of the deal"),
      ul([
        `A 60-day corridor for commercial vessels carrying food and fertilizer.`,
        `Inspections of ships by a joint team at a neutral port.`,
        `A hotline between naval commands to prevent incidents.`,
      ]),
      quote(
        `"It is fragile and temporary, but ships are moving, and that is what matters for people who need to buy bread this month," said a mediator involved in the talks.`,
      ),
      h2("Market reaction"),
      p(
        `Grain prices had risen sharply during the stoppage. Tuesday's decline erased about half of those gains. Shipping insurers said premiums for vessels using the strait would remain elevated until the agreement proved durable, adding to costs that are ultimately passed on to consumers.`,
      ),
      p(
        `Analysts cautioned that the 60-day window leaves little room for error. Farmers in the region are preparing for the next harvest, and storage facilities are already close to full. If the corridor closes again, prices could spike further.`,
      ),
      p(
        `Shipping companies said it would take several weeks to clear the backlog of vessels waiting to pass through the strait, and some charterers have already rerouted cargoes around the longer southern route.`,
      ),
      p(
        `Humanitarian organizations welcomed the deal but urged negotiators to extend it. The full text of the corridor agreement is posted at ${a("https://example.org/serrin-corridor", "example.org/serrin-corridor")}.`,
      ),
    ),
  },
  {
    title: "A Small Island Nation Pilots a Digital Currency for Remittances",
    category: "World",
    tags: ["Regulation"],
    summary:
      "The Kestrel Islands' central bank is testing a digital currency to cut the cost of money sent home by citizens working abroad, which makes up nearly a fifth of the economy.",
    photo: img("globe"),
    authorEmail: PRIYA,
    status: "published",
    hoursAgo: 3300,
    views: 1950,
    likes: 138,
    shares: 49,
    socialCard: null,
    content: body(
      p(
        `The central bank of the Kestrel Islands has launched a pilot of a digital version of its currency, aimed squarely at one problem: the high cost of sending money home. Remittances from islanders working abroad account for nearly a fifth of the country's economy, and fees can eat up close to 8 percent of every transfer.`,
      ),
      p(
        `The pilot involves about 2,000 participants, mostly families receiving regular transfers from relatives overseas. Money can be received on a basic mobile phone and spent at participating shops or withdrawn at bank branches.`,
      ),
      h2("How it works"),
      ol([
        `A worker abroad sends money through a licensed transfer partner.`,
        `The partner converts it into the digital currency.`,
        `The recipient gets a text message and can spend or withdraw immediately.`,
      ]),
      quote(
        `"My daughter in the city used to lose a day's wages every time she sent money. Now it arrives in minutes and we keep almost all of it," said pilot participant Marguerite Ilori.`,
      ),
      h2("Questions remain"),
      p(
        `Privacy advocates have raised concerns about the central bank's ability to see transactions, and the bank says it will publish privacy rules before any wider rollout. Commercial banks worry about losing deposits. International regulators are watching to see how the islands handle anti-money-laundering rules.`,
      ),
      p(
        `The project is not a cryptocurrency. It is issued and controlled by the central bank, and its value is fixed to the national currency. Officials say they studied both stablecoins and existing mobile money systems before designing it.`,
      ),
      p(
        `Neighboring island nations facing similar remittance costs have sent delegations to observe the pilot.`,
      ),
      p(
        `An evaluation of the pilot is expected in six months. The central bank's design paper is available at ${a("https://example.org/kestrel-cbdc-pilot", "example.org/kestrel-cbdc-pilot")}.`,
      ),
    ),
  },
  {
    title: "Record Turnout Reported in Regional Elections Despite Heat Wave",
    category: "World",
    tags: ["Elections", "Climate"],
    summary:
      "Cooling tents, extended hours and water stations helped push turnout to a 30-year high.",
    photo: img("ballot-box"),
    authorEmail: MAYA,
    status: "published",
    hoursAgo: 5000,
    views: 2510,
    likes: 204,
    shares: 71,
    socialCard: null,
    content: body(
      p(
        `Turnout in Sunday's regional elections reached its highest level in three decades, election officials said, even as temperatures in parts of the country climbed above 40 degrees Celsius. Authorities had prepared for the heat with cooling tents, water stations and extended voting hours.`,
      ),
      p(
        `Preliminary figures put turnout at 71 percent, up from 63 percent in the previous regional vote. Officials credited a combination of heat measures, expanded early voting and intense local races.`,
      ),
      h2("How officials prepared"),
      ul([
        `Polling stations opened an hour earlier to let voters avoid the afternoon heat.`,
        `Shaded queues and cooling tents were set up at the busiest sites.`,
        `Volunteers handed out water and checked on elderly voters waiting in line.`,
        `Early voting was extended by three days.`,
      ]),
      quote(
        `"We planned for the heat the way we would plan for a snowstorm. Nobody should have to choose between their health and their vote," said the regional elections commissioner, Arjun Mehta.`,
      ),
      h2("Climate on the ballot"),
      p(
        `The heat was not only a logistical challenge but a campaign issue. Candidates across the spectrum promised investment in cooling centers, tree planting and water security. In several districts, candidates from a new local environmental party won seats for the first time.`,
      ),
      p(
        `Several people were treated for heat exhaustion at polling stations, but no serious incidents were reported. Election officials said they would review which measures worked best and publish recommendations for future elections held during extreme weather.`,
      ),
      p(
        `Political scientists cautioned against reading too much into the turnout figure alone. Competitive races, a new early voting law and an unusually intense campaign all likely played a part. But they agreed that the heat measures removed an obstacle that could otherwise have kept older and disabled voters at home.`,
      ),
      p(
        `Full results by district are available at ${a("https://example.org/regional-elections/results", "example.org/regional-elections/results")}.`,
      ),
    ),
  },
  {
    title: "Central Banks Across Asia Hold Rates Steady Amid Currency Swings",
    category: "World",
    tags: ["Interest Rates"],
    summary:
      "Four central banks kept rates unchanged this week, wary of weakening currencies and sticky food prices.",
    photo: img("skyline"),
    authorEmail: TOMAS,
    status: "published",
    hoursAgo: 9000,
    views: 1870,
    likes: 119,
    shares: 38,
    socialCard: null,
    content: body(
      p(
        `Four central banks across Asia left their benchmark interest rates unchanged this week, pointing to volatile currency markets and food prices that have proved slower to fall than policymakers had hoped.`,
      ),
      p(
        `The decisions were widely expected. But the statements accompanying them offered clues about a dilemma facing many emerging economies: cutting rates to support growth could weaken their currencies further against the dollar, making imports more expensive and pushing inflation back up.`,
      ),
      h2("The balancing act"),
      p(
        `When a central bank cuts rates while the US Federal Reserve holds steady, the gap in interest rates can encourage investors to move money into dollars. That pressure weakens the local currency and raises the cost of imported goods such as fuel and food.`,
      ),
      ul([
        `Several regional currencies have fallen 5 to 10 percent against the dollar this year.`,
        `Food inflation remains above headline inflation in most of the region.`,
        `Economic growth has slowed but remains positive.`,
      ]),
      quote(
        `"We would like to support growth, but we cannot ignore the exchange rate. Our room to move depends partly on decisions made in Washington," one central bank governor told reporters.`,
      ),
      h2("What comes next"),
      p(
        `Economists expect most of the region's central banks to wait for the Federal Reserve to begin cutting before following. Some have intervened directly in currency markets, selling dollar reserves to support their currencies, though analysts warn this can only be sustained for so long.`,
      ),
      p(
        `Exporters have been a rare bright spot, as weaker currencies make their goods cheaper abroad. Several governments are leaning on that advantage while they wait for borrowing costs to ease.`,
      ),
      p(
        `For households in the region, the decisions mean borrowing costs will stay elevated for now. A summary of rate decisions across the region is maintained at ${a("https://example.org/asia-rates-tracker", "example.org/asia-rates-tracker")}.`,
      ),
    ),
  },
  // ----------------------------------------------------------------- Money
  {
    title: "How to Build an Emergency Fund When Prices Keep Rising",
    category: "Money",
    tags: ["Personal Finance"],
    summary: "Start small, automate it and stop aiming for a number that feels impossible.",
    photo: img("piggy-bank"),
    authorEmail: LENA,
    status: "published",
    hoursAgo: 25,
    views: 1820,
    likes: 176,
    shares: 58,
    socialCard: null,
    content: body(
      p(
        `Financial advisers love to say that you should keep three to six months of expenses in an emergency fund. For many households, with groceries, rent and insurance all costing more than they did a few years ago, that advice can feel less like a plan and more like a scolding.`,
      ),
      p(
        `The good news is that an emergency fund does not have to start big to be useful. Research on household finances consistently finds that even a small cushion, a few hundred dollars, makes people far less likely to fall behind on bills or turn to expensive borrowing when something goes wrong.`,
      ),
      h2("A step-by-step plan"),
      ol([
        `<strong>Set a first goal of one month's rent or 500 dollars,</strong> whichever is smaller.`,
        `<strong>Open a separate savings account</strong> so the money is out of sight.`,
        `<strong>Automate a transfer on payday,</strong> even if it is only 20 dollars.`,
        `<strong>Direct windfalls to the fund:</strong> tax refunds, bonuses, birthday checks.`,
        `<strong>Once you hit the first goal, raise it</strong> to one month of essential expenses.`,
      ]),
      quote(
        `"People who wait until they can save a lot usually never start. The habit matters more than the amount," said financial counselor Yvonne Achterberg.`,
      ),
      h2("Where to keep it"),
      p(
        `An emergency fund should be safe and easy to reach, but not so easy that you dip into it for takeout. A high-yield savings account at an insured bank is a good option. Avoid investing your emergency money in stocks or crypto: the emergency and the market drop often arrive at the same time.`,
      ),
      h2("What counts as an emergency?"),
      p(
        `A job loss, a medical bill, a broken-down car you need for work. Not a sale, not a holiday. If you do use the fund, that is what it is for. Simply restart the automatic transfers and rebuild.`,
      ),
      p(
        `Our free budgeting worksheet, which includes an emergency fund tracker, is available at ${a("https://example.com/inkwell/budget-worksheet", "example.com/inkwell/budget-worksheet")}.`,
      ),
    ),
  },
  {
    title: "Should You Lock In a Fixed-Rate Mortgage Now?",
    category: "Money",
    tags: ["Interest Rates", "Real Estate"],
    summary:
      "Rates have dipped, but predicting their next move is a mug's game. Here's how to decide anyway.",
    photo: img("house"),
    authorEmail: PRIYA,
    status: "published",
    hoursAgo: 120,
    views: 2740,
    likes: 241,
    shares: 77,
    socialCard: {
      name: "Fixed or variable? How to choose a mortgage when nobody knows where rates are going",
      description:
        "A calm, numbers-first guide to locking in a mortgage rate, with the formula lenders use.",
      image: img("house"),
      blur: 8,
    },
    content: body(
      p(
        `Mortgage rates have eased from their peak, and markets expect central banks to cut further. So should you lock in a fixed rate now, or take a variable rate and hope for lower payments later? The honest answer is that nobody knows where rates are going. But you can still make a good decision.`,
      ),
      h2("Start with your budget, not the forecast"),
      p(
        `The key question is not which option will be cheaper over the life of the loan. It is whether you could afford your payments if rates rose instead of falling. A fixed rate buys certainty. A variable rate is a bet that you can absorb surprises.`,
      ),
      h2("Do the math"),
      p(
        `Lenders calculate monthly payments with a standard formula. You can use it to compare scenarios in any spreadsheet:`,
      ),
      code(`M = P * r * (1 + r)^n / ((1 + r)^n - 1)

P = loan amount           e.g. 300,000
r = annual rate / 12      e.g. 0.055 / 12
n = number of payments    e.g. 30 * 12 = 360

# Spreadsheet equivalent:
=PMT(0.055/12, 360, -300000)   ->  1,703.37`),
      p(
        `Try the formula with a rate two percentage points higher than today's. If that payment would strain your budget, a fixed rate is probably worth any premium it carries.`,
      ),
      ul([
        `<strong>Fixed may suit you if</strong> your budget is tight or you plan to stay for many years.`,
        `<strong>Variable may suit you if</strong> you have a large cushion or expect to sell or refinance soon.`,
        `<strong>Either way,</strong> check early repayment penalties before signing.`,
      ]),
      quote(
        `"I've seen more people hurt by payments they couldn't afford than by paying a quarter point too much," said mortgage broker Daniel Osei.`,
      ),
      p(
        `A middle path is also available in some markets: a hybrid loan that fixes the rate for the first few years before switching to a variable rate. These can offer a lower starting rate than a long fixed term, but you need a plan for what happens when the fixed period ends.`,
      ),
      p(
        `Finally, remember that you can often refinance a fixed-rate loan if rates fall significantly, though fees apply. Our mortgage calculator is at ${a("https://example.com/inkwell/mortgage-calculator", "example.com/inkwell/mortgage-calculator")}.`,
      ),
    ),
  },
  {
    title: "The 50/30/20 Budget, Revisited for Renters in Expensive Cities",
    category: "Money",
    tags: ["Personal Finance", "Real Estate"],
    summary:
      "The classic rule says half your income should cover needs, which breaks down when rent alone takes 40 percent. Here is a more realistic version that still builds savings.",
    photo: img("house"),
    authorEmail: JONAH,
    status: "published",
    hoursAgo: 700,
    views: 4380,
    likes: 455,
    shares: 190,
    socialCard: null,
    content: body(
      p(
        `The 50/30/20 rule is one of the most popular budgeting guidelines around: spend 50 percent of your after-tax income on needs, 30 percent on wants and put 20 percent toward savings and debt repayment. It is simple, memorable and, for millions of renters in expensive cities, wildly unrealistic.`,
      ),
      p(
        `When rent alone consumes 40 percent of take-home pay, leaving just 10 percent for groceries, transport, utilities and insurance is impossible. So what should you do instead?`,
      ),
      h2("Adjust the ratios, not the principle"),
      p(
        `Financial planners we spoke with suggest starting with a 60/20/20 or even 65/20/15 split. The principle that matters is paying yourself something every month, even if the savings share is smaller than the textbook suggests.`,
      ),
      h2("A spreadsheet you can copy"),
      p(
        `Put your monthly take-home pay in cell B1 and your actual spending in each category below. These formulas show how far you are from your targets:`,
      ),
      code(`A2: Needs     B2: =SUM(D2:D9)      C2: =B2/$B$1
A3: Wants     B3: =SUM(D10:D18)    C3: =B3/$B$1
A4: Savings   B4: =B1-B2-B3        C4: =B4/$B$1`),
      ul([
        `Format column C as percentages.`,
        `If C4 falls below 10 percent, look at the wants category first.`,
        `Review the sheet monthly, not daily.`,
      ]),
      quote(
        `"A budget you stick to at 60/25/15 beats a perfect budget you abandon in March," said planner Ingrid Solberg.`,
      ),
      h2("Tackle the biggest line"),
      p(
        `For many renters, the most effective change is the hardest one: rent. Negotiating at renewal, finding a roommate or moving a little further out can free up more money than a year of skipped coffees.`,
      ),
      p(
        `It also helps to be honest about what counts as a need. A phone plan is a need; the most expensive phone plan is partly a want. Splitting bills like this into their essential and optional parts makes the spreadsheet more accurate and often reveals easy savings.`,
      ),
      p(
        `Download a ready-made version of the spreadsheet at ${a("https://example.com/inkwell/renters-budget", "example.com/inkwell/renters-budget")}.`,
      ),
    ),
  },
  {
    title: "High-Yield Savings Accounts: What Happens When Rates Fall",
    category: "Money",
    tags: ["Interest Rates", "Personal Finance"],
    summary: "Savings rates will follow central banks down. Some will fall faster than others.",
    photo: img("piggy-bank"),
    authorEmail: MAYA,
    status: "published",
    hoursAgo: 2000,
    views: 3120,
    likes: 266,
    shares: 81,
    socialCard: null,
    content: body(
      p(
        `For the past couple of years, savers have enjoyed something unusual: bank accounts that actually pay meaningful interest. High-yield savings accounts at online banks have offered rates well above what traditional banks pay. With central banks now expected to cut rates, savers are asking what happens next.`,
      ),
      h2("Rates will fall, but not evenly"),
      p(
        `Savings account rates are variable, which means banks can lower them at any time. When central banks cut, most banks follow within weeks. But some move faster than others. Banks that are eager to attract deposits often keep rates higher for longer, while those with plenty of cash cut quickly.`,
      ),
      ul([
        `Check your rate monthly once cuts begin.`,
        `Be wary of promotional rates that expire after a few months.`,
        `Compare the rate to inflation to see whether your savings are growing in real terms.`,
      ]),
      quote(
        `"The savers who do best in a falling-rate environment are the ones who pay attention. Banks count on inertia," said consumer finance researcher Amelia Grant.`,
      ),
      h2("Alternatives to consider"),
      p(
        `If you have money you will not need for a year or more, a fixed-term deposit, sometimes called a certificate of deposit, can lock in today's rate. The trade-off is that you usually pay a penalty for withdrawing early. Short-term government bonds and money market funds are other options, though they work slightly differently and may not carry the same deposit insurance.`,
      ),
      p(
        `Whatever you do, keep your emergency fund somewhere you can reach it immediately. Chasing an extra half a percent is not worth being unable to pay a surprise bill.`,
      ),
      p(`Remember, too, that interest on savings is usually taxable income.`),
      p(
        `Our regularly updated comparison of savings rates is at ${a("https://example.com/inkwell/savings-rates", "example.com/inkwell/savings-rates")}.`,
      ),
    ),
  },
  {
    title: "A Freelancer's Guide to Quarterly Taxes",
    category: "Money",
    tags: ["Remote Work", "Personal Finance"],
    summary:
      "No employer is withholding tax from your invoices. Here is how to estimate what you owe each quarter, set the money aside and avoid penalties at the end of the year.",
    photo: img("laptop"),
    authorEmail: LENA,
    status: "published",
    hoursAgo: 3900,
    views: 3650,
    likes: 340,
    shares: 142,
    socialCard: null,
    content: body(
      p(
        `The first year of freelancing brings many surprises. For a lot of people, the biggest one arrives at tax time: nobody has been withholding tax from their income, and the bill is larger than expected. In many countries, self-employed workers are expected to pay estimated taxes every quarter. Here is how to stay ahead.`,
      ),
      h2("Step 1: Set money aside from every payment"),
      p(
        `The simplest habit is to move a fixed percentage of every invoice payment into a separate account the day it arrives. Many accountants suggest 25 to 30 percent as a starting point, adjusted once you know your actual rate.`,
      ),
      h2("Step 2: Estimate your quarterly payment"),
      p(
        `A rough estimate divides your expected annual tax by four. A quick way to track it in a spreadsheet:`,
      ),
      code(`Expected annual profit:     =SUM(Invoices!C:C) - SUM(Expenses!C:C)
Estimated tax rate:         0.28
Quarterly payment:          =ROUND((B1 * B2) / 4, 0)`),
      h2("Step 3: Track deductible expenses"),
      ul([
        `A portion of home office costs, if you have a dedicated workspace.`,
        `Equipment, software and professional subscriptions.`,
        `Co-working memberships and business travel.`,
        `Professional fees, including your accountant.`,
      ]),
      quote(
        `"Freelancers don't get in trouble because they earn too little. They get in trouble because they spend the tax money," said accountant Ruth Ambrose.`,
      ),
      h2("Step 4: Put the deadlines in your calendar"),
      p(
        `Missing a quarterly deadline usually means interest or penalties. Set reminders two weeks before each due date so you have time to move money. If your income changes sharply during the year, update your estimate rather than waiting for the annual return.`,
      ),
      p(
        `Keeping business and personal spending in separate accounts will make every one of these steps much easier.`,
      ),
      p(
        `Rules vary by country, so talk to a qualified tax professional. Our freelancer resource page is at ${a("https://example.com/inkwell/freelancer-taxes", "example.com/inkwell/freelancer-taxes")}, and you can send questions to ${a("mailto:money@inkwell.test", "money@inkwell.test")}.`,
      ),
    ),
  },
  {
    title: "Index Funds vs. Picking Stocks: What Ten Years of Data Shows",
    category: "Money",
    tags: ["Markets"],
    summary:
      "Most professional fund managers trailed the index over a decade. What that means for your portfolio.",
    photo: img("chart-up"),
    authorEmail: TOMAS,
    status: "published",
    hoursAgo: 9500,
    views: 9870,
    likes: 880,
    shares: 345,
    socialCard: null,
    content: body(
      p(
        `Every year, research firms compare the performance of actively managed funds, where professionals pick stocks, with the performance of the market indexes those funds try to beat. And every year, the results tell roughly the same story.`,
      ),
      h2("The headline finding"),
      p(
        `Over the ten years to the end of last year, a large majority of actively managed large-company stock funds underperformed their benchmark index after fees, according to the most recent edition of a widely cited scorecard. The picture was similar for small-company funds and international funds.`,
      ),
      ul([
        `Most active funds trailed their benchmark over ten years.`,
        `Funds that outperformed in one five-year period rarely repeated it in the next.`,
        `Fees were one of the strongest predictors of underperformance.`,
      ]),
      quote(
        `"It's not that fund managers aren't smart. It's that they're competing against other smart people, and fees are a head start the index always gets," said finance professor Lucia Ferrante.`,
      ),
      h2("Why fees matter so much"),
      p(
        `A difference of one percentage point in annual fees sounds small. Over decades, compounded, it can reduce the final value of a portfolio by a fifth or more. Index funds are cheap because they simply buy everything in an index, with no research team to pay.`,
      ),
      h2("Is stock picking ever worth it?"),
      p(
        `Some investors enjoy researching companies, and a small allocation to individual stocks can be a reasonable way to learn and stay engaged. Active managers may also do better in less efficient markets, where information is harder to come by. But for the core of a long-term portfolio, the data favors low-cost index funds.`,
      ),
      p(
        `Of course, index funds still fall when markets fall. They remove the risk of picking the wrong manager, not the risk of investing. The full scorecard is available at ${a("https://example.org/active-vs-passive-scorecard", "example.org/active-vs-passive-scorecard")}.`,
      ),
    ),
  },
  // ----------------------------------------------------------------- Drafts
  {
    title: "Ballot Design and the Psychology of the Undervote",
    category: "Freshly Pressed",
    tags: ["Elections"],
    summary:
      "Why thousands of voters skip races at the bottom of the ballot, and how a better layout can help.",
    photo: img("ballot-box"),
    authorEmail: MAYA,
    status: "draft",
    hoursAgo: 2,
    views: 3,
    likes: 1,
    shares: 0,
    socialCard: null,
    content: body(
      p(
        `<strong>Editor's note: draft, do not publish. Still waiting on comment from the county clerk.</strong>`,
      ),
      p(
        `In every election, some voters fill in the race at the top of the ballot and leave others blank. Election researchers call this the undervote. Some of it is deliberate: a voter may not know enough about a race to choose. But a surprising share of it, researchers say, is caused by the design of the ballot itself.`,
      ),
      h2("When layout decides"),
      p(
        `Studies of past elections have found that races placed in an unusual spot, such as the bottom of a column or on the back of a page, receive noticeably fewer votes. In one well-known case, a contest split across two columns saw its undervote rate jump several times above that of the surrounding races.`,
      ),
      ul([
        `Put instructions next to where voters mark, not in a separate box.`,
        `Never split one contest across two columns.`,
        `Use a consistent place on every page for the race title.`,
        `Test ballots with real voters before printing.`,
      ]),
      quote(
        `"Voters are not careless. They are following the design. If the design is confusing, the results reflect the confusion," said ballot designer Eliza Navarro.`,
      ),
      hr,
      h3("Still to report"),
      p(
        `Numbers from the last county election; whether the new layout template has been adopted statewide; an interview with a poll worker. <s>Check figures with the secretary of state's office.</s> Done, figures confirmed.`,
      ),
      p(
        `The good news is that fixes are cheap. A redesigned ballot costs almost nothing compared with the cost of running an election, and several states now publish design guidelines that counties can adopt with little more than a new template.`,
      ),
      p(
        `Research summary for the sidebar: ${a("https://example.org/ballot-design-research", "example.org/ballot-design-research")}. Questions go to ${a("mailto:maya.okafor@inkwell.test", "maya.okafor@inkwell.test")}.`,
      ),
    ),
  },
  {
    title: "Can AI Summaries Replace the Earnings Call?",
    category: "Business",
    tags: ["AI", "Markets"],
    summary:
      "Analysts increasingly read machine summaries instead of listening live. We tested three of them.",
    photo: img("ai-chip"),
    authorEmail: JONAH,
    status: "draft",
    hoursAgo: 12,
    views: 5,
    likes: 2,
    shares: 0,
    socialCard: null,
    content: body(
      p(
        `Four times a year, executives at public companies spend an hour on a conference call explaining their results and answering analysts' questions. Those calls used to be essential listening for investors. Increasingly, many investors are reading AI-generated summaries instead.`,
      ),
      p(
        `We wanted to know how good those summaries are, so we fed the transcripts of five recent earnings calls into three popular AI summarization tools and compared the results against notes taken by an experienced analyst who listened live.`,
      ),
      h2("What the tools got right"),
      ul([
        `Headline figures such as revenue and earnings per share.`,
        `Changes to guidance, when stated explicitly.`,
        `A list of the topics analysts asked about.`,
      ]),
      h2("What they missed"),
      p(
        `The tools struggled with tone. On one call, a chief financial officer hesitated for several seconds before answering a question about inventory, then gave a notably vague answer. Our analyst flagged it as the most important moment of the call. None of the summaries mentioned it.`,
      ),
      quote(
        `"The transcript tells you what was said. The call tells you how it was said, and sometimes what wasn't," said our analyst.`,
      ),
      p(
        `Two of the three tools also made factual errors, including misattributing a quote to the wrong executive. One confused year-over-year and quarter-over-quarter growth figures, a mistake that could mislead anyone relying on it for a trading decision.`,
      ),
      p(
        `The vendors argue that their products are meant to complement, not replace, careful listening. Several now offer features that flag changes in an executive's language compared with previous calls, or highlight questions that went unanswered. In our test, those features were hit and miss, but they were noticeably more useful than a plain summary.`,
      ),
      p(
        `For now, our recommendation is simple: use the summaries to decide which calls are worth your time, then listen to the parts that matter.`,
      ),
      p(
        `<u>TODO:</u> add the comparison table and the vendors' responses. Methodology notes at ${a("https://example.com/inkwell/ai-summary-test", "example.com/inkwell/ai-summary-test")}.`,
      ),
    ),
  },
  {
    title: "Housing Starts Are Up. Why Aren't Rents Falling?",
    category: "Money",
    tags: ["Real Estate"],
    summary:
      "Builders are finishing more apartments than at any time in decades, yet tenants in most cities are still paying more each year. Economists explain the lag.",
    photo: img("house"),
    authorEmail: PRIYA,
    status: "draft",
    hoursAgo: 48,
    views: 4,
    likes: 1,
    shares: 0,
    socialCard: null,
    content: body(
      p(
        `Construction cranes are everywhere. Builders completed more apartments last year than in any year in decades, and another large wave is on its way. Basic economics says more supply should mean lower prices. So why are most renters still facing increases when their leases come up?`,
      ),
      h2("The lag"),
      p(
        `New buildings take years to plan and build, and the ones finishing now were started when demand was booming. Many of them are concentrated in a few fast-growing cities, which is where rent growth has indeed slowed or reversed. Elsewhere, supply is still catching up with years of underbuilding.`,
      ),
      h2("Three reasons rents stay sticky"),
      ol([
        `Most new apartments are at the top of the market, and their effect on older, cheaper units is gradual.`,
        `Landlords often offer a free month instead of cutting the headline rent.`,
        `Household formation has been strong, as younger adults move out on their own.`,
      ]),
      quote(
        `"Supply works. It just works slowly, and it works first at the top," said housing economist Rafael Quintero.`,
      ),
      p(
        `Renters in cities with lots of new construction may have more leverage than they think. Concessions such as free parking or a month of free rent are increasingly common, and asking for them costs nothing.`,
      ),
      p(
        `There are early signs that the wave of new supply is starting to bite. In several Sun Belt metros, asking rents on new leases have fallen modestly over the past year, and the share of listings offering concessions has risen. Economists expect that effect to spread to older buildings over time, as landlords compete for a larger pool of tenants.`,
      ),
      p(
        `Whether that happens quickly enough to help households already stretched by rent is another question. Construction starts have slowed sharply as higher interest rates made new projects harder to finance, which means the pipeline could thin out just as the current wave is absorbed.`,
      ),
      p(
        `<em>Draft note: need the latest rent index figures and a chart of completions by city. Data source:</em> ${a("https://example.org/housing-completions", "example.org/housing-completions")}.`,
      ),
    ),
  },
  {
    title: "The Newsletter Economy After the Inbox Crackdown",
    category: "Newsletters",
    tags: ["Startups"],
    summary:
      "Stricter spam rules from email providers are reshaping how independent writers reach readers.",
    photo: img("envelope"),
    authorEmail: LENA,
    status: "draft",
    hoursAgo: 30,
    views: 2,
    likes: 1,
    shares: 0,
    socialCard: null,
    content: body(
      p(
        `When the largest email providers tightened their rules for bulk senders last year, most people did not notice. For independent newsletter writers, and the startups that serve them, it was a jolt. Messages that once landed in the inbox began disappearing into spam and promotions folders.`,
      ),
      h2("What changed"),
      p(
        `Bulk senders must now authenticate their email properly, make it easy to unsubscribe with one click and keep spam complaint rates very low. Writers who had grown their lists quickly, sometimes through giveaways or purchased lists, were hit hardest.`,
      ),
      p(
        `The technical fix begins with a few DNS records. A typical authentication setup looks something like this:`,
      ),
      code(`example.com.           TXT  "v=spf1 include:_spf.example.net ~all"
_dmarc.example.com.    TXT  "v=DMARC1; p=quarantine; rua=mailto:dmarc@inkwell.test"
mail._domainkey        TXT  "v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3..."`),
      ul([
        `Authenticate your sending domain with SPF, DKIM and DMARC.`,
        `Remove subscribers who have not opened anything in six months.`,
        `Put the unsubscribe link where people can find it.`,
      ]),
      quote(
        `"The crackdown punished the growth hackers and rewarded writers whose readers actually wanted their emails," said newsletter consultant Odile Varga.`,
      ),
      p(
        `For the startups that sell newsletter tools, deliverability has become the main selling point. Several have launched services that clean lists and monitor sender reputation.`,
      ),
      p(
        `Some writers have responded by shrinking on purpose. Kenji Morales, who publishes a weekly letter about regional food producers, removed nearly a third of his list after the new rules took effect. His open rate nearly doubled, and, to his surprise, paid conversions went up as well. Readers who stayed were the ones who actually wanted to hear from him.`,
      ),
      p(
        `Others are hedging their bets by building audiences on more than one channel, including podcasts, community forums and good old-fashioned websites with an RSS feed. The lesson many writers draw is that an email address is a privilege, not a possession, and that inbox providers will keep raising the bar for who gets to use it.`,
      ),
      p(
        `<em>Draft: interviews pending with two platform founders.</em> Background reading at ${a("https://example.org/bulk-sender-rules", "example.org/bulk-sender-rules")}.`,
      ),
    ),
  },
];

// ---------------------------------------------------------------------------
// Newsletter subscribers
// ---------------------------------------------------------------------------

export const demoSubscribers: {
  name: string;
  email: string;
  status: DemoSubscriberStatus;
  audiences: DemoAudience[];
  daysAgo: number;
}[] = [
  {
    name: "Amelia Hart",
    email: "amelia.hart@example.com",
    status: "Active",
    audiences: ["News"],
    daysAgo: 0,
  },
  {
    name: "Bruno Silva",
    email: "bruno.silva@example.com",
    status: "Active",
    audiences: ["News", "Promotions"],
    daysAgo: 2,
  },
  {
    name: "Chloe Nakamura",
    email: "chloe.nakamura@example.com",
    status: "Active",
    audiences: ["Music"],
    daysAgo: 5,
  },
  {
    name: "Dev Patel",
    email: "dev.patel@example.com",
    status: "Active",
    audiences: ["News", "Music"],
    daysAgo: 9,
  },
  {
    name: "Elena Petrova",
    email: "elena.petrova@example.com",
    status: "Inactive",
    audiences: ["Promotions"],
    daysAgo: 14,
  },
  {
    name: "Felix Osborne",
    email: "felix.osborne@example.com",
    status: "Active",
    audiences: ["News", "Music", "Promotions"],
    daysAgo: 18,
  },
  {
    name: "Grace Mwangi",
    email: "grace.mwangi@example.com",
    status: "Active",
    audiences: ["News"],
    daysAgo: 23,
  },
  {
    name: "Hugo Lefebvre",
    email: "hugo.lefebvre@example.com",
    status: "Unsubscribed",
    audiences: ["Promotions"],
    daysAgo: 31,
  },
  {
    name: "Isla McKenzie",
    email: "isla.mckenzie@example.com",
    status: "Active",
    audiences: ["Music", "Promotions"],
    daysAgo: 37,
  },
  {
    name: "Jamal Haddad",
    email: "jamal.haddad@example.com",
    status: "Active",
    audiences: ["News"],
    daysAgo: 44,
  },
  {
    name: "Kaia Andersen",
    email: "kaia.andersen@example.com",
    status: "Inactive",
    audiences: ["News", "Music"],
    daysAgo: 52,
  },
  {
    name: "Liam O'Connell",
    email: "liam.oconnell@example.com",
    status: "Active",
    audiences: ["News", "Promotions"],
    daysAgo: 60,
  },
  {
    name: "Mina Park",
    email: "mina.park@example.com",
    status: "Active",
    audiences: ["Music"],
    daysAgo: 68,
  },
  {
    name: "Nikolai Ivanov",
    email: "nikolai.ivanov@example.com",
    status: "Unsubscribed",
    audiences: ["News"],
    daysAgo: 77,
  },
  {
    name: "Olivia Bennett",
    email: "olivia.bennett@example.com",
    status: "Active",
    audiences: ["News", "Music", "Promotions"],
    daysAgo: 85,
  },
  {
    name: "Pablo Herrera",
    email: "pablo.herrera@example.com",
    status: "Active",
    audiences: ["Promotions"],
    daysAgo: 96,
  },
  {
    name: "Quinn Delaney",
    email: "quinn.delaney@example.com",
    status: "Inactive",
    audiences: ["Music"],
    daysAgo: 108,
  },
  {
    name: "Rosa Jimenez",
    email: "rosa.jimenez@example.com",
    status: "Active",
    audiences: ["News"],
    daysAgo: 119,
  },
  {
    name: "Sven Eriksson",
    email: "sven.eriksson@example.com",
    status: "Unsubscribed",
    audiences: ["Music", "Promotions"],
    daysAgo: 131,
  },
  {
    name: "Tara Singh",
    email: "tara.singh@example.com",
    status: "Active",
    audiences: ["News", "Music"],
    daysAgo: 143,
  },
  {
    name: "Umar Farouk",
    email: "umar.farouk@example.com",
    status: "Active",
    audiences: ["News"],
    daysAgo: 156,
  },
  {
    name: "Vera Kowalski",
    email: "vera.kowalski@example.com",
    status: "Inactive",
    audiences: ["News", "Promotions"],
    daysAgo: 170,
  },
  {
    name: "Wes Thornton",
    email: "wes.thornton@example.com",
    status: "Unsubscribed",
    audiences: ["News"],
    daysAgo: 184,
  },
  {
    name: "Yara Costa",
    email: "yara.costa@example.com",
    status: "Active",
    audiences: ["Music"],
    daysAgo: 199,
  },
];
