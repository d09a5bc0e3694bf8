// The explanation view's script: renders the explanation the extension posts (as text nodes only)
// and asks the extension to reveal a document line when an entry is clicked. It keeps the last
// explanation in the webview state, so the view survives being hidden and shown again.
// @ts-check
(function () {
  const vscode = acquireVsCodeApi(); // provided by the VS Code webview host
  const root = /** @type {HTMLElement} */ (document.getElementById('root'));

  /** @param {string} tag @param {string} [className] @param {string} [text] */
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /**
   * Text whose `code` spans (Markdown backticks, as the engine writes them) become <code> elements;
   * still text nodes only, never HTML.
   * @param {string} tag @param {string | undefined} className @param {string} text
   */
  function prose(tag, className, text) {
    const node = el(tag, className);
    String(text)
      .split(/`([^`\n]+)`/)
      .forEach((part, i) => {
        if (i % 2 === 1) node.append(el('code', undefined, part));
        else if (part) node.append(document.createTextNode(part));
      });
    return node;
  }

  /** @param {number} line */
  function reveal(line) {
    vscode.postMessage({ type: 'reveal', line });
  }

  /** @param {number} line */
  function lineLink(line) {
    const link = el('a', 'line-link', `line ${line}`);
    link.setAttribute('href', '#');
    link.addEventListener('click', (event) => {
      event.preventDefault();
      reveal(line);
    });
    return link;
  }

  /** @param {string} title */
  function section(title) {
    const wrapper = el('section');
    wrapper.append(el('h2', undefined, title));
    return wrapper;
  }

  function render(result) {
    root.replaceChildren();
    const header = el('header');
    header.append(prose('h1', undefined, `Explanation of ${result.title}`));
    header.append(el('p', 'muted', `Lines ${result.startLine}–${result.endLine} · ${result.languageId}`));
    const levels = el('div', 'levels');
    levels.setAttribute('role', 'group');
    levels.setAttribute('aria-label', 'Detail level');
    for (const level of ['brief', 'standard', 'detailed']) {
      const button = el('button', level === result.detailLevel ? 'level active' : 'level', level);
      button.setAttribute('type', 'button');
      button.setAttribute('aria-pressed', String(level === result.detailLevel));
      button.addEventListener('click', () => vscode.postMessage({ type: 'detail', level }));
      levels.append(button);
    }
    header.append(levels);
    root.append(header);

    const summary = section('Summary');
    summary.classList.add('summary');
    for (const paragraph of String(result.explanation.summary).split(/\n+/)) {
      if (!paragraph.trim()) continue;
      const partial = /^Partial explanation|^The breakdown is limited/.test(paragraph);
      summary.append(prose('p', partial ? 'note' : undefined, paragraph));
    }
    root.append(summary);

    const breakdown = section('Line by line');
    const list = el('ol', 'breakdown');
    for (const entry of result.explanation.breakdown) {
      const item = el('li');
      const button = el('button');
      button.setAttribute('type', 'button');
      button.setAttribute('title', `Reveal line ${entry.line} in the editor`);
      button.append(el('span', 'line-number', String(entry.line)));
      button.append(el('span', 'code', entry.code));
      button.append(prose('span', 'explanation', entry.explanation));
      button.addEventListener('click', () => reveal(entry.line));
      item.append(button);
      list.append(item);
    }
    if (result.explanation.breakdown.length === 0)
      breakdown.append(el('p', 'muted', 'No statements to explain.'));
    else breakdown.append(list);
    root.append(breakdown);

    const concepts = section('Concepts');
    if (result.explanation.concepts.length === 0)
      concepts.append(el('p', 'muted', 'No notable concepts found.'));
    else {
      const tags = el('ul', 'concepts');
      for (const concept of result.explanation.concepts) tags.append(el('li', undefined, concept));
      concepts.append(tags);
    }
    root.append(concepts);

    const performance = section('Performance');
    performance.append(prose('p', 'performance', result.explanation.performance_impact));
    const measured = result.units.filter((unit) => unit.complexity);
    if (measured.length > 0) {
      const table = el('table');
      const head = el('tr');
      for (const title of ['Unit', 'Time', 'Where']) head.append(el('th', undefined, title));
      table.append(head);
      for (const unit of measured) {
        const row = el('tr');
        row.append(el('td', 'code', unit.name));
        row.append(el('td', 'code', unit.complexity));
        const where = el('td');
        where.append(lineLink(unit.line));
        row.append(where);
        table.append(row);
      }
      performance.append(table);
    }
    if (result.sideEffects.length > 0) {
      const effects = el('ul');
      for (const effect of result.sideEffects) {
        const item = prose('li', undefined, `${effect.kind}: ${effect.what} — `);
        item.append(lineLink(effect.line));
        effects.append(item);
      }
      performance.append(el('h3', undefined, 'Side effects'), effects);
    }
    root.append(performance);
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (message && message.type === 'explanation') {
      vscode.setState({ result: message.result });
      render(message.result);
    }
  });

  const saved = vscode.getState();
  if (saved && saved.result) render(saved.result);
  vscode.postMessage({ type: 'ready' });
})();
