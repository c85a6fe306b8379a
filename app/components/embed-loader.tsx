import { useEffect } from "react";

/**
 * The reader's consent step for embed cards (docs/behaviour.md §embeds): reveals each card's
 * "Load content from …" button and, on a click, adds the provider's HTML (kept in an inert
 * `<template>`) to the page. Nothing of the provider's is requested before.
 *
 * The page's Content-Security-Policy names its embeds' origins (docs/decisions/233-embed-csp.md),
 * and a document keeps the policy it was loaded with: after a navigation inside the app the
 * document is still the first page's, so the click reloads this page and then loads the card.
 */
const PENDING = "ik-embed-load";

function loadCard(figure: HTMLElement) {
  const template = figure.querySelector<HTMLTemplateElement>("template.ik-embed-html");
  const placeholder = figure.querySelector<HTMLElement>(".ik-embed-placeholder");
  if (!template || !placeholder) return;
  const frame = document.createElement("div");
  frame.className = "ik-embed-frame";
  frame.tabIndex = -1;
  frame.append(document.importNode(template.content, true));
  // Scripts copied from a template do not run; fresh ones do.
  for (const old of frame.querySelectorAll("script")) {
    const script = document.createElement("script");
    if (old.src) script.src = old.src;
    script.async = true;
    script.charset = "utf-8";
    old.replaceWith(script);
  }
  placeholder.replaceWith(frame);
  template.remove();
  figure.dataset.embedLoaded = "true";
  frame.focus({ preventScroll: true });
}

function loadedHere(): boolean {
  const entry = performance.getEntriesByType("navigation")[0];
  if (!entry) return true;
  try {
    return new URL(entry.name).pathname === window.location.pathname;
  } catch {
    return true;
  }
}

export function EmbedLoader({ html }: { html: string }) {
  useEffect(() => {
    if (!html.includes("ik-embed-load")) return;
    const figures = [...document.querySelectorAll<HTMLElement>("figure.ik-embed")];
    const pending = sessionStorage.getItem(PENDING);
    const cleanups: (() => void)[] = [];
    for (const figure of figures) {
      const button = figure.querySelector<HTMLButtonElement>("button.ik-embed-load");
      if (!button) continue;
      if (pending && figure.dataset.embedUrl === pending) {
        sessionStorage.removeItem(PENDING);
        loadCard(figure);
        continue;
      }
      button.hidden = false;
      figure.querySelector<HTMLElement>(".ik-embed-privacy")?.removeAttribute("hidden");
      const onClick = () => {
        if (!loadedHere()) {
          sessionStorage.setItem(PENDING, figure.dataset.embedUrl ?? "");
          window.location.reload();
          return;
        }
        loadCard(figure);
      };
      button.addEventListener("click", onClick);
      cleanups.push(() => button.removeEventListener("click", onClick));
    }
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  }, [html]);
  return null;
}
