/**
 * The widget's styles, inside its shadow root: the host page's CSS cannot reach in, and these
 * rules cannot reach out. `:host { all: initial }` also stops inherited properties (font,
 * colour, line height) from leaking in. The chatbot's colours arrive as custom properties
 * set on the root element (--bubble, --bubble-text, --user, --user-text).
 *
 * Two sheets: the launcher's, parsed before the launcher is drawn, and the window's, parsed
 * only when the window is first built, so a page shows its launcher sooner (bench: widget).
 */
export const LAUNCHER_CSS = `
:host { all: initial; }
.root {
  --panel: #fff; --text: #1a1b1e; --muted: #55585e; --bot: #f1f3f5; --border: #ced4da; --focus: #1864ab;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text);
}
@media (prefers-color-scheme: dark) {
  .root { --panel: #1f2023; --text: #f1f3f5; --muted: #b4b7bd; --bot: #2c2e33; --border: #4a4d52; --focus: #74c0fc; }
}
.root[data-scheme="light"] { --panel: #fff; --text: #1a1b1e; --muted: #55585e; --bot: #f1f3f5; --border: #ced4da; --focus: #1864ab; }
.root[data-scheme="dark"] { --panel: #1f2023; --text: #f1f3f5; --muted: #b4b7bd; --bot: #2c2e33; --border: #4a4d52; --focus: #74c0fc; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
button, textarea { font: inherit; }
:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.launcher, .window { position: fixed; z-index: 2147483000; }
.root[data-placement="frame"] .launcher, .root[data-placement="frame"] .window { position: absolute; }
.launcher {
  bottom: 20px; width: 56px; height: 56px; border-radius: 50%; border: 0; padding: 0; cursor: pointer;
  background: var(--bubble); color: var(--bubble-text); box-shadow: 0 4px 14px rgb(0 0 0 / 25%);
  display: grid; place-items: center; overflow: hidden;
}
.launcher img { width: 100%; height: 100%; object-fit: cover; }
.launcher svg { width: 28px; height: 28px; }
.root[data-side="right"] .launcher { right: 20px; }
.root[data-side="left"] .launcher { left: 20px; }
`;

export const WINDOW_CSS = `
.window {
  bottom: 88px; width: min(380px, calc(100% - 24px)); height: min(600px, calc(100% - 108px));
  display: flex; flex-direction: column; background: var(--panel); color: var(--text);
  border-radius: 14px; box-shadow: 0 8px 30px rgb(0 0 0 / 30%); overflow: hidden; border: 1px solid var(--border);
}
.root[data-placement="page"] .window { width: min(380px, calc(100vw - 24px)); height: min(600px, calc(100vh - 108px)); }
.root[data-side="right"] .window { right: 12px; }
.root[data-side="left"] .window { left: 12px; }
header { display: flex; align-items: center; gap: 10px; padding: 10px 12px; background: var(--bubble); color: var(--bubble-text); }
header img { width: 36px; height: 36px; border-radius: 50%; object-fit: cover; flex: none; background: rgb(255 255 255 / 40%); }
header h2 { flex: 1; min-width: 0; margin: 0; font-size: 15px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
header button { background: transparent; color: inherit; border: 1px solid currentColor; border-radius: 999px; padding: 2px 10px; cursor: pointer; font-size: 12px; }
header button.close { border: 0; font-size: 22px; line-height: 1; padding: 2px 8px; }
header :focus-visible { outline-color: currentColor; }
.log { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 10px; }
.message { display: flex; flex-direction: column; align-items: flex-start; max-width: 85%; }
.message.visitor { align-self: flex-end; align-items: flex-end; }
.bubble { padding: 8px 12px; border-radius: 12px; background: var(--bot); overflow-wrap: anywhere; }
.visitor .bubble { background: var(--user); color: var(--user-text); border: 1px solid var(--border); white-space: pre-wrap; }
.notice .bubble { background: transparent; border: 1px dashed var(--border); }
.bubble p { margin: 0 0 6px; } .bubble p:last-child { margin: 0; }
.bubble ul, .bubble ol { margin: 0 0 6px; padding-left: 18px; }
.bubble a { color: inherit; text-decoration: underline; }
.bubble code { font-family: ui-monospace, monospace; font-size: 13px; }
time { font-size: 11px; color: var(--muted); margin-top: 2px; }
.chips { display: flex; flex-wrap: wrap; gap: 6px; padding: 0 12px 8px; }
.chips button { border: 1px solid var(--bubble); background: var(--panel); color: var(--text); border-radius: 999px; padding: 4px 10px; cursor: pointer; font-size: 13px; text-align: left; }
.privacy { margin: 0 12px 8px; font-size: 12px; color: var(--muted); }
.privacy a { color: var(--text); }
form { display: flex; gap: 6px; align-items: flex-end; padding: 8px 10px; border-top: 1px solid var(--border); }
textarea { flex: 1; min-width: 0; resize: none; max-height: 96px; border: 1px solid var(--border); border-radius: 10px; padding: 7px 10px; background: var(--panel); color: var(--text); }
/* As tall as what is typed, or as the placeholder while empty, up to four lines; see growWithText for browsers without it. */
textarea { field-sizing: content; min-height: 36px; }
textarea::placeholder { color: var(--muted); opacity: 1; }
form button { flex: none; width: 36px; height: 36px; border-radius: 50%; border: 0; background: var(--bubble); color: var(--bubble-text); cursor: pointer; display: grid; place-items: center; }
form button:disabled { opacity: .6; cursor: default; }
form svg { width: 18px; height: 18px; }
.tray { list-style: none; margin: 0; padding: 8px 10px 0; display: flex; flex-wrap: wrap; gap: 6px; border-top: 1px solid var(--border); }
.tray li { display: flex; align-items: center; gap: 4px; min-width: 0; border: 1px solid var(--border); border-radius: 8px; padding: 2px 2px 2px 4px; font-size: 12px; }
.tray img { width: 28px; height: 28px; object-fit: cover; border-radius: 4px; flex: none; }
.tray span { max-width: 120px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tray button { border: 0; background: transparent; color: var(--text); cursor: pointer; font-size: 18px; line-height: 1; min-width: 28px; min-height: 28px; }
.status { margin: 0 12px; font-size: 12px; color: var(--muted); }
.status:not(:empty) { margin: 6px 12px 0; }
form button.attach, form button.mic { background: transparent; color: var(--text); border: 1px solid var(--border); }
form button.mic[aria-pressed="true"] { background: #c92a2a; color: #fff; border-color: #c92a2a; }
.files { display: flex; flex-wrap: wrap; gap: 4px; white-space: normal; }
.files.after-text { margin-top: 6px; }
.files img { display: block; max-width: 160px; max-height: 120px; border-radius: 8px; }
.file { font-size: 12px; font-style: italic; }
.social { display: flex; gap: 12px; justify-content: center; padding: 0 10px 8px; font-size: 12px; }
.social a { color: var(--text); }
`;
