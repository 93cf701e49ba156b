import sharp from "sharp";

/** Pictures drawn by the project (SVG rendered by sharp): no downloaded photos anywhere. */

/** A round avatar: a rider's silhouette in a helmet on a coloured background. No text, so no fonts needed. */
export function avatarSvg(background: string, helmet: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="#0f172a" stop-opacity="0.55"/>
  </linearGradient></defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  <path d="M60 400c10-90 70-140 140-140s130 50 140 140z" fill="#1e293b"/>
  <circle cx="200" cy="170" r="92" fill="${helmet}"/>
  <path d="M120 170a80 80 0 0 1 160 0v18H120z" fill="${helmet}" stroke="#0f172a" stroke-opacity="0.25" stroke-width="6"/>
  <rect x="128" y="160" width="144" height="44" rx="22" fill="#0f172a" fill-opacity="0.85"/>
  <rect x="146" y="170" width="60" height="10" rx="5" fill="#ffffff" fill-opacity="0.45"/>
</svg>`;
}

/** Our own SVG → PNG bytes, which then go through the same upload pipeline as any photo. */
export function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
