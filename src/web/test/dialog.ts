/**
 * jsdom has no showModal()/close()/open on <dialog> yet: just enough of them for a dialog to open
 * and close in a test. Escape is a `cancel` event, which a test fires itself.
 */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === "function") return;
  Object.defineProperty(proto, "open", {
    configurable: true,
    get(this: HTMLDialogElement) {
      return this.hasAttribute("open");
    },
  });
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}
