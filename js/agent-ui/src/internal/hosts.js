import { show, text } from "./dom.js";

/** What a nested element reads from the elements around it; only they load it, so a first load does not. */

/** The first thing `read` finds on an element's hosts, inside out: the chat around a card knows its bot. */
export function fromHosts(node, read) {
  for (let host = node.getRootNode().host; host; host = host.getRootNode().host) {
    const found = read(host);
    if (found) return found;
  }
  return null;
}

/** A tool's title in the bot's language, as /config.json lists it; its name where none is known. */
export function toolTitle(node, tool) {
  const named = (host) => host.bot?.capabilities?.find?.((capability) => capability?.tool === tool);
  return text(fromHosts(node, named)?.title) || show(tool);
}
