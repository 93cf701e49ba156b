/**
 * Motorbike illustrations drawn in SVG, one silhouette family per category and a colour per
 * listing. Rendered by sharp and pushed through the normal upload pipeline, like any photo.
 */
type Shape = {
  wheel: number;
  /** Extra lift of the frame above the wheels (off-road, adventure). */
  lift: number;
  wheelbase: number;
  knobby?: boolean;
  fairing?: "full" | "half" | "none" | "scooter";
  seat: "flat" | "step" | "cruiser" | "cafe";
  extras?: ("topbox" | "panniers" | "bolt" | "bigtank" | "roundlamp" | "highfender")[];
};

const shapes: Record<string, Shape> = {
  commuter: { wheel: 92, lift: 0, wheelbase: 560, fairing: "none", seat: "flat" },
  sports: { wheel: 96, lift: 0, wheelbase: 560, fairing: "full", seat: "step" },
  "naked-sports": { wheel: 96, lift: 0, wheelbase: 550, fairing: "none", seat: "step", extras: ["bigtank"] },
  adventure: { wheel: 104, lift: 40, wheelbase: 590, fairing: "half", seat: "flat", extras: ["panniers"] },
  "cafe-racer": { wheel: 94, lift: 0, wheelbase: 560, fairing: "none", seat: "cafe", extras: ["roundlamp"] },
  cruiser: { wheel: 92, lift: -20, wheelbase: 640, fairing: "none", seat: "cruiser", extras: ["roundlamp"] },
  touring: {
    wheel: 98,
    lift: 10,
    wheelbase: 610,
    fairing: "half",
    seat: "flat",
    extras: ["topbox", "panniers"],
  },
  "off-road": {
    wheel: 104,
    lift: 60,
    wheelbase: 570,
    knobby: true,
    fairing: "none",
    seat: "flat",
    extras: ["highfender"],
  },
  scooters: { wheel: 70, lift: 0, wheelbase: 520, fairing: "scooter", seat: "flat" },
  "dirt-bikes": {
    wheel: 100,
    lift: 70,
    wheelbase: 540,
    knobby: true,
    fairing: "none",
    seat: "flat",
    extras: ["highfender"],
  },
  electric: { wheel: 74, lift: 0, wheelbase: 530, fairing: "scooter", seat: "flat", extras: ["bolt"] },
  others: { wheel: 90, lift: 0, wheelbase: 560, fairing: "none", seat: "flat", extras: ["roundlamp"] },
};

const backdrops = [
  ["#fde68a", "#fb923c"],
  ["#bae6fd", "#6366f1"],
  ["#bbf7d0", "#0d9488"],
  ["#fecdd3", "#be123c"],
  ["#e9d5ff", "#7c3aed"],
  ["#fef3c7", "#a16207"],
];

function wheel(cx: number, cy: number, r: number, knobby: boolean): string {
  const knobs = knobby
    ? Array.from({ length: 24 }, (_, i) => {
        const a = (i / 24) * Math.PI * 2;
        return `<circle cx="${(cx + Math.cos(a) * r).toFixed(1)}" cy="${(cy + Math.sin(a) * r).toFixed(1)}" r="9" fill="#111827"/>`;
      }).join("")
    : "";
  const spokes = Array.from({ length: 6 }, (_, i) => {
    const a = (i / 6) * Math.PI;
    const dx = Math.cos(a) * (r - 26);
    const dy = Math.sin(a) * (r - 26);
    return `<line x1="${(cx - dx).toFixed(1)}" y1="${(cy - dy).toFixed(1)}" x2="${(cx + dx).toFixed(1)}" y2="${(cy + dy).toFixed(1)}" stroke="#9ca3af" stroke-width="5"/>`;
  }).join("");
  return `${knobs}<circle cx="${cx}" cy="${cy}" r="${r}" fill="#111827"/><circle cx="${cx}" cy="${cy}" r="${r - 20}" fill="#374151"/>${spokes}<circle cx="${cx}" cy="${cy}" r="16" fill="#d1d5db"/>`;
}

/**
 * How the bike is seen: from its right side (the cover), from its left (the drawing mirrored), or
 * close up on the tank and engine, as a seller's second and third photos would be.
 */
export type BikeView = "side" | "other-side" | "close";

/** The part of the drawing each view shows (4:3, rendered at 1280×960 either way). */
const viewBoxes: Record<BikeView, string> = {
  side: "160 240 960 720",
  "other-side": "160 240 960 720",
  close: "370 380 600 450",
};

/** A 1280×960 picture of a bike of `category` painted `colour`, on backdrop `variant`, seen from `view`. */
export function bikeSvg(category: string, colour: string, variant: number, view: BikeView = "side"): string {
  const s = shapes[category] ?? shapes.others!;
  const [sky, sun] = backdrops[variant % backdrops.length]!;
  const groundY = 760;
  const cy = groundY - s.wheel;
  const rearX = 640 - s.wheelbase / 2;
  const frontX = 640 + s.wheelbase / 2;
  const top = cy - 150 - s.lift;
  const parts: string[] = [];

  // rear swingarm and front fork
  parts.push(
    `<path d="M${rearX} ${cy} L${rearX + 170} ${cy - 40 - s.lift / 2}" stroke="#4b5563" stroke-width="18" stroke-linecap="round"/>`,
  );
  parts.push(
    `<path d="M${frontX} ${cy} L${frontX - 70} ${top - 20}" stroke="#9ca3af" stroke-width="16" stroke-linecap="round"/>`,
  );
  // engine block
  if (s.fairing !== "scooter") {
    parts.push(
      `<rect x="${rearX + 170}" y="${cy - 90 - s.lift / 2}" width="170" height="110" rx="18" fill="#6b7280"/>`,
    );
    parts.push(
      `<path d="M${rearX + 180} ${cy + 10} q120 40 240 -10" stroke="#d1d5db" stroke-width="10" fill="none"/>`,
    );
    if (s.extras?.includes("bolt")) parts.push("");
  }
  // frame, tank, seat
  if (s.fairing === "scooter") {
    parts.push(
      `<path d="M${rearX - 40} ${cy - 20} q40 -150 200 -150 h120 l40 130 h150 l70 -210 h40 l-60 250 h-560 z" fill="${colour}"/>`,
    );
    parts.push(`<rect x="${rearX + 40}" y="${cy - 205}" width="200" height="38" rx="18" fill="#1f2937"/>`);
    parts.push(`<path d="M${frontX - 40} ${top - 30} q40 -10 60 20 l-10 200 h-60 z" fill="${colour}"/>`);
  } else {
    const tankW = s.extras?.includes("bigtank") ? 210 : 170;
    parts.push(
      `<path d="M${rearX + 120} ${top + 70} L${frontX - 110} ${top + 10} L${rearX + 330} ${cy - 60 - s.lift / 2} Z" fill="none" stroke="#374151" stroke-width="14" stroke-linejoin="round"/>`,
    );
    parts.push(
      `<path d="M${frontX - 110 - tankW} ${top + 30} q${tankW / 2} -70 ${tankW} -20 l10 70 q-${tankW / 2} 30 -${tankW + 10} 20 z" fill="${colour}"/>`,
    );
    const seatX = frontX - 110 - tankW;
    if (s.seat === "cruiser") {
      parts.push(
        `<path d="M${seatX - 190} ${top + 60} q90 40 190 -10 l0 40 q-110 40 -200 0 z" fill="#1f2937"/>`,
      );
    } else if (s.seat === "cafe") {
      parts.push(
        `<path d="M${seatX - 170} ${top + 40} h170 v30 h-170 z" fill="#1f2937"/><path d="M${seatX - 200} ${top + 20} q20 -10 40 20 v30 h-40 z" fill="${colour}"/>`,
      );
    } else if (s.seat === "step") {
      parts.push(
        `<path d="M${seatX - 200} ${top + 10} l90 30 h110 v26 h-130 z" fill="#1f2937"/><path d="M${seatX - 240} ${top - 10} l60 10 l-20 40 h-50 z" fill="${colour}"/>`,
      );
    } else {
      parts.push(`<rect x="${seatX - 210}" y="${top + 34}" width="214" height="32" rx="14" fill="#1f2937"/>`);
      parts.push(`<path d="M${seatX - 240} ${top + 60} h230 v24 h-250 z" fill="${colour}" opacity="0.85"/>`);
    }
    if (s.fairing === "full") {
      parts.push(
        `<path d="M${frontX - 40} ${top - 40} q90 60 40 200 l-190 40 q-30 -120 40 -220 z" fill="${colour}"/><path d="M${frontX - 40} ${top - 40} l40 -40 l30 60 z" fill="#93c5fd" opacity="0.8"/>`,
      );
    } else if (s.fairing === "half") {
      parts.push(
        `<path d="M${frontX - 70} ${top - 50} q80 30 50 120 l-90 10 z" fill="${colour}"/><path d="M${frontX - 70} ${top - 50} l20 -60 l40 50 z" fill="#93c5fd" opacity="0.8"/>`,
      );
    }
  }
  // handlebar and headlamp
  parts.push(
    `<path d="M${frontX - 90} ${top - 40} h70" stroke="#111827" stroke-width="12" stroke-linecap="round"/>`,
  );
  const lamp = s.extras?.includes("roundlamp")
    ? `<circle cx="${frontX - 40}" cy="${top + 5}" r="30" fill="#fef08a" stroke="#9ca3af" stroke-width="8"/>`
    : `<path d="M${frontX - 50} ${top - 5} l45 10 l-10 25 l-40 -8 z" fill="#fef08a"/>`;
  parts.push(lamp);
  if (s.extras?.includes("topbox"))
    parts.push(`<rect x="${rearX - 70}" y="${top - 10}" width="130" height="90" rx="16" fill="#374151"/>`);
  if (s.extras?.includes("panniers"))
    parts.push(`<rect x="${rearX - 40}" y="${cy - 110}" width="150" height="100" rx="14" fill="#4b5563"/>`);
  if (s.extras?.includes("highfender"))
    parts.push(
      `<path d="M${frontX - 80} ${top + 30} q70 -20 140 30" stroke="${colour}" stroke-width="18" fill="none" stroke-linecap="round"/>`,
    );
  if (s.extras?.includes("bolt"))
    parts.push(`<path d="M${640} ${cy - 160} l-40 80 h40 l-30 70 l80 -100 h-44 l30 -50 z" fill="#fde047"/>`);

  // Mirrored about x = 640, the middle of the 160…1120 view.
  const mirror = view === "other-side" ? ' transform="translate(1280 0) scale(-1 1)"' : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960" viewBox="${viewBoxes[view]}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient>
  </defs>
  <g${mirror}>
  <rect width="1280" height="960" fill="url(#sky)"/>
  <circle cx="${980 - (variant % 3) * 260}" cy="210" r="120" fill="${sun}" opacity="0.35"/>
  <path d="M0 ${groundY - 120} q320 -90 640 -20 t640 -30 V${groundY} H0 z" fill="${sun}" opacity="0.18"/>
  <rect y="${groundY}" width="1280" height="${960 - groundY}" fill="#9ca3af"/>
  <path d="M0 ${groundY + 90} H1280" stroke="#f9fafb" stroke-width="10" stroke-dasharray="70 50"/>
  <ellipse cx="640" cy="${groundY + 6}" rx="${s.wheelbase / 2 + 140}" ry="22" fill="#111827" opacity="0.25"/>
  ${wheel(rearX, cy, s.wheel, !!s.knobby)}
  ${wheel(frontX, cy, s.wheel, !!s.knobby)}
  ${parts.join("\n  ")}
  </g>
</svg>`;
}
