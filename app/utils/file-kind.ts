/**
 * How the media library shows a file: a thumbnail for the raster images a
 * browser displays (the types uploads accept as images), otherwise a file
 * badge with a short type label ("PDF", "DOCX", …). Shared by server and client.
 */
const THUMBNAIL_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  // Uploads refuse SVG; the only SVGs listed are the demo's shipped illustrations and photos,
  // and an <img> never runs what an SVG holds.
  "image/svg+xml",
]);

const LABELS: Record<string, string> = {
  "application/pdf": "PDF",
  "application/zip": "ZIP",
  "text/plain": "TXT",
  "text/csv": "CSV",
};

export function hasThumbnail(mimeType: string | null | undefined): boolean {
  return Boolean(mimeType && THUMBNAIL_TYPES.has(mimeType.toLowerCase()));
}

/** A short label for a file that has no thumbnail: by type, else by extension, else "File". */
export function fileTypeLabel(mimeType: string | null | undefined, name: string): string {
  const known = mimeType ? LABELS[mimeType.toLowerCase()] : undefined;
  if (known) return known;
  const ext = /\.([a-z0-9]{1,5})$/i.exec(name.trim())?.[1];
  return ext ? ext.toUpperCase() : "File";
}
