/** Imports nothing of the package, so a test decides what is imported and when. */

window.ready = true;
