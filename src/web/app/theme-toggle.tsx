import { Moon, Sun } from "lucide-react";
import { useTexts } from "#web/lib/i18n.tsx";
import { useTheme } from "#web/lib/theme.ts";
import { SHELL_TEXT } from "#web/texts/shell.ts";

/**
 * Light or dark. An icon in the top bar; in the phone's menu (`labelled`) a button that says what it
 * does, since below sm the top bar has no room for it beside the language, Messages and the bell.
 */
export function ThemeToggle({
  labelled = false,
  className = "",
}: {
  labelled?: boolean;
  className?: string;
}) {
  const T = useTexts(SHELL_TEXT).shell;
  const { theme, toggle } = useTheme();
  const label = theme === "dark" ? T.toLightTheme : T.toDarkTheme;
  const icon =
    theme === "dark" ? (
      <Sun className="size-5" aria-hidden="true" />
    ) : (
      <Moon className="size-5" aria-hidden="true" />
    );
  if (labelled) {
    return (
      <button type="button" className={`btn btn-ghost btn-sm justify-start ${className}`} onClick={toggle}>
        {icon}
        {label}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-circle ${className}`}
      onClick={toggle}
      aria-label={label}
      title={label}
    >
      {icon}
    </button>
  );
}
