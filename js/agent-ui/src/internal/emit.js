/** Every event the package dispatches goes through here, so all are prefixed and cross shadow roots. */

const PREFIX = "stalwart-";

/**
 * Dispatches `stalwart-<name>` from `target`, bubbling and composed, so a page listening on the
 * document hears an element nested in another element's shadow root.
 * @param {EventTarget} target
 * @param {string} name the name without its prefix, in kebab case
 * @param {unknown} detail
 */
export function emit(target, name, detail) {
  const event = new CustomEvent(PREFIX + name, {
    bubbles: true,
    composed: true,
    cancelable: false,
    detail,
  });
  target.dispatchEvent(event);
  return event;
}
