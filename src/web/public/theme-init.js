(() => {
  try {
    const saved = localStorage.getItem("motohaat-theme");
    const theme =
      saved === "dark" || saved === "light"
        ? saved
        : window.matchMedia("(prefers-color-scheme: dark)").matches
          ? "dark"
          : "light";
    document.documentElement.dataset.theme = theme;
  } catch {
    // Storage blocked: keep the default light theme.
  }
})();
