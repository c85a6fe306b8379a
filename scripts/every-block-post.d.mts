/** Types of every-block-post.mjs. */
export const RICH: string;
export const PLAIN: string;
export function textLength(html: string): number;
