// A table wider than the page scrolls sideways in its own frame (Material wraps it): that frame
// takes the keyboard's focus, so it can be scrolled without a mouse (WCAG 2.1.1; axe-core's
// scrollable-region-focusable).
function focusableTables() {
  for (const frame of document.querySelectorAll(".md-typeset__scrollwrap")) {
    if (frame.scrollWidth > frame.clientWidth) {
      frame.setAttribute("tabindex", "0");
      frame.setAttribute("role", "region");
      frame.setAttribute("aria-label", "table, scrolls sideways");
    } else {
      frame.removeAttribute("tabindex");
      frame.removeAttribute("role");
      frame.removeAttribute("aria-label");
    }
  }
}
document$.subscribe(focusableTables);
window.addEventListener("resize", focusableTables);
