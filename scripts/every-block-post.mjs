// A post that uses every content block (docs/behaviour.md §editor, §footnotes, §tables,
// §embeds, §galleries), in the stored form, and a plain post of the same text length:
// `npm run bench:blocks` measures them side by side, the e2e suite checks the rich one's
// markup (Nu HTML checker) and accessibility.
const SENTENCE =
  "Regulators met on Tuesday to weigh the new stablecoin rules, and the markets listened closely. ";
const PICTURES = ["ai-chip.jpg", "ballot-box.jpg", "chart-up.jpg", "crypto-blocks.jpg"];
const para = (n) => `<p>${SENTENCE.repeat(n).trim()}</p>`;
const image = (i, credit) =>
  `<figure class="ik-image"><img src="/demo/images/${PICTURES[i % PICTURES.length]}" alt="Trading floor ${i}" width="1200" height="800"><figcaption><span class="ik-caption">Traders at work, scene ${i}.</span> <span class="ik-credit">${credit}</span></figcaption></figure>`;

/** The post using every block; its text length is what the plain post matches. */
export const RICH = [
  '<nav class="ik-contents"></nav>',
  "<h2>What happened</h2>",
  `<p>${SENTENCE.trim()}<sup class="ik-fnref" id="fnref-1"><a href="#fn-1" role="doc-noteref">1</a></sup> ${SENTENCE.trim()}</p>`,
  para(4),
  "<h3>The vote</h3>",
  "<ul><li>Five in favour</li><li>Two against</li><li>One abstention</li></ul>",
  image(1, "Sam Ortiz"),
  para(3),
  "<h2>The figures</h2>",
  '<figure class="ik-table"><table><caption>Stablecoin supply, billions of dollars</caption><thead><tr><th scope="col">Coin</th><th scope="col">2025</th><th scope="col">2026</th></tr></thead><tbody><tr><td>USDT</td><td>120</td><td>141</td></tr><tr><td>USDC</td><td>44</td><td>61</td></tr><tr><td>DAI</td><td>5</td><td>4</td></tr></tbody></table></figure>',
  `<p>${SENTENCE.trim()}<sup class="ik-fnref" id="fnref-2"><a href="#fn-2" role="doc-noteref">2</a></sup></p>`,
  '<figure class="ik-embed" data-embed-url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">The hearing, in full</a></figure>',
  "<h2>In pictures</h2>",
  `<figure class="ik-gallery" data-columns="3"><ul class="ik-gallery-grid">${[1, 2, 3, 4, 5, 6].map((i) => `<li>${image(i, "Wire")}</li>`).join("")}</ul></figure>`,
  "<blockquote><p>We will not regulate by enforcement.</p></blockquote>",
  para(4),
  '<section class="ik-footnotes" role="doc-endnotes" aria-label="Footnotes"><ol><li id="fn-1"><p>The meeting was public.</p><a href="#fnref-1" role="doc-backlink" aria-label="Back to reference 1">↩</a></li><li id="fn-2"><p>Figures from the issuers\' attestations.</p><a href="#fnref-2" role="doc-backlink" aria-label="Back to reference 2">↩</a></li></ol></section>',
].join("");

export const textLength = (html) => html.replace(/<[^>]+>/g, "").length;
export const PLAIN = (() => {
  const out = [];
  let length = 0;
  while (length < textLength(RICH)) {
    out.push(para(1));
    length += textLength(para(1));
  }
  return out.join("");
})();
