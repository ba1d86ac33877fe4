// What ProseMirror (the lesson editor's engine) measures and jsdom does not lay out: ranges have no
// client rectangles there. Empty rectangles stand in (the tests never look at positions).
const emptyRect = () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) });
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;

if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = emptyRect as unknown as () => DOMRect;
}
if (!document.elementFromPoint) document.elementFromPoint = () => null;
