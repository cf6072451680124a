/**
 * The popunder embed for an affiliate's own site: self-contained inline JavaScript (nothing is loaded
 * from the network's servers) that opens the tracking link in a new window on the visitor's first click,
 * once per browser session, and keeps the visitor's page in front where the browser allows it.
 */
export function popCode(link: string, code: string): string {
  // JSON.stringify makes both values safe JavaScript strings; `<` is escaped so no value can close the script element.
  const js = (v: string) => JSON.stringify(v).replace(/</g, '\\u003c');
  return [
    '<script>',
    '(function () {',
    `  var url = ${js(link)}, key = ${js(`pop_${code}`)};`,
    '  try { if (sessionStorage.getItem(key)) return; } catch (e) {}',
    '  function pop() {',
    '    document.removeEventListener("click", pop, true);',
    '    try { sessionStorage.setItem(key, "1"); } catch (e) {}',
    '    var w = window.open(url, "_blank");',
    '    if (w) { try { w.blur(); window.focus(); } catch (e) {} }',
    '  }',
    '  document.addEventListener("click", pop, true);',
    '})();',
    '</script>',
  ].join('\n');
}
