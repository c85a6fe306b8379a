import { useEffect, useState } from "react";
import { CheckField, ImageField, LabeledInput, NumberField } from "~/components/admin/fields";
import { SocialCardText } from "~/components/social-card";
import {
  CARD_DESCRIPTION_MAX,
  DEFAULT_CARD_BLUR,
  limitCardDescription,
} from "~/domain/posts/fields";

/** The social card's values as the form opens (the post's, or what a refused save sent). */
export type SocialCardInitial = {
  cardOn: boolean;
  cardName: string;
  cardDescription: string;
  cardBlur: string;
};

/**
 * Add/Edit Post's Social Card fields (docs/behaviour.md §posts): on or off, name, description
 * (counted as typed), background image (or removing the stored one), blur, and with JavaScript a
 * live preview drawn like the public card.
 */
export function SocialCardFields({
  initial,
  storedImage,
  siteName,
  hydrated,
}: {
  initial: SocialCardInitial;
  storedImage: string;
  siteName: string;
  hydrated: boolean;
}) {
  const [cardOn, setCardOn] = useState(initial.cardOn);
  const [cardName, setCardName] = useState(initial.cardName);
  const [cardDescription, setCardDescription] = useState(initial.cardDescription);
  const [cardBlur, setCardBlur] = useState(initial.cardBlur);
  const [cardFile, setCardFile] = useState<string | null>(null);
  const [removeCardImage, setRemoveCardImage] = useState(false);
  // A chosen background is previewed from the file itself.
  useEffect(() => () => void (cardFile && URL.revokeObjectURL(cardFile)), [cardFile]);
  const cardImage = cardFile ?? (removeCardImage ? "" : storedImage);
  const blurNumber = Number(cardBlur);

  return (
    <fieldset className="admin-panel social-card-fields">
      <legend>Social Card</legend>
      <CheckField
        label="Add a social card (optional)"
        name="socialCard"
        checked={cardOn}
        onChange={(e) => setCardOn(e.target.checked)}
      />
      <LabeledInput
        label="Card name"
        type="text"
        name="cardName"
        value={cardName}
        onChange={(e) => setCardName(e.target.value)}
        maxLength={200}
      />
      <label htmlFor="card-description">Card description</label>
      <textarea
        id="card-description"
        name="cardDescription"
        rows={3}
        maxLength={CARD_DESCRIPTION_MAX}
        value={cardDescription}
        onChange={(e) => setCardDescription(limitCardDescription(e.target.value))}
        aria-describedby="card-description-count"
      />
      <p id="card-description-count" className="hint" aria-live="polite">
        {hydrated
          ? `${cardDescription.length} / ${CARD_DESCRIPTION_MAX} characters`
          : `Up to ${CARD_DESCRIPTION_MAX} characters; line breaks count as spaces.`}
      </p>
      <ImageField
        label="Background image"
        name="cardImage"
        onChange={(e) => {
          const file = e.target.files?.[0];
          setCardFile(file ? URL.createObjectURL(file) : null);
        }}
      />
      {storedImage ? (
        <CheckField
          label="Remove background image"
          name="removeCardImage"
          checked={removeCardImage}
          onChange={(e) => setRemoveCardImage(e.target.checked)}
        />
      ) : null}
      <NumberField
        label="Blur"
        name="cardBlur"
        min={0}
        max={50}
        value={cardBlur}
        onChange={(e) => setCardBlur(e.target.value)}
      />
      {hydrated && cardOn ? (
        <div
          className="card-preview"
          aria-label="Social card preview"
          role="img"
          // Scrollable when wider than the screen, so it must take focus (axe).
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs keyboard access
          tabIndex={0}
        >
          <div className="social-card" data-testid="social-card-preview">
            {cardImage ? (
              <img
                className="social-card-bg"
                src={cardImage}
                alt=""
                style={{
                  filter: `blur(${Number.isFinite(blurNumber) ? blurNumber : DEFAULT_CARD_BLUR}px)`,
                }}
              />
            ) : null}
            <SocialCardText siteName={siteName} name={cardName} description={cardDescription} />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
