import { Moon, Sun } from "lucide-react";
import { useTexts } from "#web/lib/i18n.tsx";
import { useTheme } from "#web/lib/theme.ts";
import { SHELL_TEXT } from "#web/texts/shell.ts";

export function ThemeToggle() {
  const T = useTexts(SHELL_TEXT).shell;
  const { theme, toggle } = useTheme();
  const label = theme === "dark" ? T.toLightTheme : T.toDarkTheme;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-circle"
      onClick={toggle}
      aria-label={label}
      title={label}
    >
      {theme === "dark" ? (
        <Sun className="size-5" aria-hidden="true" />
      ) : (
        <Moon className="size-5" aria-hidden="true" />
      )}
    </button>
  );
}
