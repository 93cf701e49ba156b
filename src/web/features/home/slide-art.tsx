import type { ReactNode } from "react";
import { Motorbike } from "./motorbike-art.tsx";

/*
 * Banner artwork, drawn here rather than downloaded: no photo rights to clear, no extra requests,
 * and it scales from a phone to a wide screen. Each scene is 1200 × 500 and is cropped to fit
 * (`slice`), so the subject sits in the middle third, which every screen width shows.
 */

function Scene({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 1200 500"
      preserveAspectRatio="xMidYMid slice"
      className="absolute inset-0 h-full w-full"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** Dhaka at dusk: skyline, a mosque, a rickshaw and a rider heading home. */
export function DhakaDuskArt() {
  return (
    <Scene>
      <defs>
        <linearGradient id="mh-dusk-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1e1b4b" />
          <stop offset="0.45" stopColor="#7c3aed" />
          <stop offset="0.75" stopColor="#f97316" />
          <stop offset="1" stopColor="#fbbf24" />
        </linearGradient>
      </defs>
      <rect width="1200" height="500" fill="url(#mh-dusk-sky)" />
      <circle cx="820" cy="300" r="70" fill="#fde68a" opacity="0.9" />
      <g fill="#312e81" opacity="0.75">
        <rect x="0" y="220" width="70" height="160" />
        <rect x="80" y="180" width="60" height="200" />
        <rect x="150" y="240" width="90" height="140" />
        <rect x="250" y="200" width="50" height="180" />
        <rect x="960" y="210" width="70" height="170" />
        <rect x="1040" y="170" width="60" height="210" />
        <rect x="1110" y="230" width="90" height="150" />
      </g>
      <g fill="#1e1b4b">
        <rect x="310" y="250" width="80" height="130" />
        <rect x="400" y="210" width="55" height="170" />
        <path d="M560 300 Q600 236 640 300 Z" />
        <rect x="548" y="300" width="104" height="80" />
        <rect x="532" y="250" width="10" height="130" />
        <path d="M527 252 L537 226 L547 252 Z" />
        <rect x="658" y="250" width="10" height="130" />
        <path d="M653 252 L663 226 L673 252 Z" />
        <rect x="700" y="260" width="70" height="120" />
        <rect x="880" y="240" width="70" height="140" />
      </g>
      <g fill="#fcd34d" opacity="0.85">
        <rect x="320" y="266" width="10" height="10" />
        <rect x="344" y="290" width="10" height="10" />
        <rect x="366" y="266" width="10" height="10" />
        <rect x="410" y="232" width="10" height="10" />
        <rect x="430" y="270" width="10" height="10" />
        <rect x="712" y="280" width="10" height="10" />
        <rect x="740" y="310" width="10" height="10" />
        <rect x="892" y="262" width="10" height="10" />
        <rect x="920" y="300" width="10" height="10" />
      </g>
      <rect x="0" y="380" width="1200" height="120" fill="#292524" />
      <path d="M0 436 H1200" stroke="#fbbf24" strokeWidth="5" strokeDasharray="46 34" />
      <g transform="translate(330 330)">
        <circle cx="14" cy="52" r="14" fill="none" stroke="#0c0a09" strokeWidth="4" />
        <circle cx="74" cy="52" r="14" fill="none" stroke="#0c0a09" strokeWidth="4" />
        <path d="M40 0 Q70 -6 86 20 L86 34 L40 34 Z" fill="#0d9488" />
        <path d="M14 52 L44 38 L86 38 L74 52" stroke="#0c0a09" strokeWidth="4" fill="none" />
        <path d="M14 52 L0 24" stroke="#0c0a09" strokeWidth="4" />
      </g>
      <Motorbike x={590} y={300} scale={0.95} body="#dc2626" accent="#facc15" ink="#111827" headlight />
    </Scene>
  );
}

/** Morning in Sylhet's tea gardens: rolling green hills and a touring bike on a winding road. */
export function TeaGardenArt() {
  return (
    <Scene>
      <defs>
        <linearGradient id="mh-tea-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#38bdf8" />
          <stop offset="1" stopColor="#e0f2fe" />
        </linearGradient>
      </defs>
      <rect width="1200" height="500" fill="url(#mh-tea-sky)" />
      <circle cx="300" cy="110" r="46" fill="#fef9c3" />
      <g fill="#fff" opacity="0.85">
        <ellipse cx="760" cy="90" rx="70" ry="18" />
        <ellipse cx="810" cy="76" rx="44" ry="20" />
        <ellipse cx="1020" cy="130" rx="60" ry="14" />
      </g>
      <path d="M0 260 Q200 170 420 240 T860 220 T1200 230 V500 H0 Z" fill="#4d7c0f" />
      <path d="M0 320 Q260 240 560 300 T1200 290 V500 H0 Z" fill="#65a30d" />
      <g stroke="#365314" strokeWidth="6" fill="none" strokeLinecap="round" opacity="0.6">
        <path d="M0 350 Q260 290 560 336 T1200 326" />
        <path d="M0 380 Q260 320 560 366 T1200 356" />
        <path d="M0 410 Q260 350 560 396 T1200 386" />
      </g>
      <path d="M0 500 V440 Q300 420 600 436 T1200 424 V500 Z" fill="#57534e" />
      <path
        d="M0 472 Q300 452 600 468 T1200 456"
        stroke="#fafaf9"
        strokeWidth="4"
        strokeDasharray="30 26"
        fill="none"
      />
      <g fill="#166534">
        <path d="M140 250 l18 -60 l18 60 Z" />
        <path d="M1000 232 l20 -70 l20 70 Z" />
        <path d="M1040 236 l14 -50 l14 50 Z" />
      </g>
      <Motorbike x={520} y={340} scale={0.9} body="#0f766e" accent="#f59e0b" ink="#1c1917" />
    </Scene>
  );
}

/** A rainy monsoon night in the city: street lamps, shop signs and reflections on a wet road. */
export function MonsoonNightArt() {
  return (
    <Scene>
      <defs>
        <linearGradient id="mh-night-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#020617" />
          <stop offset="1" stopColor="#1e3a8a" />
        </linearGradient>
        <radialGradient id="mh-night-lamp">
          <stop offset="0" stopColor="#fde68a" stopOpacity="0.8" />
          <stop offset="1" stopColor="#fde68a" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1200" height="500" fill="url(#mh-night-sky)" />
      <g fill="#0f172a">
        <rect x="0" y="170" width="180" height="230" />
        <rect x="190" y="130" width="120" height="270" />
        <rect x="860" y="150" width="150" height="250" />
        <rect x="1020" y="190" width="180" height="210" />
      </g>
      <rect x="30" y="220" width="110" height="30" rx="4" fill="#ec4899" />
      <rect x="210" y="180" width="80" height="26" rx="4" fill="#22d3ee" />
      <rect x="890" y="200" width="96" height="28" rx="4" fill="#a3e635" />
      <rect x="1050" y="240" width="120" height="30" rx="4" fill="#f97316" />
      {[420, 780].map((lx) => (
        <g key={lx}>
          <circle cx={lx} cy="170" r="90" fill="url(#mh-night-lamp)" />
          <rect x={lx - 4} y="170" width="8" height="230" fill="#334155" />
          <circle cx={lx} cy="170" r="12" fill="#fef3c7" />
        </g>
      ))}
      <rect x="0" y="400" width="1200" height="100" fill="#111827" />
      <g opacity="0.35">
        <rect x="412" y="410" width="16" height="80" fill="#fde68a" opacity="0.6" />
        <rect x="772" y="410" width="16" height="80" fill="#fde68a" opacity="0.6" />
        <rect x="40" y="410" width="90" height="40" fill="#ec4899" />
        <rect x="1060" y="410" width="110" height="40" fill="#f97316" />
      </g>
      <g stroke="#bfdbfe" strokeWidth="2" opacity="0.45" strokeLinecap="round">
        {Array.from({ length: 48 }, (_, i) => {
          const rx = (i * 137) % 1200;
          const ry = (i * 71) % 380;
          return <path key={`${rx}-${ry}`} d={`M${rx} ${ry} l-10 26`} />;
        })}
      </g>
      <Motorbike x={500} y={330} scale={0.9} body="#2563eb" accent="#e5e7eb" ink="#020617" headlight />
    </Scene>
  );
}

/** The marine drive at Cox's Bazar at sunset: sea, sand, palms and a bike by the water. */
export function CoastRoadArt() {
  return (
    <Scene>
      <defs>
        <linearGradient id="mh-coast-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#be185d" />
          <stop offset="0.6" stopColor="#fb923c" />
          <stop offset="1" stopColor="#fde68a" />
        </linearGradient>
        <linearGradient id="mh-coast-sea" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0e7490" />
          <stop offset="1" stopColor="#155e75" />
        </linearGradient>
      </defs>
      <rect width="1200" height="500" fill="url(#mh-coast-sky)" />
      <circle cx="600" cy="270" r="80" fill="#fef08a" />
      <rect x="0" y="270" width="1200" height="90" fill="url(#mh-coast-sea)" />
      <g stroke="#fef08a" strokeWidth="4" opacity="0.6" strokeLinecap="round">
        <path d="M540 290 h120 M560 310 h80 M580 330 h40" />
      </g>
      <path d="M0 350 Q300 334 600 352 T1200 346 V500 H0 Z" fill="#fcd34d" />
      <rect x="0" y="410" width="1200" height="90" fill="#44403c" />
      <path d="M0 456 H1200" stroke="#fafaf9" strokeWidth="4" strokeDasharray="40 30" />
      {[
        { px: 130, h: 200 },
        { px: 230, h: 150 },
        { px: 1010, h: 210 },
        { px: 1100, h: 160 },
      ].map(({ px, h }) => (
        <g key={px} fill="#3f1d0b">
          <path
            d={`M${px} 410 Q${px + 20} ${410 - h / 2} ${px + 10} ${410 - h}`}
            stroke="#3f1d0b"
            strokeWidth="10"
            fill="none"
          />
          <path
            d={`M${px + 10} ${410 - h} q-60 -10 -80 30 q40 -30 80 -30 q-30 -40 -70 -30 q50 -10 70 30 q30 -40 80 -30 q-50 0 -80 30 q70 -10 80 30 q-30 -40 -80 -30 Z`}
          />
        </g>
      ))}
      <Motorbike x={470} y={318} scale={0.95} body="#ea580c" accent="#0ea5e9" ink="#1c1917" />
    </Scene>
  );
}
