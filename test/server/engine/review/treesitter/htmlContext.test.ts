// The page context after a prefix of HTML: where an escaper is valid depends on it.
import assert from 'node:assert/strict';
import { htmlContext } from '../../../../../server/src/engine/review/treesitter/htmlContext';

describe('htmlContext', () => {
  it('tells text, comments, tag and attribute names apart', () => {
    assert.equal(htmlContext('<p>Hello '), 'text');
    assert.equal(htmlContext('<!-- note '), 'comment');
    assert.equal(htmlContext('<!-- a --> <b>'), 'text');
    assert.equal(htmlContext('<'), 'tag-name');
    assert.equal(htmlContext('<di'), 'tag-name');
    assert.equal(htmlContext('<div '), 'attr-name');
    assert.equal(htmlContext('<div id="a" '), 'attr-name');
    assert.equal(htmlContext('<a href="/x">link</a> and '), 'text');
  });

  it('tells quoted, unquoted, URL, style and event handler attribute values apart', () => {
    assert.equal(htmlContext('<div id="'), 'attr-dq');
    assert.equal(htmlContext("<div title='a "), 'attr-sq');
    assert.equal(htmlContext('<div id='), 'attr-unquoted');
    assert.equal(htmlContext('<a href="'), 'url-attr');
    assert.equal(htmlContext('<a href="/search?q='), 'attr-dq');
    assert.equal(htmlContext('<span style="color: '), 'css');
    assert.equal(htmlContext('<div onclick="go(\''), 'js-attr-string');
    assert.equal(htmlContext('<div onclick="x = '), 'js');
  });

  it('follows script and style blocks, and the strings inside scripts', () => {
    assert.equal(htmlContext('<script>\nvar a = '), 'js');
    assert.equal(htmlContext('<script>var a = "'), 'js-string-dq');
    assert.equal(htmlContext("<script>var a = 'it\\'s "), 'js-string-sq');
    assert.equal(htmlContext("<script>var a = 'x'; // it's\n"), 'js');
    assert.equal(htmlContext("<script>setTimeout('"), 'js');
    assert.equal(htmlContext('<script>var a = 1;</script><p>'), 'text');
    assert.equal(htmlContext('<style>body { color: '), 'css');
    assert.equal(htmlContext('<style>p {}</style>'), 'text');
  });
});
