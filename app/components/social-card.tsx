import { useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { truncateCardName } from "~/utils/text";

const SIZE = 500;

/** The background drawn at 500×500 (cover) with the stored blur: html2canvas can't do CSS filters. */
async function blurredBackground(src: string, blur: number): Promise<string> {
  const img = new Image();
  img.src = src;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = SIZE;
  canvas.height = SIZE;
  const ctx = canvas.getContext("2d");
  if (!ctx) return src;
  const scale = Math.max(SIZE / img.naturalWidth, SIZE / img.naturalHeight);
  const w = img.naturalWidth * scale;
  const h = img.naturalHeight * scale;
  ctx.filter = `blur(${blur}px)`;
  ctx.drawImage(img, (SIZE - w) / 2, (SIZE - h) / 2, w, h);
  return canvas.toDataURL("image/png");
}

/**
 * A post's social card (docs/behaviour.md §posts): 500×500, the name cut at 50
 * characters, the background blurred as stored. "Download PNG" loads
 * html2canvas only when clicked (it's needed nowhere else).
 */
export function SocialCard(props: {
  postId: number;
  siteName: string;
  card: { name: string; description: string; image: string; blur: number };
}) {
  const hydrated = useHydrated();
  const cardRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const { card } = props;

  async function download() {
    const node = cardRef.current;
    const bg = node?.querySelector<HTMLImageElement>(".social-card-bg");
    if (!node || !bg) return;
    setBusy(true);
    const original = { src: bg.src, filter: bg.style.filter };
    try {
      const [{ default: html2canvas }, blurred] = await Promise.all([
        import("html2canvas"),
        blurredBackground(card.image, card.blur),
      ]);
      bg.src = blurred;
      bg.style.filter = "none";
      await bg.decode();
      const canvas = await html2canvas(node, {
        width: SIZE,
        height: SIZE,
        scale: 1,
        logging: false,
        // On a narrow screen the card is drawn smaller: the copy is laid out at full size.
        windowWidth: Math.max(window.innerWidth, SIZE + 64),
        onclone: (_doc: Document, clone: HTMLElement) => {
          clone.style.width = `${SIZE}px`;
          clone.style.height = `${SIZE}px`;
        },
      });
      const link = document.createElement("a");
      link.download = `social-card-${props.postId}.png`;
      link.href = canvas.toDataURL("image/png");
      link.click();
    } catch (error) {
      console.error("Social card export failed", error); // docs/behaviour.md §posts: logged only
    } finally {
      bg.src = original.src;
      bg.style.filter = original.filter;
      setBusy(false);
    }
  }

  return (
    <section className="social-card-section" aria-labelledby="social-card-heading">
      <h2 id="social-card-heading">Social card</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a narrow screen, so a keyboard must reach it */}
      <section className="social-card-frame" aria-label="Social card preview" tabIndex={0}>
        <div className="social-card" ref={cardRef} data-testid="social-card">
          <img
            className="social-card-bg"
            src={card.image}
            alt=""
            width={SIZE}
            height={SIZE}
            style={{ filter: `blur(${card.blur}px)` }}
          />
          <SocialCardText
            siteName={props.siteName}
            name={card.name}
            description={card.description}
          />
        </div>
      </section>
      {hydrated ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={download}
          disabled={busy}
        >
          {busy ? "Preparing…" : "Download PNG"}
        </button>
      ) : (
        <p className="muted">Turn on JavaScript to download the card as an image.</p>
      )}
    </section>
  );
}

/** The card's words over its background: the site, the name (cut at 50 characters), the description. */
export function SocialCardText(props: { siteName: string; name: string; description: string }) {
  return (
    <div className="social-card-text">
      <p className="social-card-site">{props.siteName}</p>
      <p className="social-card-name">{truncateCardName(props.name)}</p>
      <p className="social-card-description">{props.description}</p>
    </div>
  );
}
