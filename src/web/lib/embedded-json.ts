/**
 * The JSON a page carried in `<script type="application/json" id={elementId}>` (src/server/plugins/spa.ts
 * writes it, docs/architecture.md#performance), once: the element is removed, so a later screen never
 * takes data from an old page. Undefined when the page carries none (signed out, a page the service
 * worker gave without the network) or it does not parse. The caller knows the shape: the server wrote it
 * from the same contract its call answers.
 */
export function takeEmbeddedJson<T>(elementId: string): T | undefined {
  const element = document.getElementById(elementId);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as T;
  } catch {
    return undefined;
  }
}
