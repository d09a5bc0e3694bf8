// Browser sinks: navigation to the page's own address (safe) versus parts of it a link chooses, and
// jQuery parsing markup from input, each next to safe look-alikes (selectors, cheerio's `$`).
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';

function found(src: string, rule: string): number[] {
  return reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
    .filter((f) => f.rule === rule)
    .map((f) => f.line)
    .sort((a, b) => a - b);
}

describe('review taint: redirects to the page address', () => {
  it('does not report navigation to the page itself, only to parts a link chooses', () => {
    const src = [
      'window.location = document.location.href;',
      "location.href = location.href.split('#')[0] + '#top';",
      'const url = document.URL;',
      "window.location = url.substring(url.indexOf('?') + 1);",
      "top.location = url.split('next=')[1];",
      'window.location = String(location.href).slice(0, 20);',
      'parent.location.href = location.hash.slice(1);',
      "location.assign(url.replace(/^.*next=/, ''));",
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/open-redirect'), [4, 5, 7, 8]);
  });
});

describe('review taint: jQuery HTML sinks', () => {
  it('reports markup parsed by jQuery from input, not selectors or cheerio', () => {
    const src = [
      'const hash = location.hash.slice(1);',
      '$(hash);',
      "$('#' + hash);",
      "$('<div>' + hash + '</div>');",
      "const list = $('#list');",
      'list.append(hash);',
      'list.text(hash);',
      '$.parseHTML(hash);',
      "$('.box').wrap(hash);",
      'function server(html, req) {',
      '  const $ = cheerio.load(html);',
      '  $(req.query.sel);',
      '}',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/xss'), [2, 4, 6, 8, 9]);
  });
});

describe('review taint: HTML through element properties', () => {
  it('reports createElement dangerouslySetInnerHTML and srcdoc with input, not constants', () => {
    const src = [
      'const q = location.search.slice(1);',
      "React.createElement('div', { dangerouslySetInnerHTML: { __html: q } });",
      "React.createElement('div', { dangerouslySetInnerHTML: { __html: '<b>hi</b>' } });",
      'frame.srcdoc = q;',
      "frame.srcdoc = '<p>static</p>';",
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/xss'), [2, 4]);
  });
});

describe('review taint: framework trust calls and jQuery navigation', () => {
  it('reports input marked as trusted HTML or navigated to through jQuery, not constants', () => {
    const src = [
      'const q = decodeURIComponent(location.hash.slice(1));',
      '$sce.trustAsHtml(q);',
      "$sce.trustAsHtml('<b>ok</b>');",
      'new Handlebars.SafeString(q);',
      'Ember.String.htmlSafe(q);',
      'document.createRange().createContextualFragment(q);',
      "$(location).attr('href', q);",
      "$(location).attr('href', '/home');",
      "$('#link').attr('title', q);",
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/xss'), [2, 4, 5, 6]);
    assert.deepEqual(found(src, 'codewright/open-redirect'), [7]);
  });
});

describe('review taint: local aliases of the location object', () => {
  it('reports navigation through a variable holding the location, not after it is reassigned', () => {
    const src = [
      'function a() { const loc = document.location; loc.href = loc.hash.slice(1); }',
      'function b() { const loc = window.location; loc.assign(location.hash.slice(1)); }',
      'function c() { let loc = window.location; loc = link; loc.href = location.hash.slice(1); }',
      'function d() { const loc = window.location; loc.hash = location.hash; }',
      'function e() { const target = window.history; target.href = location.hash.slice(1); }',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/open-redirect'), [1, 2]);
  });
});

describe('review taint: markup removed from input, library string helpers', () => {
  it('does not report input whose every < was removed or escaped, except inside a tag or for other sinks', () => {
    const src = [
      'const h = location.hash;',
      "el.innerHTML = h.replace(/</g, '&lt;');",
      "el.innerHTML = '<b>' + h.replace(/[<>]/g, '') + '</b>';",
      "el.innerHTML = '<img src=\"' + h.replace(/</g, '') + '\">';",
      "el.innerHTML = h.replace(/>/g, '');",
      "el.innerHTML = h.replace(/</, '');",
      'el.innerHTML = h.replace(/</g, h);',
      "window.location = h.replace(/[<>]/g, '');",
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/xss'), [4, 5, 6, 7]);
    assert.deepEqual(found(src, 'codewright/open-redirect'), [8]);
  });

  it('passes input through jQuery and lodash string helpers, not through their escapes', () => {
    const src = [
      'const h = location.hash;',
      'el.innerHTML = $.trim(h);',
      'el.innerHTML = _.toLower(h);',
      'el.innerHTML = _.escape(h);',
      "el.innerHTML = _.get({ a: h }, 'a');",
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/xss'), [2, 3, 5]);
  });
});

describe('review taint: other navigations and script URLs', () => {
  it('reports legacy navigations, protocol or host writes, workers, script and iframe sources', () => {
    const src = [
      'const target = location.hash.substring(1);',
      'window.navigate(target);',
      'showModalDialog(target);',
      'location.protocol = target;',
      'location.hostname = target;',
      'new Worker(target);',
      "const script = document.createElement('script');",
      "script.setAttribute('src', target);",
      "const frame = document.createElement('iframe');",
      'frame.src = target;',
      "const img = document.createElement('img');",
      'img.src = target;',
      "img.setAttribute('src', target);",
      "script.setAttribute('type', target);",
      "location.protocol = 'https:';",
      "new Worker('/worker.js');",
      "angular.module('app').controller('C', function ($location) {",
      '  $location.url(location.hash.substring(1));',
      "  $location.url('/home');",
      '});',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/open-redirect'), [2, 3, 4, 5, 6, 8, 10, 18]);
  });
});

describe('review taint: attribute names and event handlers', () => {
  it('reports input naming an attribute or given to an event handler, and window.document.write', () => {
    const src = [
      'const q = location.search.substring(1);',
      "const el = document.getElementById('out');",
      "el.setAttribute(q, 'x');",
      "el.setAttribute('onclick', q);",
      "el.setAttribute('title', q);",
      "el.setAttribute('onclick', 'go()');",
      'window.document.write(q);',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/xss'), [3, 4, 7]);
  });
});

describe('review taint: the page fragment as a jQuery selector, AngularJS inputs', () => {
  it('does not report $(location.hash) as read (it starts with #), only text cut from it', () => {
    const src = [
      '$(location.hash).addClass("active");',
      '$(window.location.hash);',
      'const tab = location.hash;',
      '$(tab).show();',
      '$(location.hash.substring(1));',
      "$('<p>' + location.hash + '</p>');",
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/xss'), [5, 6]);
  });

  it('takes $location.search()/hash() and $routeParams as input, not $location.path() or other services', () => {
    const src = [
      "angular.module('app').controller('Ctrl', function ($scope, $location, $sce, $routeParams, $http) {",
      '  $scope.a = $sce.trustAsHtml($location.search().q);',
      '  $scope.b = $sce.trustAsHtml($location.hash());',
      '  $scope.c = $sce.trustAsHtml($routeParams.title);',
      "  $location.search('page', 2);",
      "  document.getElementById('t').innerHTML = $location.path().length;",
      '  $scope.d = $sce.trustAsHtml($http.defaults.title);',
      '});',
    ].join('\n');
    const tainted = reviewJavaScript(src, 'javascript', { checkTypes: ['security'] }).filter(
      (f) => f.rule === 'codewright/xss' && f.severity === 'high',
    );
    assert.deepEqual(
      tainted.map((f) => f.line),
      [2, 3, 4],
    );
  });
});

describe('review taint: AngularJS $window and JSX script sources', () => {
  it('treats $window as the window for navigations and sources, and JSX script/iframe src as a sink', () => {
    const src = [
      "angular.module('app').controller('Nav', function ($window, $routeParams) {",
      '  $window.location.href = $routeParams.next;',
      '  $window.open($window.location.hash.substring(1));',
      "  $window.location.href = '/home';",
      "  $window.open('/help#' + $routeParams.topic);",
      '});',
      'function Embed() {',
      '  const url = location.hash.slice(1);',
      '  return (<div>',
      '    <script src={url} />',
      '    <iframe src={url} />',
      '    <img src={url} />',
      "    <iframe src={'/embed/' + url} />",
      '  </div>);',
      '}',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/open-redirect'), [2, 3, 10, 11]);
  });
});

describe('review taint: jQuery targets and AngularJS elements', () => {
  it('reports input as a jQuery target or any append argument, and angular.element, not selectors or DOM calls', () => {
    const src = [
      'const q = location.search.substring(1);',
      "$('<li>item</li>').appendTo(q);",
      "$('<li>item</li>').insertAfter('#' + q);",
      "$('<li>item</li>').prependTo('.list');",
      "$('#box').append('<b>fixed</b>', q);",
      'angular.element(q);',
      'angular.element(document.body);',
      "const list = document.getElementById('list');",
      'list.insertBefore(document.createTextNode(q), list.firstChild);',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/xss'), [2, 5, 6]);
  });
});
