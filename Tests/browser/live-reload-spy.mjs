// What the serve test and the save-to-reload benchmark both need to see a page's
// live-reload stream: every EventSource the page opens is kept on the window, so a
// probe can wait until the stream is open before the file is saved.

/** Page script (Page.addScriptToEvaluateOnNewDocument) that keeps every EventSource. */
export const keepEventSources = `(() => {
    const Original = window.EventSource;
    window.__skelsiteSources = [];
    window.EventSource = function (url, init) {
      const source = new Original(url, init);
      window.__skelsiteSources.push(source);
      return source;
    };
  })();`;

/** Expression: true once the page's live-reload stream is open. */
export const streamOpen = `(window.__skelsiteSources ?? []).some((s) => s.url.endsWith('/__skelsite/events') && s.readyState === 1)`;
