type MotorbikeProps = {
  /** Where the bike's local (0,0) goes; the bike is about 210 × 130 units before scaling. */
  x: number;
  y: number;
  scale?: number;
  body: string;
  accent: string;
  /** Dark parts: tyres, engine, rider's jacket. */
  ink: string;
  rider?: boolean;
  headlight?: boolean;
  flip?: boolean;
};

/** A stylised side-view motorbike (optionally with a rider), drawn for the home-page banners. */
export function Motorbike({
  x,
  y,
  scale = 1,
  body,
  accent,
  ink,
  rider = true,
  headlight,
  flip,
}: MotorbikeProps) {
  const transform = flip
    ? `translate(${x + 210 * scale} ${y}) scale(${-scale} ${scale})`
    : `translate(${x} ${y}) scale(${scale})`;
  return (
    <g transform={transform}>
      {headlight && <path d="M176 62 L300 40 L300 104 Z" fill="#fff7d6" opacity="0.25" />}
      <ellipse cx="105" cy="128" rx="100" ry="6" fill="#000" opacity="0.25" />
      <Wheel cx={42} cy={98} ink={ink} />
      <Wheel cx={168} cy={98} ink={ink} />
      <path d="M42 98 L98 88" stroke={ink} strokeWidth="7" strokeLinecap="round" />
      <path d="M168 98 L148 40" stroke="#9ca3af" strokeWidth="6" strokeLinecap="round" />
      <path d="M60 104 L112 100 L124 92" stroke="#d1d5db" strokeWidth="6" fill="none" strokeLinecap="round" />
      <path d="M84 70 L120 68 L126 96 L92 100 Z" fill={ink} />
      <path d="M92 78 h26 M94 86 h26" stroke="#6b7280" strokeWidth="2" />
      <path d="M70 58 L140 50 L150 62 L118 72 L84 74 Z" fill={body} />
      <path d="M92 50 Q112 30 140 40 L146 56 L96 60 Z" fill={body} />
      <path d="M100 46 Q116 36 134 42" stroke={accent} strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M20 56 L66 50 L92 52 L88 60 L30 64 Z" fill={ink} />
      <path d="M14 52 L36 56 L30 64 L12 60 Z" fill={body} />
      <path d="M24 82 Q42 62 62 82" stroke={body} strokeWidth="5" fill="none" />
      <path d="M150 78 Q168 60 186 78" stroke={body} strokeWidth="5" fill="none" />
      <path d="M146 38 L132 30" stroke={ink} strokeWidth="5" strokeLinecap="round" />
      <circle cx="156" cy="50" r="7" fill="#fde68a" stroke={ink} strokeWidth="2" />
      <circle cx="12" cy="57" r="3" fill="#ef4444" />
      {rider && (
        <g>
          <path d="M66 52 L92 58 L110 84 L100 88 L84 66 L62 60 Z" fill="#1e3a5f" />
          <path d="M60 54 Q66 20 96 12 L108 18 Q86 32 86 56 Z" fill={ink} />
          <path d="M96 18 L132 30" stroke={ink} strokeWidth="8" strokeLinecap="round" />
          <circle cx="104" cy="2" r="13" fill={accent} />
          <path d="M106 -4 h12 v8 h-12 Z" fill="#0f172a" opacity="0.7" />
          <path d="M100 86 L112 92" stroke="#111827" strokeWidth="7" strokeLinecap="round" />
        </g>
      )}
    </g>
  );
}

function Wheel({ cx, cy, ink }: { cx: number; cy: number; ink: string }) {
  return (
    <g>
      <circle cx={cx} cy={cy} r="26" fill="none" stroke={ink} strokeWidth="9" />
      <circle cx={cx} cy={cy} r="18" fill="none" stroke="#9ca3af" strokeWidth="2" />
      <circle cx={cx} cy={cy} r="5" fill="#9ca3af" />
    </g>
  );
}
