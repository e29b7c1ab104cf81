/**
 * A thumb up (or down): drawn, not an emoji, so it shows on systems without a colour emoji font.
 * Decorative: the button or badge around it carries the words.
 */
export function ThumbIcon({ direction, className = "size-4" }: { direction: "up" | "down"; className?: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      className={`${className} ${direction === "down" ? "rotate-180" : ""}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3Z" />
      <path d="M7 10l4-7.5a2.2 2.2 0 0 1 3 2.6L13 9.5h6a2 2 0 0 1 2 2.4l-1.6 7.5a2 2 0 0 1-2 1.6H7" />
    </svg>
  );
}
