/** The shop's mark: a stylised hexacopter seen from above. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#174ba8" />
      <g stroke="#ffffff" strokeWidth="2" strokeLinecap="round">
        <path d="M16 16 L16 6 M16 16 L24.7 11 M16 16 L24.7 21 M16 16 L16 26 M16 16 L7.3 21 M16 16 L7.3 11" />
      </g>
      <g fill="#7cc4ff">
        {[
          [16, 6],
          [24.7, 11],
          [24.7, 21],
          [16, 26],
          [7.3, 21],
          [7.3, 11],
        ].map(([x, y]) => (
          <circle key={`${x}-${y}`} cx={x} cy={y} r="2.6" />
        ))}
      </g>
      <circle cx="16" cy="16" r="3.5" fill="#ffffff" />
    </svg>
  )
}
