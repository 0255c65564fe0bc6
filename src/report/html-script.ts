/**
 * The HTML report's script, inlined in the page (plain ES2017, no library, nothing loaded):
 *
 * - heatmap cells show their pair's details (P_Comp, R_Comp, F_Comp, the counts, and the example
 *   items in their sentence context) on hover, on focus and on click or Enter, which also keeps
 *   the cell selected; arrow keys move between cells;
 * - sortable tables sort by a column when its header button is pressed (numbers numerically,
 *   other text alphabetically, empty keys last; pressing again reverses), with `aria-sort` set;
 * - the confusion matrices' system picker shows one system's matrix.
 *
 * Text from the inputs reaches the page only through `textContent`, never as markup.
 */
export const REPORT_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('complan-data').textContent);
  var pairs = data.heatmap.pairs;
  var items = data.heatmap.items;
  var lists = data.exampleLists;
  var detail = document.getElementById('pair-detail');

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function showPair(index) {
    var p = pairs[index];
    if (!p || !detail) return;
    detail.textContent = '';
    detail.appendChild(el('h3', null, 'What ' + p.b + ' offers ' + p.a));
    var dl = el('dl', 'figures');
    [['P_Comp', p.shown.pComp, p.bAvoidsCount + ' of ' + p.spuriousOfA + ' spurious items of ' + p.a + ' avoided by ' + p.b],
     ['R_Comp', p.shown.rComp, p.bFindsCount + ' of ' + p.missedByA + ' gold items ' + p.a + ' misses found by ' + p.b],
     ['F_Comp', p.shown.fComp, 'harmonic mean of P_Comp and R_Comp']].forEach(function (f) {
      dl.appendChild(el('dt', null, f[0]));
      var dd = el('dd');
      dd.appendChild(el('strong', 'value', f[1]));
      dd.appendChild(document.createTextNode(' — ' + f[2]));
      dl.appendChild(dd);
    });
    detail.appendChild(dl);
    var any = false;
    lists.forEach(function (l) {
      var ids = p.examples[l[0]] || [];
      if (ids.length === 0) return;
      any = true;
      detail.appendChild(el('h4', null, l[1].replace(/\bA\b/g, p.a).replace(/\bB\b/g, p.b)));
      var ul = el('ul', 'examples examples-' + l[0]);
      ids.forEach(function (k) {
        var it = items[k];
        var li = el('li', 'example');
        var ctx = el('span', 'context');
        ctx.appendChild(document.createTextNode(it.context[0] + (it.context[0] ? ' ' : '')));
        var mark = el('mark', null, it.context[1]);
        ctx.appendChild(mark);
        ctx.appendChild(document.createTextNode((it.context[2] ? ' ' : '') + it.context[2]));
        li.appendChild(ctx);
        li.appendChild(el('span', 'where', ' ' + (it.label === null ? '' : it.label + ', ') + 'document ' + it.doc + ', sentence ' + it.sentence));
        ul.appendChild(li);
      });
      detail.appendChild(ul);
    });
    if (!any) detail.appendChild(el('p', 'note', 'No example items for this pair.'));
  }

  var cells = Array.prototype.slice.call(document.querySelectorAll('#heatmap button.cell'));
  var selected = null;
  function select(cell) {
    if (selected) { selected.classList.remove('selected'); selected.setAttribute('aria-pressed', 'false'); }
    selected = cell;
    cell.classList.add('selected');
    cell.setAttribute('aria-pressed', 'true');
    showPair(Number(cell.getAttribute('data-pair')));
  }
  cells.forEach(function (cell) {
    cell.setAttribute('aria-pressed', 'false');
    cell.addEventListener('click', function () { select(cell); });
    cell.addEventListener('mouseenter', function () { showPair(Number(cell.getAttribute('data-pair'))); });
    cell.addEventListener('focus', function () { showPair(Number(cell.getAttribute('data-pair'))); });
    cell.addEventListener('mouseleave', function () { if (selected) showPair(Number(selected.getAttribute('data-pair'))); });
    cell.addEventListener('keydown', function (ev) {
      var dr = { ArrowUp: -1, ArrowDown: 1 }[ev.key] || 0;
      var dc = { ArrowLeft: -1, ArrowRight: 1 }[ev.key] || 0;
      if (!dr && !dc) return;
      ev.preventDefault();
      var r = Number(cell.getAttribute('data-row'));
      var c = Number(cell.getAttribute('data-col'));
      var n = data.heatmap.systems.length;
      for (var step = 0; step < n; step++) {
        r = (r + dr + n) % n;
        c = (c + dc + n) % n;
        var next = document.querySelector('#heatmap button.cell[data-row="' + r + '"][data-col="' + c + '"]');
        if (next) { next.focus(); return; }
      }
    });
  });

  function key(cell) { return cell.getAttribute('data-sort') || ''; }
  Array.prototype.forEach.call(document.querySelectorAll('table.sortable'), function (table) {
    var buttons = table.querySelectorAll('thead button.sort');
    Array.prototype.forEach.call(buttons, function (button) {
      button.addEventListener('click', function () {
        var col = Number(button.getAttribute('data-column'));
        var th = button.parentNode;
        var dir = th.getAttribute('aria-sort') === 'descending' ? 'ascending' : 'descending';
        Array.prototype.forEach.call(table.querySelectorAll('thead th'), function (h) { h.setAttribute('aria-sort', 'none'); });
        th.setAttribute('aria-sort', dir);
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var numeric = rows.some(function (r) { return key(r.cells[col]) !== ''; });
        rows.sort(function (x, y) {
          var a = key(x.cells[col]);
          var b = key(y.cells[col]);
          if (numeric) {
            if (a === '' || b === '') return a === b ? 0 : a === '' ? 1 : -1;
            var d = Number(a) - Number(b);
            return dir === 'ascending' ? d : -d;
          }
          var t = x.cells[col].textContent.localeCompare(y.cells[col].textContent);
          return dir === 'ascending' ? t : -t;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });

  var picker = document.getElementById('confusion-system');
  if (picker) {
    var show = function () {
      Array.prototype.forEach.call(document.querySelectorAll('.confusion'), function (c) {
        c.hidden = c.getAttribute('data-system') !== picker.value;
      });
    };
    picker.addEventListener('change', show);
    show();
  }
})();
`;
