/*
 * A drawn window and door (inline SVG, no external image): the business at a glance. Colours
 * come from Bootstrap's CSS variables so the drawing follows the theme and dark mode.
 */
export default function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 320 240"
      role="img"
      aria-label="Illustration : une fenêtre et une porte sur mesure"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x="8" y="208" width="304" height="8" rx="4" fill="var(--bs-secondary-bg)" />
      {/* Window with two casements and a measuring tape above it */}
      <g>
        <rect
          x="24"
          y="56"
          width="148"
          height="120"
          rx="6"
          fill="var(--bs-body-bg)"
          stroke="var(--bs-primary)"
          strokeWidth="6"
        />
        <line x1="98" y1="56" x2="98" y2="176" stroke="var(--bs-primary)" strokeWidth="5" />
        <rect x="34" y="66" width="54" height="100" rx="2" fill="var(--bs-primary-bg-subtle)" />
        <rect x="108" y="66" width="54" height="100" rx="2" fill="var(--bs-primary-bg-subtle)" />
        <path d="M44 80 L70 80 L44 108 Z" fill="var(--bs-body-bg)" opacity="0.7" />
        <path d="M118 80 L144 80 L118 108 Z" fill="var(--bs-body-bg)" opacity="0.7" />
        <rect x="90" y="112" width="4" height="16" rx="2" fill="var(--bs-secondary-color)" />
        <rect x="102" y="112" width="4" height="16" rx="2" fill="var(--bs-secondary-color)" />
        <rect x="18" y="176" width="160" height="10" rx="3" fill="var(--bs-secondary-bg)" />
        <line x1="24" y1="36" x2="172" y2="36" stroke="var(--bs-warning)" strokeWidth="3" />
        <line x1="24" y1="28" x2="24" y2="44" stroke="var(--bs-warning)" strokeWidth="3" />
        <line x1="172" y1="28" x2="172" y2="44" stroke="var(--bs-warning)" strokeWidth="3" />
        <rect x="74" y="24" width="48" height="20" rx="4" fill="var(--bs-warning)" />
        <text
          x="98"
          y="38"
          textAnchor="middle"
          fontSize="11"
          fontWeight="700"
          fill="var(--bs-dark)"
        >
          1480
        </text>
      </g>
      {/* Door */}
      <g>
        <rect
          x="204"
          y="40"
          width="92"
          height="168"
          rx="6"
          fill="var(--bs-body-bg)"
          stroke="var(--bs-primary)"
          strokeWidth="6"
        />
        <rect x="218" y="56" width="64" height="60" rx="3" fill="var(--bs-primary-bg-subtle)" />
        <rect
          x="218"
          y="128"
          width="64"
          height="64"
          rx="3"
          fill="var(--bs-tertiary-bg)"
          stroke="var(--bs-border-color)"
        />
        <circle cx="278" cy="128" r="5" fill="var(--bs-warning)" />
      </g>
      {/* Validation check: the order is on its way */}
      <circle cx="286" cy="44" r="20" fill="var(--bs-success)" />
      <path
        d="M276 44 L284 52 L297 36"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
